/**
 * GET, HEAD and POST /rest/v1/rpc/{function}, as PostgREST 12 answers them: the overload is chosen by the
 * argument names (rpc-resolve.ts), called in named notation (rpc-sql.ts) as the caller, in a read-only
 * transaction for GET/HEAD and for stable or immutable functions (a volatile one that writes is then
 * refused by Postgres: 405 with SQLSTATE 25006). A function returning rows answers like a table read
 * (filters, order, limit, select, embedding, counts); a scalar its JSON value; void 204.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ParsedQuery, Prefer } from './ast'
import { argsPayload } from './body'
import { refOf, type RestContext } from './context'
import { RestError } from './errors'
import { fieldSql } from './filter-sql'
import { parsePrefer, parseQuery, parseRange } from './parse'
import { inputArgs, resolveFunction, type CallShape } from './rpc-resolve'
import { bodyArgs, callSql, functionResult, pairsToJson, type CallArgs, type FunctionResult } from './rpc-sql'
import { cacheKey, type CachedFunction, type SchemaCache } from './schema-cache'
import { readStatement, rootRange } from './select-sql'
import { SqlParams } from './sql-params'
import { installRawBodies } from './write-body-parser'
import { queryPairs } from './read-routes'
import { bodyFor, contentRange, negotiate, profileOf, rangeStatus, type Media } from './respond'
import { checkMaxAffected, GUC_COLUMNS, gucOverrides, preferenceApplied, runWrite, send } from './write-answer'

interface Row {
  body: string | null
  page_total: string | number
  total: string | number | null
  response_headers: string | null
  response_status: string | null
}

/** The overloads of schema.name (the cache read again once when it knows none). */
async function overloadsOf(ctx: RestContext, ref: string, schema: string, name: string): Promise<{ cache: SchemaCache; overloads: CachedFunction[] }> {
  let cache = await ctx.cache(ref)
  let overloads = cache.functions.get(cacheKey(schema, name))
  if (!overloads?.length) {
    cache = await ctx.cache(ref, { reload: true })
    overloads = cache.functions.get(cacheKey(schema, name))
  }
  return { cache, overloads: overloads ?? [] }
}

/** The query's arguments as pairs (a repeated one once per value). */
const argPairs = (args: ParsedQuery['args']): [string, string][] =>
  Object.entries(args).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]))

interface Called {
  fn: CachedFunction
  result: FunctionResult
  args: CallArgs
  query: ParsedQuery
}

/** Which function a request calls and with what: GET/HEAD from the query, POST from the body. */
function resolveCall(request: FastifyRequest, cache: SchemaCache, schema: string, name: string, overloads: CachedFunction[], prefer: Prefer): Called {
  const pairs = queryPairs(request)
  const singleObject = prefer.params === 'single-object'
  if (request.method === 'GET' || request.method === 'HEAD') {
    const argNames = new Set(overloads.flatMap((f) => inputArgs(f).map((a) => a.name)).filter((n) => n !== ''))
    const query = parseQuery(pairs, { argNames })
    const given = argPairs(query.args)
    const shape: CallShape = { keys: new Set(given.map(([k]) => k)), singleObject, isPost: false, mediaType: 'application/json' }
    const fn = resolveFunction(cache, schema, name, shape)
    const args: CallArgs = { kind: 'named', json: pairsToJson(fn, given), shape: 'object', keys: shape.keys }
    return { fn, result: functionResult(cache, fn), args, query }
  }
  const query = parseQuery(pairs)
  const contentType = request.headers['content-type']
  const payload = argsPayload(contentType, Buffer.isBuffer(request.body) ? request.body : undefined, { columns: query.columns })
  const mediaType = payload.kind === 'single' ? payload.mediaType : (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase() || 'application/json'
  const shape: CallShape = { keys: new Set(payload.kind === 'single' ? [] : payload.keys), singleObject, isPost: true, mediaType }
  const fn = resolveFunction(cache, schema, name, shape)
  return { fn, result: functionResult(cache, fn), args: bodyArgs(fn, payload, singleObject), query }
}

/** The statement: the call as pgrst_source, and the answer read from it. */
function statement(cache: SchemaCache, c: Called, params: SqlParams, o: { media: Media; count: boolean; limit?: number; offset?: number }): string {
  const source = `with pgrst_source as (${callSql(c.fn, c.result, c.args, params)}) `
  if ((c.result.kind === 'rows' || c.result.kind === 'row') && c.result.relation) {
    const read = readStatement({
      cache, relation: c.result.relation, source: 'pgrst_source', query: c.query, params, limit: o.limit, offset: o.offset,
      count: o.count, format: o.media.kind === 'csv' ? 'csv' : 'json', stripNulls: o.media.stripNulls,
    })
    return `${source}select pgrst_a.body, pgrst_a.page_total, pgrst_a.total, ${GUC_COLUMNS} from (${read.sql}) as pgrst_a`
  }
  // a value, or a set of values: ordered, limited and offset as rows of one column `pgrst_scalar`
  const order = c.query.order.filter((t) => t.path.length === 0).flatMap((t) => t.terms)
  const scalarRel = { schema: c.fn.schema, name: c.fn.name, kind: 'view' as const, comment: null, primaryKey: [], insertable: false, updatable: false, deletable: false,
    columns: [{ name: 'pgrst_scalar', type: c.fn.returnType.replace(/^SETOF /, ''), udtName: '', udtSchema: '', nullable: true, hasDefault: false, default: null, generated: false, comment: null, position: 1 }] }
  const orderBy = order.map((t) => {
    const f = fieldSql({ name: t.field.name === c.fn.name ? 'pgrst_scalar' : t.field.name, json: t.field.json }, { relation: scalarRel, alias: 'pgrst_source', params })
    return `${f.sql}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`
  })
  let rows = `select pgrst_source.pgrst_scalar from pgrst_source`
  if (orderBy.length) rows += ` order by ${orderBy.join(', ')}`
  if (o.limit !== undefined) rows += ` limit ${o.limit}`
  if (o.offset) rows += ` offset ${o.offset}`
  const agg = c.result.kind === 'setof-scalar' ? `coalesce(json_agg(pgrst_r.pgrst_scalar), '[]')` : `coalesce(json_agg(pgrst_r.pgrst_scalar)->0, 'null')`
  const body = o.media.kind === 'csv' && c.result.kind === 'setof-scalar'
    ? `coalesce(string_agg(pgrst_r.pgrst_scalar::text, chr(10)), '')`
    : `${agg}::text`
  const total = o.count ? '(select count(*) from pgrst_source)' : 'null::bigint'
  return `${source}select ${body} as body, count(*) as page_total, ${total} as total, ${GUC_COLUMNS} from (${rows}) as pgrst_r`
}

async function handleCall(ctx: RestContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const who = await ctx.caller(request)
  const ref = refOf(request)
  const config = await ctx.config(ref)
  const { schema, negotiated } = profileOf(request, config.schemas)
  const name = (request.params as { fn: string }).fn
  const prefer = parsePrefer(request.headers.prefer)
  const media = negotiate(request.headers.accept)
  const { cache, overloads } = await overloadsOf(ctx, ref, schema, name)
  const called = resolveCall(request, cache, schema, name, overloads, prefer)
  const isRead = request.method === 'GET' || request.method === 'HEAD'
  const kind = called.result.kind
  const sets = kind === 'rows' || kind === 'setof-scalar'
  // the Range header counts only for GET (RFC 9110), limit=/offset= always; max rows for sets
  const range = rootRange(called.query, request.method === 'GET' ? parseRange(request.headers.range) : undefined, sets ? config.maxRows : null)
  const count = prefer.count !== undefined && sets
  const params = new SqlParams()
  const sql = statement(cache, called, params, { media, count, limit: range.limit, offset: range.offset })
  const readOnly = isRead || called.fn.volatility !== 'v'

  const strict = prefer.handling === 'strict' && prefer.maxAffected !== undefined
  const single = media.kind === 'object' && sets
  const check = single || strict
    ? (r: Row) => {
        // a single object asked for and not one row: 406, and what the function changed is undone
        if (single) r.body = bodyFor(media, r.body ?? '[]', Number(r.page_total))
        if (strict) checkMaxAffected(prefer, sets ? Number(r.page_total) : 1)
      }
    : undefined
  const statements = [...(readOnly ? [{ sql: 'set transaction read only' }] : []), { sql, params: params.values }]
  const row = await runWrite<Row>(ctx.db, who, { searchPath: [schema, ...config.extraSearchPath], rollback: prefer.tx === 'rollback' }, statements, check)
  // one row (`returns todos`, OUT parameters): the object itself, null when the function returned none
  if (kind === 'row' && media.kind !== 'csv') row.body = Number(row.page_total) === 0 ? 'null' : bodyFor({ ...media, kind: 'object' }, row.body ?? '[]', 1)

  const guc = gucOverrides(row.response_headers, row.response_status)
  const pageTotal = Number(row.page_total)
  const total = row.total === null ? null : Number(row.total)
  const offset = range.offset ?? 0
  const status = sets ? rangeStatus(offset, pageTotal, total) : 200
  const headers = {
    'content-range': contentRange(offset, sets ? pageTotal : 1, total),
    'preference-applied': preferenceApplied(prefer, ['params', 'count', 'tx', 'handling', 'maxAffected']),
  }
  if (kind === 'void') return send(reply, { status: 204, headers, guc })
  // a value is JSON whatever was accepted (PostgREST has no CSV of one value)
  const contentType = media.kind === 'csv' && !sets ? 'application/json; charset=utf-8' : media.contentType
  const body = row.body ?? 'null'
  return send(reply, { status, headers, body: request.method === 'HEAD' ? undefined : body, contentType, profile: negotiated ? schema : undefined, guc })
}

export function rpcRoutes(app: FastifyInstance, ctx: RestContext): void {
  void app.register(async (scope) => {
    installRawBodies(scope)
    const handler = (request: FastifyRequest, reply: FastifyReply) => handleCall(ctx, request, reply)
    scope.route({ method: ['GET', 'HEAD', 'POST'], url: '/rpc/:fn', exposeHeadRoute: false, handler })
    scope.route({
      method: ['PUT', 'PATCH', 'DELETE'], url: '/rpc/:fn',
      handler: (request) => {
        throw new RestError(405, 'PGRST101', `Cannot use the ${request.method} method on RPC`)
      },
    })
  })
}
