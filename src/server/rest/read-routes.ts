/**
 * GET and HEAD /rest/v1/{relation}: a PostgREST 12 read. One statement (select-sql.ts) run as the caller
 * (runAs: RLS decides) builds the whole body in the database; the answer is that text, with Content-Range,
 * Content-Profile and the status a count implies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Queryable } from '../db/driver'
import type { ParsedQuery, Prefer } from './ast'
import { refOf, type RestContext } from './context'
import { RestError } from './errors'
import { closest } from './fuzzy'
import { parsePrefer, parseQuery, parseRange } from './parse'
import { bodyFor, contentRange, negotiate, profileOf, rangeStatus, sendText } from './respond'
import { runAs } from './run'
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
const STALE = new Set(['PGRST205', 'PGRST200', '42703'])

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

/** `Plan Rows` of EXPLAIN's top node: the planner's estimate of the rows `sql` yields. */
async function plannedCount(tx: Queryable, sql: string, params: SqlParams): Promise<number> {
  const { rows } = await tx.query<Record<string, unknown>>(`explain (format json) ${sql}`, params.values)
  let plan = Object.values(rows[0] ?? {})[0]
  if (typeof plan === 'string') plan = JSON.parse(plan)
  const top = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan
  return Math.round(Number(top?.['Plan Rows'] ?? 0))
}

async function runRead(tx: Queryable, stmt: ReadStatement, params: SqlParams, count: Prefer['count'], maxRows: number | null): Promise<Counted> {
  const { rows } = await tx.query<{ body: string; page_total: string | number; total: string | number | null }>(stmt.sql, params.values)
  const row = rows[0]!
  const out: Counted = { body: String(row.body), pageTotal: Number(row.page_total), total: row.total === null ? null : Number(row.total) }
  if (count === 'planned') out.total = await plannedCount(tx, stmt.countSql, params)
  else if (count === 'estimated' && out.total !== null && maxRows !== null && out.total > maxRows) {
    // exact up to max rows, the planner's estimate beyond (as PostgREST's estimated count)
    out.total = Math.max(await plannedCount(tx, stmt.countSql, params), maxRows + 1)
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
          format: media.kind === 'csv' ? 'csv' : 'json', stripNulls: media.stripNulls,
        })
      })
      const result = await runAs(ctx.db, who, { searchPath: [schema, ...config.extraSearchPath] }, (tx) =>
        runRead(tx, stmt, params, prefer.count, config.maxRows))
      const from = offset ?? 0
      const status = rangeStatus(from, result.pageTotal, result.total)
      reply.header('content-range', contentRange(from, result.pageTotal, result.total))
      if (negotiated) reply.header('content-profile', schema)
      const body = bodyFor(media, result.body, result.pageTotal)
      return sendText(reply, status, media, body)
    },
  })
}

const headerText = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)
