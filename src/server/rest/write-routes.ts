/**
 * POST (insert, upsert), PUT (single-row upsert), PATCH (update) and DELETE /rest/v1/{relation}, as
 * PostgREST 12 answers them (with Supabase's pg-safeupdate: a PATCH or DELETE without a filter is refused).
 * One statement per request, run as the caller: `with pgrst_source as (<change> returning …)` and the
 * answer read from it by the read builder (select and embedding for return=representation).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { quoteIdent } from '../../shared/sql-quote'
import type { FilterNode, ParsedQuery, Prefer } from './ast'
import { invalidBody, rowsPayload } from './body'
import { refOf, type RestContext } from './context'
import { RestError } from './errors'
import { fieldSql, filterSql } from './filter-sql'
import { parsePrefer, parseQuery } from './parse'
import { bodyText, installRawBodies } from './write-body-parser'
import type { CachedRelation, SchemaCache } from './schema-cache'
import { readStatement } from './select-sql'
import { SqlParams } from './sql-params'
import { queryPairs, relationOf, withFreshCache } from './read-routes'
import { bodyFor, contentRange, negotiate, profileOf, type Media } from './respond'
import { checkMaxAffected, GUC_COLUMNS, gucOverrides, preferenceApplied, runWrite, send } from './write-answer'
import { deleteSql, insertSql, noUpdateSql, relationSql, updateSql, type RowsTarget } from './write-sql'

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface Row {
  body: string | null
  page_total: string | number
  location: string | null
  inserted: string | number | null
  response_headers: string | null
  response_status: string | null
}

/** The root level's filters of a query (those on embedded resources filter only the answer's embeds). */
const rootFilters = (q: ParsedQuery): FilterNode[] => q.filters.filter((f) => f.path.length === 0).map((f) => f.node)

/** pg-safeupdate's refusal, as Supabase's API answers an unfiltered PATCH or DELETE. */
const safeUpdateError = (what: 'UPDATE' | 'DELETE') => new RestError(400, '21000', `${what} requires a WHERE clause`)

/** Which rows a PATCH or DELETE changes: its root filters, and a limited one's order and range. */
function rowsTarget(method: 'PATCH' | 'DELETE', rel: CachedRelation, q: ParsedQuery, params: SqlParams): RowsTarget {
  const alias = relationSql(rel)
  const nodes = rootFilters(q)
  const where = nodes.length ? nodes.map((n) => filterSql(n, { relation: rel, alias, params })).join(' and ') : null
  const range = q.ranges.find((r) => r.path.length === 0)
  const limited = range && (range.limit !== undefined || range.offset !== undefined)
  if (!limited) {
    if (where === null) throw safeUpdateError(method === 'PATCH' ? 'UPDATE' : 'DELETE')
    return { where }
  }
  const terms = q.order.filter((o) => o.path.length === 0).flatMap((o) => o.terms)
  if (terms.length === 0) throw new RestError(400, 'PGRST109', "A 'limit' was applied without an explicit 'order'", null, "Apply an 'order' using unique column(s)")
  const orderBy = terms.map((t) => {
    if (t.relation !== undefined) throw new RestError(400, 'PGRST100', `"failed to parse order (${t.relation}(${t.field.name}))" (line 1, column 1)`, 'related order is not allowed on a write')
    const f = fieldSql(t.field, { relation: rel, alias, params })
    return `${f.sql}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`
  }).join(', ')
  return { where, limited: { orderBy, limit: range.limit, offset: range.offset, orderColumns: terms.map((t) => t.field.name) } }
}

/**
 * PUT's conditions: every primary key column filtered with `eq` and nothing else, the body's row matching
 * them (checked in SQL, on the body's typed values). Otherwise PGRST105.
 */
function putConditions(rel: CachedRelation, q: ParsedQuery, params: SqlParams): string {
  const invalid = () => new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators")
  const pk = rel.primaryKey
  const filters = q.filters.filter((f) => f.path.length === 0)
  if (pk.length === 0 || filters.length !== pk.length) throw invalid()
  const seen = new Set<string>()
  const conditions = filters.map(({ node }) => {
    if (node.kind !== 'condition' || node.op !== 'eq' || node.negate || node.quantifier || node.field.json.length || !pk.includes(node.field.name) || seen.has(node.field.name)) throw invalid()
    seen.add(node.field.name)
    const value = Array.isArray(node.value) ? node.value.join(',') : node.value
    return `pgrst_body.${quoteIdent(node.field.name)} = ${params.add(value)}`
  })
  return conditions.join(' AND ')
}

/** Query-string encoding as PostgREST's (http-types): only unreserved characters (A-Z a-z 0-9 - _ . ~) kept. */
const queryEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The `Location` of a single inserted row: `/table?pk=eq.value` (PostgREST: only with return=headers-only and a key). */
function locationOf(rel: CachedRelation, json: string | null): string | undefined {
  if (!json || rel.primaryKey.length === 0) return undefined
  // the key's values as text (bigints beyond 2^53 intact)
  const row = JSON.parse(json) as Record<string, string | null>
  const q = rel.primaryKey.map((k) => {
    const v = row[k]
    const text = v === null || v === undefined ? 'is.null' : `eq.${v}`
    return `${queryEncode(k)}=${queryEncode(text)}`
  })
  return `/${rel.name}?${q.join('&')}`
}

interface Plan {
  /** the statement changing the rows (the body of pgrst_source) */
  change: string
  /** insert/upsert counted in pgrst.inserted */
  tracksInserted: boolean
}

function planChange(method: Method, request: FastifyRequest, rel: CachedRelation, q: ParsedQuery, prefer: Prefer, params: SqlParams, returnRows: boolean): Plan {
  const missingDefault = prefer.missing === 'default'
  const bind = (v: string | null) => params.typed(v, 'text')
  if (method === 'DELETE') return { change: deleteSql(rel, rowsTarget('DELETE', rel, q, params), returnRows), tracksInserted: false }
  const text = bodyText(request.body)
  const contentType = request.headers['content-type']
  if (method === 'PATCH') {
    const payload = rowsPayload(contentType, text, q.columns)
    // a body with no key sets nothing: no row is changed or answered (and no filter is bound)
    if (payload.keys.length === 0) return { change: noUpdateSql(rel, returnRows), tracksInserted: false }
    const target = rowsTarget('PATCH', rel, q, params)
    return { change: updateSql(rel, payload, target, bind, { missingDefault, returnRows })!, tracksInserted: false }
  }
  if (method === 'PUT') {
    const range = q.ranges.find((r) => r.path.length === 0)
    if (range && (range.limit !== undefined || range.offset !== undefined)) throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT')
    const payload = rowsPayload(contentType, text, q.columns)
    if (payload.shape !== 'object' && payload.count !== 1) throw invalidBody('A PUT body must be one object')
    const putWhere = putConditions(rel, q, params)
    return { change: insertSql(rel, payload, bind, { missingDefault, onConflict: { columns: rel.primaryKey, resolution: 'merge-duplicates' }, putWhere, returnRows }), tracksInserted: true }
  }
  const payload = rowsPayload(contentType, text, q.columns)
  const conflictColumns = q.onConflict ?? rel.primaryKey
  const onConflict = prefer.resolution && conflictColumns.length ? { columns: conflictColumns, resolution: prefer.resolution } : undefined
  return {
    change: insertSql(rel, payload, bind, { missingDefault, onConflict, returnRows }),
    tracksInserted: onConflict?.resolution === 'merge-duplicates',
  }
}

async function handleWrite(ctx: RestContext, method: Method, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const who = await ctx.caller(request)
  const ref = refOf(request)
  const config = await ctx.config(ref)
  const { schema, negotiated } = profileOf(request, config.schemas)
  const name = (request.params as { relation: string }).relation
  const q = parseQuery(queryPairs(request))
  const prefer = parsePrefer(request.headers.prefer)
  const media = negotiate(request.headers.accept)
  const representation = prefer.return === 'representation'
  const headersOnly = method === 'POST' && prefer.return === 'headers-only'
  const built = await withFreshCache(ctx, ref, (cache) => {
    const rel = relationOf(cache, schema, name)
    const params = new SqlParams()
    const plan = planChange(method, request, rel, q, prefer, params, representation || headersOnly)
    return { rel, params, sql: statement(cache, rel, q, params, plan, { representation, headersOnly, media }) }
  })
  const { rel, params, sql } = built

  const strict = (method === 'PATCH' || method === 'DELETE') && prefer.handling === 'strict' && prefer.maxAffected !== undefined
  const single = representation && media.kind === 'object'
  const check = method === 'PUT' || single || strict
    ? (r: Row) => {
        const n = Number(r.page_total)
        if (method === 'PUT' && n !== 1) throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)')
        // a single object asked for and not one row: the change is undone
        if (single) r.body = bodyFor(media, r.body ?? '[]', n)
        if (strict) checkMaxAffected(prefer, n)
      }
    : undefined
  const row = await runWrite<Row>(ctx.db, who, { searchPath: [schema, ...config.extraSearchPath], rollback: prefer.tx === 'rollback' }, [{ sql, params: params.values }], check)
  return answer(reply, method, rel, prefer, row, { representation, headersOnly, media, profile: negotiated ? schema : undefined, upsertKnown: rel.primaryKey.length > 0 || q.onConflict !== undefined })
}

/** The whole statement: the change as pgrst_source, and the answer (rows, count, location) read from it. */
function statement(
  cache: SchemaCache, rel: CachedRelation, q: ParsedQuery, params: SqlParams, plan: Plan,
  o: { representation: boolean; headersOnly: boolean; media: Media },
): string {
  const inserted = plan.tracksInserted ? `nullif(current_setting('pgrst.inserted', true), '')::int` : 'null::int'
  const location = o.headersOnly && rel.primaryKey.length
    ? `(select row_to_json(pgrst_l)::text from (select ${rel.primaryKey.map((k) => `pgrst_source.${quoteIdent(k)}::text as ${quoteIdent(k)}`).join(', ')} from pgrst_source limit 1) as pgrst_l)`
    : 'null::text'
  if (!o.representation) {
    return `with pgrst_source as (${plan.change}) select null::text as body, count(*) as page_total, ${location} as location, ${inserted} as inserted, ${GUC_COLUMNS} from pgrst_source`
  }
  const read = readStatement({
    cache, relation: rel, source: 'pgrst_source', query: q, params, rootFilters: false,
    format: o.media.kind === 'csv' ? 'csv' : 'json', stripNulls: o.media.stripNulls,
  })
  return `with pgrst_source as (${plan.change}) select pgrst_a.body, pgrst_a.page_total, ${location} as location, ${inserted} as inserted, ${GUC_COLUMNS} from (${read.sql}) as pgrst_a`
}

function answer(
  reply: FastifyReply, method: Method, rel: CachedRelation, prefer: Prefer, row: Row,
  o: { representation: boolean; headersOnly: boolean; media: Media; profile?: string; upsertKnown: boolean },
): FastifyReply {
  const n = Number(row.page_total)
  const counted = prefer.count !== undefined
  const guc = gucOverrides(row.response_headers, row.response_status)
  const body = o.representation ? row.body ?? '[]' : undefined
  const contentType = o.representation ? o.media.contentType : undefined
  const inserted = row.inserted === null ? null : Number(row.inserted)
  if (method === 'POST') {
    const applied = preferenceApplied(prefer, [...(o.upsertKnown ? (['resolution'] as const) : []), 'missing', 'return', 'count', 'tx', 'handling'])
    const status = inserted !== null && inserted <= 0 && prefer.resolution === 'merge-duplicates' ? 200 : 201
    return send(reply, {
      status, body, contentType, profile: o.profile, guc,
      headers: {
        location: o.headersOnly && n === 1 ? locationOf(rel, row.location) : undefined,
        'content-range': contentRange(0, 0, counted ? n : null),
        'preference-applied': applied,
      },
    })
  }
  if (method === 'PUT') {
    const applied = preferenceApplied(prefer, ['return', 'count', 'tx', 'handling'])
    const status = o.representation ? ((inserted ?? 0) > 0 ? 201 : 200) : 204
    return send(reply, { status, body, contentType, profile: o.profile, guc, headers: { 'preference-applied': applied } })
  }
  const applied = preferenceApplied(prefer, [...(method === 'PATCH' ? (['missing'] as const) : []), 'return', 'count', 'tx', 'handling', 'maxAffected'])
  const range = contentRange(0, method === 'PATCH' ? n : 0, counted ? n : null)
  return send(reply, {
    status: o.representation ? 200 : 204, body, contentType, profile: o.profile, guc,
    headers: { 'content-range': range, 'preference-applied': applied },
  })
}

export function writeRoutes(app: FastifyInstance, ctx: RestContext): void {
  void app.register(async (scope) => {
    installRawBodies(scope)
    const route = (method: Method) => (request: FastifyRequest, reply: FastifyReply) => handleWrite(ctx, method, request, reply)
    scope.post('/:relation', route('POST'))
    scope.put('/:relation', route('PUT'))
    scope.patch('/:relation', route('PATCH'))
    scope.delete('/:relation', route('DELETE'))
  })
}
