/**
 * The read builder: a parsed select tree with its filters, order and ranges → ONE statement whose single
 * row holds the whole answer body as JSON (or CSV) text built by the database, the page's row count and,
 * when asked, the total count. Embedded resources are LEFT JOIN LATERAL subqueries (row_to_json for
 * to-one, json_agg for to-many, their columns for a spread); `!inner` and `embed=not.is.null` filter the
 * parent on them.
 *
 * Writes (H3) and RPC use it over their own rows: `readStatement({ …, source: 'pgrst_source' })` after
 * `with pgrst_source as (insert … returning *)`, so `return=representation` honours select and embedding.
 */
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import type { EmbedPath, FilterNode, OrderTerm, ParsedQuery, SelectItem } from './ast'
import { isToOne, resolveEmbed, type Relationship } from './embed'
import { RestError } from './errors'
import { fieldSql, filterSql } from './filter-sql'
import type { CachedRelation, SchemaCache } from './schema-cache'
import type { SqlParams } from './sql-params'

/** 'none': no body (HEAD), only the counts */
export type BodyFormat = 'json' | 'csv' | 'none'

export interface ReadOptions {
  cache: SchemaCache
  /** the relation whose columns the root rows have (the table or view read, written, or an RPC's returned relation) */
  relation: CachedRelation
  /** the FROM item of the root rows, as SQL; default the relation itself. E.g. 'pgrst_source' (a CTE), `"public"."fn"($1)` */
  source?: string
  query: Pick<ParsedQuery, 'select' | 'filters' | 'order' | 'ranges'>
  params: SqlParams
  /** apply the root level's filters (default true; false when the source already applied them, as a PATCH does) */
  rootFilters?: boolean
  /** apply the root level's `order=` (default true) */
  rootOrder?: boolean
  /**
   * The root's limit and offset: what the builder applies at the root, in place of `limit=`/`offset=` of
   * the query (the caller combines them with the Range header and max rows: see rootRange). Undefined: none.
   */
  limit?: number
  offset?: number
  /** add the exact count of the root rows the filters keep (without limit and offset) as `total` */
  count?: boolean
  /** count at most this many (Prefer: count=estimated: exact up to max rows, the planner's estimate beyond) */
  countLimit?: number
  /** 'json' (default): a JSON array; 'csv': a header line and one line per row */
  format?: BodyFormat
  /** `application/vnd.pgrst.array+json;nulls=stripped`: null-valued keys left out */
  stripNulls?: boolean
}

export interface ReadStatement {
  /** one row: body (text), page_total (bigint), total (bigint, null unless `count`) */
  sql: string
  /** `select 1 from … where …` of the root rows (no limit): what EXPLAIN estimates for Prefer: count=planned */
  countSql: string
  /** the keys of the root objects, in order (CSV's header) */
  keys: string[]
}

/** The root's limit and offset from `limit=`/`offset=`, the Range header and max rows, as PostgREST combines them. */
export function rootRange(
  query: Pick<ParsedQuery, 'ranges'>, range: { from: number; to?: number } | undefined, maxRows: number | null,
): { limit?: number; offset?: number } {
  const own = query.ranges.find((r) => r.path.length === 0)
  let offset = own?.offset ?? 0
  let limit = own?.limit
  if (range) {
    // the Range header and limit/offset intersect
    const from = offset + range.from
    const to = range.to === undefined ? undefined : offset + range.to
    const end = limit === undefined ? to : to === undefined ? offset + limit - 1 : Math.min(to, offset + limit - 1)
    offset = from
    limit = end === undefined ? undefined : Math.max(0, end - from + 1)
  }
  if (maxRows !== null) limit = limit === undefined ? maxRows : Math.min(limit, maxRows)
  return { limit, offset: offset || undefined }
}

/** A cast written in select (`col::text`): type names only, never anything else. */
const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])*$/

function castSql(expr: string, cast: string | undefined): string {
  if (cast === undefined) return expr
  const type = cast.trim()
  if (!CAST.test(type) || type.length > 128) throw new RestError(400, 'PGRST100', `"failed to parse select parameter (::${cast})" (line 1, column 1)`, 'unexpected cast type')
  return `cast(${expr} as ${type})`
}

interface Builder {
  cache: SchemaCache
  params: SqlParams
  query: ReadOptions['query']
  n: number
  /** filter/order/range entries a level used (the rest name no embedded resource) */
  used: Set<object>
}

interface Output {
  key: string
  expr: string
}

interface Level {
  columns: Output[]
  from: string
  /** lateral joins; `filters`: referenced by where (the count needs them) */
  joins: { sql: string; filters: boolean }[]
  where: string[]
  order: string[]
  limit?: number
  offset?: number
}

type PathTest = (path: EmbedPath) => boolean

const nextAlias = (b: Builder, prefix: string) => `pgrst_${prefix}${++b.n}`

/** The output key of a column item: its alias, else the last JSON key, else the column's name. */
function keyOf(item: Extract<SelectItem, { kind: 'column' }>): string {
  if (item.alias) return item.alias
  const last = item.field.json[item.field.json.length - 1]
  return last ? String(last.key) : item.field.name
}

function orderSql(terms: readonly OrderTerm[], rel: CachedRelation, alias: string, b: Builder, embedded: ReadonlyMap<string, Relationship>): string[] {
  return terms.map((t) => {
    let expr: string
    if (t.relation !== undefined) {
      // `order=author(name)`: a column of a to-one embedded resource
      const r = embedded.get(t.relation)
      if (!r) throw new RestError(400, 'PGRST108', `Cannot apply filter because '${t.relation}' is not an embedded resource in this request`, null, `Verify that '${t.relation}' is included in the 'select' query parameter.`)
      if (!isToOne(r)) {
        throw new RestError(400, 'PGRST118', `A related order on '${t.relation}' is not possible`, `'${r.source.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`)
      }
      const child = nextAlias(b, 'o')
      const f = fieldSql(t.field, { relation: r.target, alias: child, params: b.params })
      const on = r.pairs.map(([sc, tc]) => `${child}.${quoteIdent(tc)} = ${alias}.${quoteIdent(sc)}`).join(' and ')
      expr = `(select ${f.sql} from ${quoteQualified(r.target.schema, r.target.name)} as ${child} where ${on})`
    } else {
      expr = fieldSql(t.field, { relation: rel, alias, params: b.params }).sql
    }
    return `${expr}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`
  })
}

function buildLevel(
  b: Builder, rel: CachedRelation, alias: string, from: string, items: readonly SelectItem[], atPath: PathTest, depth: number,
  own: { filters: boolean; order: boolean; range: boolean },
): Level {
  const level: Level = { columns: [], from, joins: [], where: [], order: [] }
  const embeds = new Map<string, string>()
  const embedded = new Map<string, Relationship>()
  for (const item of items) {
    if (item.kind === 'star') {
      for (const c of rel.columns) level.columns.push({ key: c.name, expr: `${alias}.${quoteIdent(c.name)}` })
    } else if (item.kind === 'column') {
      if (item.aggregate) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
      const f = fieldSql(item.field, { relation: rel, alias, params: b.params })
      level.columns.push({ key: keyOf(item), expr: castSql(f.sql, item.cast) })
    } else {
      const r = resolveEmbed(b.cache, rel, item.relation, item.hint)
      const name = item.alias ?? item.relation
      const childTest: PathTest = (p) => p.length === depth + 1 && atPath(p.slice(0, depth)) && (p[depth] === name || p[depth] === item.relation)
      const embedding = embedSql(b, r, alias, item, childTest, depth + 1)
      level.joins.push({ sql: embedding.join, filters: item.inner })
      if (item.inner) level.where.push(`${embedding.presence} is not null`)
      embeds.set(name, embedding.presence)
      embedded.set(name, r)
      if (item.spread) level.columns.push(...embedding.spread!)
      else if (item.select.length) level.columns.push({ key: name, expr: embedding.value })
    }
  }
  const scope = { relation: rel, alias, params: b.params, embeds }
  if (own.filters) {
    for (const f of b.query.filters) {
      if (!atPath(f.path)) continue
      b.used.add(f)
      const sql = filterSql(f.node, scope)
      level.where.push(sql)
      if (referencesEmbed(f.node, rel, embeds)) for (const j of level.joins) j.filters = true
    }
  }
  if (own.order) {
    for (const o of b.query.order) {
      if (!atPath(o.path)) continue
      b.used.add(o)
      level.order.push(...orderSql(o.terms, rel, alias, b, embedded))
    }
  }
  if (own.range) {
    for (const r of b.query.ranges) {
      if (!atPath(r.path)) continue
      b.used.add(r)
      level.limit = r.limit
      level.offset = r.offset
    }
  }
  return level
}

/** Whether a filter tree tests an embedded resource (`author=not.is.null`) rather than a column. */
function referencesEmbed(node: FilterNode, rel: CachedRelation, embeds: ReadonlyMap<string, string>): boolean {
  if (node.kind === 'logic') return node.children.some((c) => referencesEmbed(c, rel, embeds))
  return node.field.json.length === 0 && embeds.has(node.field.name) && !rel.columns.some((c) => c.name === node.field.name)
}

function selectSql(level: Level, columns: string[]): string {
  let sql = `select ${columns.join(', ')} from ${level.from}`
  for (const j of level.joins) sql += ` ${j.sql}`
  if (level.where.length) sql += ` where ${level.where.join(' and ')}`
  if (level.order.length) sql += ` order by ${level.order.join(', ')}`
  if (level.limit !== undefined) sql += ` limit ${count(level.limit)}`
  if (level.offset) sql += ` offset ${count(level.offset)}`
  return sql
}

/** A row count as SQL text: a whole number from 0 to 2^53 - 1 (never `1e+30`, `Infinity` or `NaN`). */
const count = (n: number) => String(Number.isNaN(n) ? 0 : Math.min(Math.max(0, Math.trunc(n)), Number.MAX_SAFE_INTEGER))

const named = (columns: readonly Output[]) => columns.map((c) => `${c.expr} as ${quoteIdent(c.key)}`)

/** One embedded resource: its lateral join, the expression of its value, and the one that is null when it has no row. */
function embedSql(
  b: Builder, r: Relationship, parent: string, item: Extract<SelectItem, { kind: 'embed' }>, atPath: PathTest, depth: number,
): { join: string; value: string; presence: string; spread?: Output[] } {
  const toOne = isToOne(r)
  if (item.spread && !toOne) {
    throw new RestError(
      400, 'PGRST119', `A spread operation on '${item.relation}' is not possible`,
      `'${r.source.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
    )
  }
  const alias = nextAlias(b, 't')
  const lateral = nextAlias(b, 'j')
  let from = `${quoteQualified(r.target.schema, r.target.name)} as ${alias}`
  const joinWhere: string[] = []
  if (r.junction) {
    const jt = nextAlias(b, 'x')
    const on = r.junction.targetPairs.map(([jc, tc]) => `${jt}.${quoteIdent(jc)} = ${alias}.${quoteIdent(tc)}`).join(' and ')
    from += ` join ${quoteQualified(r.junction.relation.schema, r.junction.relation.name)} as ${jt} on ${on}`
    for (const [jc, sc] of r.junction.sourcePairs) joinWhere.push(`${jt}.${quoteIdent(jc)} = ${parent}.${quoteIdent(sc)}`)
  } else {
    for (const [sc, tc] of r.pairs) joinWhere.push(`${alias}.${quoteIdent(tc)} = ${parent}.${quoteIdent(sc)}`)
  }
  const level = buildLevel(b, r.target, alias, from, item.select, atPath, depth, { filters: true, order: true, range: true })
  level.where.unshift(...joinWhere)
  const e = nextAlias(b, 'e')
  if (item.spread) {
    const spread = level.columns.map((c, i) => ({ key: c.key, expr: `${lateral}.c${i + 1}`, inner: `${c.expr} as c${i + 1}` }))
    const inner = selectSql(level, ['true as c0', ...spread.map((s) => s.inner)])
    return { join: `left join lateral (${inner}) as ${lateral} on true`, value: '', presence: `${lateral}.c0`, spread: spread.map(({ key, expr }) => ({ key, expr })) }
  }
  const rows = selectSql(level, named(level.columns))
  if (toOne) {
    return { join: `left join lateral (select row_to_json(${e}) as body from (${rows}) as ${e}) as ${lateral} on true`, value: `${lateral}.body`, presence: `${lateral}.body` }
  }
  return {
    join: `left join lateral (select json_agg(${e}) as body from (${rows}) as ${e}) as ${lateral} on true`,
    value: `coalesce(${lateral}.body, '[]')`, presence: `${lateral}.body`,
  }
}

/** The read statement of `opts` (see ReadStatement). */
export function readStatement(opts: ReadOptions): ReadStatement {
  const b: Builder = { cache: opts.cache, params: opts.params, query: opts.query, n: 0, used: new Set() }
  const rel = opts.relation
  const alias = 'pgrst_t0'
  const source = opts.source ?? quoteQualified(rel.schema, rel.name)
  const select = opts.query.select.length ? opts.query.select : [{ kind: 'star' as const }]
  const level = buildLevel(b, rel, alias, `${source} as ${alias}`, select, (p) => p.length === 0, 0, {
    filters: opts.rootFilters ?? true, order: opts.rootOrder ?? true, range: false,
  })
  // root ranges are the caller's (limit/offset options); every other filter, order and range must name an embed
  for (const entry of [...opts.query.filters, ...opts.query.order, ...opts.query.ranges]) {
    if (entry.path.length === 0 || b.used.has(entry)) continue
    const name = entry.path[entry.path.length - 1]
    throw new RestError(400, 'PGRST108', `Cannot apply filter because '${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`)
  }
  level.limit = opts.limit
  level.offset = opts.offset
  const keys = level.columns.map((c) => c.key)
  const rows = selectSql(level, named(level.columns))
  const countLevel: Level = { ...level, joins: level.joins.filter((j) => j.filters), order: [], limit: undefined, offset: undefined }
  const countSql = selectSql(countLevel, ['1'])
  const counted = opts.countLimit === undefined ? countSql : `${countSql} limit ${count(opts.countLimit)}`
  const total = opts.count ? `(select count(*) from (${counted}) as pgrst_c)` : 'null::bigint'
  let body: string
  if (opts.format === 'none') {
    body = `''`
  } else if (opts.format === 'csv') {
    const header = opts.params.typed(keys.map(csvField).join(','), 'text')
    body = `${header} || coalesce(chr(10) || string_agg(substring(pgrst_r::text, 2, length(pgrst_r::text) - 2), chr(10)), '')`
  } else {
    const agg = `json_agg(pgrst_r)`
    body = `coalesce(${opts.stripNulls ? `json_strip_nulls(${agg})` : agg}, '[]')::text`
  }
  return { sql: `select ${body} as body, count(*) as page_total, ${total} as total from (${rows}) as pgrst_r`, countSql, keys }
}

/** A CSV header field: quoted when it holds a comma, quote or line break. */
const csvField = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s)
