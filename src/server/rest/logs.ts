/**
 * The postgrest source: each REST request once answered: method, path, the schema and relation (or the
 * function, for /rpc) it was on, its filters (keys and operators, never the values), status, error code and
 * the caller's role. The handlers note what they resolved on the request as they go (the schema in
 * profileOf, the role in callerOf, the error code in the error handler), so logging adds no work of its own
 * but this one object.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LogSink } from '../logs/collector'
import { queryPairs } from './read-routes'

declare module 'fastify' {
  interface FastifyRequest {
    /** the schema a REST request was resolved to (Accept-Profile / Content-Profile, or the first exposed) */
    restSchema?: string
    /** the PGRST code or SQLSTATE a REST request was answered with */
    restErrorCode?: string
  }
}

/** Query keys that shape the answer rather than filter the rows (also on an embedded resource: `actors.order`). */
const NOT_FILTERS = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset'])
/** A logic tree's key: `or`, `not.and`, `actors.or` (its operator is the key's end). */
const LOGIC = /(?:^|\.)((?:not\.)?(?:and|or))$/
/** A filter value's operator: `not.eq.5` is not.eq, `fts(english).cat` fts(english), `eq(any).{1,2}` eq(any). */
const OPERATOR = /^(?:not\.)?[a-z]+(?:\([a-z_]+\))?(?=\.)/

/** `id=eq.5&not.or=(…)&select=*` → [{ column: 'id', operator: 'eq' }, { column: 'not.or', operator: 'not.or' }]. */
function filtersOf(request: FastifyRequest): { column: string; operator: string | null }[] {
  const out: { column: string; operator: string | null }[] = []
  for (const [key, value] of queryPairs(request)) {
    const last = key.slice(key.lastIndexOf('.') + 1)
    if (NOT_FILTERS.has(last)) continue
    const logic = LOGIC.exec(key)?.[1]
    // an RPC argument given in the query has no operator
    out.push({ column: key, operator: logic ?? OPERATOR.exec(value)?.[0] ?? null })
  }
  return out
}

export function installRestLogs(app: FastifyInstance, logs: LogSink): void {
  app.addHook('onResponse', (request, reply, done) => {
    const params = request.params as { relation?: string; fn?: string }
    const at = request.url.indexOf('?')
    const path = at < 0 ? request.url : request.url.slice(0, at)
    const status = reply.statusCode
    const schema = request.restSchema ?? null
    const target = params.fn ?? params.relation ?? null
    logs.record('postgrest', `${request.method} | ${status} | ${path}${target ? ` | ${schema ?? '?'}.${target}` : ''}`, {
      method: request.method,
      path,
      schema,
      relation: params.relation ?? null,
      function: params.fn ?? null,
      filters: at < 0 ? [] : filtersOf(request),
      status,
      error_code: request.restErrorCode ?? null,
      role: request.logRole ?? null,
      request_id: request.id,
    })
    done()
  })
}
