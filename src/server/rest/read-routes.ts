/**
 * GET and HEAD /rest/v1/{relation}: a PostgREST 12 read. One statement (select-sql.ts) run as the caller
 * (runAs: RLS decides) builds the whole body in the database; the answer is that text, with Content-Range,
 * Content-Profile and the status a count implies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Impersonation } from '../../shared/api'
import type { QueryResult } from '../db/driver'
import type { ParsedQuery, Prefer } from './ast'
import { refOf, type RestContext } from './context'
import { RestError } from './errors'
import { closest } from './fuzzy'
import { parsePrefer, parseQuery, parseRange } from './parse'
import { bodyFor, contentRange, negotiate, profileOf, rangeStatus, sendText } from './respond'
import { runStatementsAs } from './run'
import { cacheKey, type CachedRelation, type SchemaCache } from './schema-cache'
import { readStatement, rootRange, type ReadStatement } from './select-sql'
import { SqlParams } from './sql-params'

/** The request's query parameters in order, repeated keys kept ('+' is a space, as in any query string). */
export function queryPairs(request: FastifyRequest): [string, string][] {
  const q = request.url.indexOf('?')
  return q < 0 ? [] : [...new URLSearchParams(request.url.slice(q + 1))]
}

/** 404 PGRST205, as PostgREST words it (with the closest table of the schema as a hint). */
export function unknownRelation(schema: string, name: string, cache?: SchemaCache): RestError {
  const names = cache ? [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name) : []
  const near = closest(name, names)
  return new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, near === undefined ? null : `Perhaps you meant the table '${schema}.${near}'`)
}

/** Codes that mean the cache may be behind the catalog: read it again once before answering them. */
const STALE = new Set(['PGRST205', 'PGRST200', 'PGRST204', '42703'])

/**
 * `build` over the cache; when it fails with what a newer catalog might know (an unknown relation, column
 * or relationship), once more over a freshly read cache.
 */
export async function withFreshCache<T>(ctx: RestContext, ref: string, build: (cache: SchemaCache) => T): Promise<T> {
  const cache = await ctx.cache(ref)
  try {
    return build(cache)
  } catch (e) {
    if (!(e instanceof RestError) || !STALE.has(e.code)) throw e
    const fresh = await ctx.cache(ref, { reload: true })
    return build(fresh)
  }
}

/** The relation `name` of `schema`, or 404 PGRST205. */
export function relationOf(cache: SchemaCache, schema: string, name: string): CachedRelation {
  const rel = cache.relations.get(cacheKey(schema, name))
  if (!rel) throw unknownRelation(schema, name, cache)
  return rel
}

interface Counted {
  body: string
  pageTotal: number
  total: number | null
}

/** `Plan Rows` of EXPLAIN's top node (the planner's estimate of the rows the statement yields). */
function plannedCount(result: QueryResult | undefined): number {
  let plan = Object.values(result?.rows[0] ?? {})[0]
  if (typeof plan === 'string') plan = JSON.parse(plan)
  const top = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan
  return Math.round(Number(top?.['Plan Rows'] ?? 0))
}

/**
 * The read as its caller in one batch (one round trip): the statement, and for a planned or estimated count
 * the EXPLAIN of the rows it counts.
 */
async function runRead(
  ctx: RestContext, who: Impersonation, searchPath: string[], stmt: ReadStatement, params: SqlParams, count: Prefer['count'], maxRows: number | null,
): Promise<Counted> {
  const explain = count === 'planned' || (count === 'estimated' && maxRows !== null)
  const statements = [{ sql: stmt.sql, params: params.values }]
  if (explain) statements.push({ sql: `explain (format json) ${stmt.countSql}`, params: params.values })
  const [read, plan] = await runStatementsAs(ctx.db, who, { searchPath }, statements)
  const row = read!.rows[0]!
  const out: Counted = { body: String(row.body), pageTotal: Number(row.page_total), total: row.total === null ? null : Number(row.total) }
  if (count === 'planned') out.total = plannedCount(plan)
  else if (count === 'estimated' && out.total !== null && maxRows !== null && out.total > maxRows) {
    // exact up to max rows, the planner's estimate beyond (as PostgREST's estimated count)
    out.total = Math.max(plannedCount(plan), maxRows + 1)
  }
  return out
}

export function readRoutes(app: FastifyInstance, ctx: RestContext): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/:relation',
    handler: async (request, reply) => {
      const ref = refOf(request)
      const who = await ctx.caller(request)
      const config = await ctx.config(ref)
      const { schema, negotiated } = profileOf(request, config.schemas)
      const media = negotiate(request.headers.accept)
      const query: ParsedQuery = parseQuery(queryPairs(request))
      const prefer = parsePrefer(request.headers.prefer)
      const rangeHeader = request.method === 'GET' ? parseRange(headerText(request.headers.range)) : undefined
      const { limit, offset } = rootRange(query, rangeHeader, config.maxRows)
      const name = (request.params as { relation: string }).relation
      const params = new SqlParams()
      const stmt = await withFreshCache(ctx, ref, (cache) => {
        params.values.length = 0
        return readStatement({
          cache, relation: relationOf(cache, schema, name), query, params, limit, offset,
          count: prefer.count !== undefined && prefer.count !== 'planned',
          countLimit: prefer.count === 'estimated' && config.maxRows !== null ? config.maxRows + 1 : undefined,
          format: request.method === 'HEAD' ? 'none' : media.kind === 'csv' ? 'csv' : 'json', stripNulls: media.stripNulls,
        })
      })
      const result = await runRead(ctx, who, [schema, ...config.extraSearchPath], stmt, params, prefer.count, config.maxRows)
      const from = offset ?? 0
      reply.header('content-range', contentRange(from, result.pageTotal, result.total))
      reply.header('content-location', contentLocation(name, request))
      if (prefer.count) reply.header('preference-applied', `count=${prefer.count}`)
      if (negotiated) reply.header('content-profile', schema)
      const status = rangeStatus(from, result.pageTotal, result.total)
      const body = bodyFor(media, result.body, result.pageTotal)
      return sendText(reply, status, media, body)
    },
  })
}

/** `Content-Location: /books?order=id&select=id`: the relation and its query parameters sorted by key, as PostgREST answers. */
export function contentLocation(name: string, request: FastifyRequest): string {
  const pairs = queryPairs(request).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  return `/${encodeURIComponent(name)}${query ? `?${query}` : ''}`
}

const headerText = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)
