/**
 * Every error leaves the server as JSON { message, code } (code: the HTTP status); database errors add
 * pgCode and position (see ApiErrorBody in src/shared/api.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ApiErrorBody } from '../shared/api'

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const notFound = (message: string) => new HttpError(404, message)
export const forbidden = (message: string) => new HttpError(403, message)
/** No signed-in session (or a wrong automation token). */
export const unauthorized = (message: string) => new HttpError(401, message)
/** The request names a Host this studio does not answer for (DNS rebinding). */
export const misdirected = (message: string) => new HttpError(421, message)
export const tooManyRequests = (message: string) => new HttpError(429, message)
/** The database did not take the request in time (a query is holding it). */
export const serviceUnavailable = (message: string) => new HttpError(503, message)

/** zod's own wording for an issue, naming the field it is about. */
function fieldMessage(issue: z.core.$ZodRawIssue): string {
  const text = z.config().localeError?.(issue)
  const message = (typeof text === 'string' ? text : text?.message) ?? 'Invalid input'
  const path = issue.path?.join('.')
  return path ? `${path}: ${message}` : message
}

/**
 * Validates a body or query string; a bad one is a 400 whose message is the first issue: a message the
 * schema states (the spec's texts) as it is, zod's own ones prefixed with the field they are about.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: fieldMessage })
  if (result.success) return result.data
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid request')
}

interface DatabaseError extends Error {
  code: string
  severity: string
  position?: string | number
}

export function isDatabaseError(e: unknown): e is DatabaseError {
  const x = e as Partial<DatabaseError> | null
  return typeof x?.severity === 'string' && typeof x.code === 'string' && typeof x.message === 'string'
}

export function toErrorBody(error: unknown): ApiErrorBody {
  if (isDatabaseError(error)) {
    const position = Number(error.position)
    return { message: error.message, code: 400, pgCode: error.code, ...(position > 0 ? { position } : {}) }
  }
  const status = (error as FastifyError).statusCode
  if (typeof status === 'number' && status >= 400 && status < 600) {
    return { message: (error as Error).message, code: status }
  }
  return { message: (error as Error)?.message || 'Internal server error', code: 500 }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error)
    if (body.code >= 500) request.log.error(error)
    return reply.status(body.code).send(body)
  })
}
