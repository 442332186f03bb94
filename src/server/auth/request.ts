/**
 * Who an auth API request is: the project's apikey (as Supabase's gateway checks it), the user of its bearer
 * access token (bad_jwt when that token is forged, expired or another project's), and whether it is the
 * service role (the admin API).
 */
import type { FastifyRequest } from 'fastify'
import { projectByRef } from '../platform/projects'
import { TokenError, type Claims } from '../platform/keys'
import { AuthError, badJwt, noAuthorization, notAdmin, sessionNotFound } from './errors'
import type { Client } from './tokens'
import type { AuthService } from './service'
import { isUuid } from './users'

export type AuthRequest = FastifyRequest<{ Params: { ref: string; id?: string; factor_id?: string }; Querystring: Record<string, string | undefined>; Body: unknown }>

export const refOf = (req: AuthRequest) => projectByRef(req.params.ref).ref

export const clientOf = (req: FastifyRequest): Client => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
})

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1]

/** The body as an object (GoTrue answers bad_json otherwise). */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {}
  if (typeof body !== 'object' || Array.isArray(body)) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  return body as Record<string, unknown>
}

/** The role a token names, for the logs (a key without one acts as anon, as at the REST API). */
const roleOf = (claims: Claims): string => (typeof claims.role === 'string' && claims.role ? claims.role : 'anon')

async function verify(service: AuthService, ref: string, token: string): Promise<Claims> {
  try {
    return await service.keys.verify(ref, token)
  } catch (e) {
    if (e instanceof TokenError) throw badJwt(`invalid JWT: unable to parse or verify signature, ${e.message}`)
    throw e
  }
}

/** The project's apikey (or a bearer signed with its secret) must come with every call, as at Supabase's gateway. */
export async function requireApiKey(service: AuthService, req: AuthRequest): Promise<void> {
  const key = typeof req.headers.apikey === 'string' ? req.headers.apikey : bearerOf(req)
  if (!key) throw noAuthorization('No API key found in request')
  try {
    req.logRole = roleOf(await service.keys.verify(refOf(req), key))
  } catch (e) {
    if (e instanceof TokenError) throw new AuthError(401, 'no_authorization', 'Invalid API key')
    throw e
  }
}

export interface UserClaims extends Claims {
  sub: string
  session_id?: string
  aal?: string
}

/** The claims of the request's user access token; its session must still exist (403 session_not_found). */
export async function userClaims(service: AuthService, req: AuthRequest): Promise<UserClaims> {
  const token = bearerOf(req)
  if (!token) throw noAuthorization('This endpoint requires a valid Bearer token')
  const claims = await verify(service, refOf(req), token)
  if (!isUuid(claims.sub)) throw badJwt('invalid claim: missing sub claim')
  req.logRole = roleOf(claims)
  if (claims.session_id !== undefined) {
    if (!isUuid(claims.session_id)) throw sessionNotFound()
    const live = await service.db.query(
      'select 1 from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())',
      [claims.session_id, claims.sub],
    )
    if (!live.rows.length) throw sessionNotFound()
  }
  return claims as UserClaims
}

/** The admin API: the bearer must be a token of the project with role service_role (or supabase_admin). */
export async function requireAdmin(service: AuthService, req: AuthRequest): Promise<void> {
  const token = bearerOf(req)
  if (!token) throw noAuthorization('This endpoint requires a valid Bearer token')
  const claims = await verify(service, refOf(req), token)
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw notAdmin('User not allowed')
  req.logRole = roleOf(claims)
}
