/**
 * Errors of the project REST API, answered as PostgREST 12 does: JSON { code, message, details, hint } with
 * its HTTP statuses. PGRST codes for what the request got wrong; a database error keeps its SQLSTATE as the
 * code and gets the status PostgREST maps it to.
 */
import type { FastifyInstance } from 'fastify'
import { isDatabaseError } from '../errors'

export class RestError extends Error {
  constructor(
    readonly statusCode: number,
    /** 'PGRST100'…, or a SQLSTATE */
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
    this.name = 'RestError'
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

/** PGRST100: a query-string part that cannot be parsed (select, filter, order, logic tree, limit…). */
export const parseError = (message: string, details: string | null = null) => new RestError(400, 'PGRST100', message, details)

/** Headers (Range, Accept) or Prefer values that cannot be honoured. */
export const badRange = (message: string) => new RestError(416, 'PGRST103', message)

/** The HTTP status PostgREST gives a SQLSTATE (see its "HTTP status codes" table). */
export function statusOfSqlState(code: string, authenticatedAsAnon: boolean): number {
  if (code === '42501') return authenticatedAsAnon ? 401 : 403
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === '40001') return 409
  if (code === 'P0001') return 400
  if (code === '42883') return 404
  if (code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === '53400' || code === '53300') return 503
  if (code === '57014') return 500
  if (code === '28000' || code === '28P01') return 403
  if (code === '2D000' || code === '2F000' || code === '40P01') return 500
  if (code.startsWith('08')) return 503
  if (code.startsWith('09') || code.startsWith('0L') || code.startsWith('0P')) return 403
  if (code.startsWith('22') || code.startsWith('23')) return 400
  if (code.startsWith('25') || code.startsWith('2D') || code.startsWith('38') || code.startsWith('39') || code.startsWith('3B')) return 500
  if (code.startsWith('42')) return 400
  if (code.startsWith('53') || code.startsWith('54') || code.startsWith('55') || code.startsWith('57') || code.startsWith('58')) return 500
  if (code.startsWith('F0') || code.startsWith('HV') || code.startsWith('P0') || code.startsWith('XX')) return 500
  return 400
}

interface PgError {
  code: string
  message: string
  detail?: string
  hint?: string
}

/**
 * A database error as PostgREST answers it. `role` is who the request ran as: a permission error is 401 for
 * anon (sign in may help) and 403 for everyone else. A RAISE with SQLSTATE 'PTxyz' sets the status xyz.
 */
export function fromDatabase(e: unknown, role: string): unknown {
  if (!isDatabaseError(e)) return e
  const pg = e as unknown as PgError
  const custom = /^PT(\d{3})$/.exec(pg.code)
  const status = custom ? Number(custom[1]) : statusOfSqlState(pg.code, role === 'anon')
  return new RestError(status, pg.code, pg.message, pg.detail ?? null, pg.hint ?? null)
}

/** The REST scope's error handler: RestError as it is, database errors mapped, anything else as PostgREST's 500. */
export function installRestErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let e: unknown = error
    if (isDatabaseError(e)) e = fromDatabase(e, 'service_role')
    if (e instanceof RestError) {
      request.restErrorCode = e.code
      return reply.status(e.statusCode).type('application/json; charset=utf-8').send(e.toJSON())
    }
    const status = (error as { statusCode?: number }).statusCode
    if (typeof status === 'number' && status >= 400 && status < 500) {
      request.restErrorCode = 'PGRST102'
      return reply.status(status).send(new RestError(status, 'PGRST102', (error as Error).message).toJSON())
    }
    request.log.error(error)
    request.restErrorCode = 'PGRST000'
    return reply.status(500).send(new RestError(500, 'PGRST000', 'Internal server error').toJSON())
  })
}
