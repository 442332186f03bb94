/**
 * Errors of the auth service, answered as GoTrue answers them. A client that sends
 * `X-Supabase-Api-Version: 2024-01-01` (auth-js does) gets `{ code: 'invalid_credentials', msg }` and the
 * version header back; one that does not, the legacy `{ code: 400, error_code, msg }`. auth-js reads either.
 * A weak password adds `weak_password: { reasons }`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MSG } from '../../shared/messages'
import { isDatabaseError } from '../errors'

export const API_VERSION = '2024-01-01'
export const API_VERSION_HEADER = 'x-supabase-api-version'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

const err = (status: number, code: string) => (message: string, extra?: Record<string, unknown>) => new AuthError(status, code, message, extra)

export const validationFailed = err(400, 'validation_failed')
export const badJson = err(400, 'bad_json')
export const badJwt = err(403, 'bad_jwt')
export const noAuthorization = err(401, 'no_authorization')
export const notAdmin = err(403, 'not_admin')
export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found')
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
export const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
export const userAlreadyExists = () => new AuthError(422, 'user_already_exists', 'User already registered')
export const emailNotConfirmed = () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
export const userBanned = () => new AuthError(400, 'user_banned', 'User is banned')
export const sessionNotFound = () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
export const refreshTokenNotFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
export const refreshTokenUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
export const rateLimited = (message = 'Request rate limit reached') => new AuthError(429, 'over_request_rate_limit', message)
export const emailRateLimited = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
export const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
export const signupDisabled = () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
export const emailProviderDisabled = () => new AuthError(422, 'email_provider_disabled', 'Email logins are disabled')
export const anonymousDisabled = () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
export const invalidEmail = () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
export const samePassword = () => new AuthError(422, 'same_password', 'New password should be different from the old password.')
export const mfaNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
export const notFoundPath = (path: string) => new AuthError(404, 'not_found', `Not found: ${path}`)

/** Writes an AuthError (or what Fastify or the database threw) as GoTrue's JSON. */
export function sendAuthError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const e = toAuthError(error)
  const versioned = (request.headers[API_VERSION_HEADER] ?? '') >= API_VERSION
  if (versioned) reply.header(API_VERSION_HEADER, API_VERSION)
  const body = versioned ? { code: e.code, msg: e.message, ...e.extra } : { code: e.status, error_code: e.code, msg: e.message, ...e.extra }
  return reply.code(e.status).type('application/json').send(body)
}

export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error
  const fe = error as Partial<FastifyError> | null
  if (fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return badJson(`Could not parse request body as JSON: ${fe.message}`)
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AuthError(413, 'request_too_large', fe.message ?? 'Request body too large')
  if (fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AuthError(415, 'validation_failed', fe.message ?? 'Unsupported media type')
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AuthError(fe.statusCode, fe.statusCode === 429 ? 'over_request_rate_limit' : 'validation_failed', fe.message ?? 'Bad request')
  }
  if (fe?.statusCode === 503) return new AuthError(503, 'request_timeout', fe.message ?? MSG.databaseBusy(0))
  if (isDatabaseError(error)) return new AuthError(500, 'unexpected_failure', 'Database error')
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure')
}

export function installAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const e = toAuthError(error)
    if (e.status >= 500) request.log.error(error)
    return sendAuthError(request, reply, e)
  })
  app.setNotFoundHandler((request, reply) => sendAuthError(request, reply, notFoundPath(request.url.split('?')[0] ?? '')))
}
