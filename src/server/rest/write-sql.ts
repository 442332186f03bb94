/**
 * The data-changing statements of REST writes, as PostgREST 12 builds them: the body is one JSON parameter
 * read into typed rows by json_to_record(set) (a bulk insert of 10,000 rows is one statement with one
 * parameter), identifiers quoted, filters and order given as SQL already built from the schema cache. Each
 * statement ends in RETURNING (the rows, or `1` to count them) and is meant to be the body of the
 * `pgrst_source` CTE that the answer is read from.
 */
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import { RestError } from './errors'
import type { RowsPayload } from './body'
import type { CachedColumn, CachedRelation } from './schema-cache'

/** Binds a value as the next parameter, answering its placeholder (`$3`). */
export type Bind = (value: string | null) => string

/** PGRST204: a key of the body (or of columns=, on_conflict=) the relation does not have. */
export const columnNotFound = (rel: CachedRelation, name: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${rel.name}' in the schema cache`)

/** The relation's column `name`, or PGRST204. */
export function columnOf(rel: CachedRelation, name: string): CachedColumn {
  const col = rel.columns.find((c) => c.name === name)
  if (!col) throw columnNotFound(rel, name)
  return col
}

/** The column's type as a cast: the schema cache's names are schema-qualified unless built in (catalog-load.ts). */
export const columnType = (col: CachedColumn) => col.type

export const relationSql = (rel: CachedRelation) => quoteQualified(rel.schema, rel.name)

export interface BodyRowsOptions {
  /** Prefer: missing=default (a key missing from an object takes the column's default) */
  missingDefault: boolean
  /** an object body gives one row; `limitOne`: only the first row of an array (updates) */
  limitOne?: boolean
}

/** The default of a column as an SQL expression, when it has one the body may fall back to. */
function defaultExpression(rel: CachedRelation, col: CachedColumn): string | null {
  if (col.generated) return null
  if (col.default) return col.default
  if (col.hasDefault) return `nextval(pg_get_serial_sequence(${quoteLiteral(relationSql(rel))}, ${quoteLiteral(col.name)}))`
  return null
}

/**
 * `FROM (payload) pgrst_payload, LATERAL (…) pgrst_body`: the body's rows as typed columns `cols` of the
 * relation, named pgrst_body."col". With no columns (`{}` or `[{}, {}]`), one row per object and no column.
 */
export function bodyRowsFrom(rel: CachedRelation, cols: CachedColumn[], payload: RowsPayload, bind: Bind, o: BodyRowsOptions): string {
  const object = payload.shape === 'object'
  const defaults = o.missingDefault
    ? cols.flatMap((c) => {
        const d = defaultExpression(rel, c)
        return d ? [`${quoteLiteral(c.name)}, ${d}`] : []
      })
    : []
  const useDefaults = defaults.length > 0
  const json = useDefaults ? 'jsonb' : 'json'
  let from = `FROM (SELECT ${bind(payload.json)}::${json} AS json_data) pgrst_payload, `
  let source = 'pgrst_payload.json_data'
  if (useDefaults) {
    const defs = `jsonb_build_object(${defaults.join(', ')})`
    from += object
      ? `LATERAL (SELECT ${defs} || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(${defs} || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `
    source = 'pgrst_json_defs.val'
  }
  if (cols.length === 0) {
    from += object ? 'LATERAL (SELECT FROM (VALUES (1)) _) pgrst_body ' : `LATERAL (SELECT FROM ${json}_array_elements(${source}) _) pgrst_body `
    return from
  }
  const names = cols.map((c) => quoteIdent(c.name)).join(', ')
  const typed = cols.map((c) => `${quoteIdent(c.name)} ${columnType(c)}`).join(', ')
  const fn = object ? `${json}_to_record` : `${json}_to_recordset`
  from += `LATERAL (SELECT ${names} FROM ${fn}(${source}) AS _(${typed})${o.limitOne ? ' LIMIT 1' : ''}) pgrst_body `
  return from
}

/** RETURNING: the whole rows (the answer is read from them) or `1` (only counted). */
export const returningSql = (rel: CachedRelation, rows: boolean) => (rows ? `RETURNING ${relationSql(rel)}.*` : 'RETURNING 1')

/** Counts rows inserted minus rows updated by an upsert, in pgrst.inserted (as PostgREST does). */
const countInserted = (add: boolean) =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`

export interface InsertOptions {
  missingDefault: boolean
  /** upsert: the conflict target and what a duplicate does */
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' }
  /** PUT: conditions (on pgrst_body) the body's row must meet: the URL's primary key */
  putWhere?: string
  /** RETURNING the rows (return=representation or headers-only) or only counting them */
  returnRows: boolean
}

/** INSERT … SELECT … FROM the body (POST, and PUT as a single-row upsert). */
export function insertSql(rel: CachedRelation, payload: RowsPayload, bind: Bind, o: InsertOptions): string {
  const cols = payload.keys.map((k) => columnOf(rel, k))
  const target = relationSql(rel)
  const names = cols.map((c) => quoteIdent(c.name))
  let sql = `INSERT INTO ${target}${names.length ? ` (${names.join(', ')})` : ''} `
  sql += `SELECT ${names.map((n) => `pgrst_body.${n}`).join(', ')} `
  sql += bodyRowsFrom(rel, cols, payload, bind, { missingDefault: o.missingDefault })
  const merge = o.onConflict?.resolution === 'merge-duplicates'
  const track = merge || o.putWhere !== undefined
  const where = [...(o.putWhere !== undefined ? [o.putWhere] : []), ...(track ? [countInserted(true)] : [])]
  if (where.length) sql += `WHERE ${where.join(' AND ')} `
  if (o.onConflict && o.onConflict.columns.length) {
    // names Postgres checks itself (42703), as PostgREST leaves them to it
    const conflict = o.onConflict.columns.map((c) => quoteIdent(c)).join(', ')
    sql += `ON CONFLICT (${conflict}) `
    if (!merge || names.length === 0) sql += 'DO NOTHING '
    else sql += `DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')} WHERE ${countInserted(false)} `
  }
  return sql + returningSql(rel, o.returnRows)
}

/** Which rows an update or delete touches: its filters, and for a limited one its order and range. */
export interface RowsTarget {
  /** the filters' SQL on the relation (qualified by relationSql), or null for none */
  where: string | null
  /** a limited change (`limit=`/`offset=` with `order=`): ORDER BY's terms, qualified the same way */
  limited?: { orderBy: string; limit?: number; offset?: number; orderColumns: string[] }
}

/** The WHERE of an update or delete, narrowing a limited one to the rows its order and range pick. */
function targetWhere(rel: CachedRelation, t: RowsTarget): string {
  const target = relationSql(rel)
  if (!t.limited) return t.where ? `WHERE ${t.where} ` : ''
  const { orderBy, limit, offset, orderColumns } = t.limited
  const pick = `${t.where ? `WHERE ${t.where} ` : ''}ORDER BY ${orderBy}${limit !== undefined ? ` LIMIT ${limit}` : ''}${offset ? ` OFFSET ${offset}` : ''}`
  if (rel.kind === 'table' || rel.kind === 'partitioned_table' || rel.kind === 'materialized_view') {
    // a partitioned table's rows are told apart by tableoid and ctid together
    const id = rel.kind === 'partitioned_table' ? `(${target}.tableoid, ${target}.ctid)` : `${target}.ctid`
    return `WHERE ${id} IN (SELECT ${id} FROM ${target} ${pick}) `
  }
  // a view has no ctid: its rows are told apart by the order's columns (as PostgREST 12 does)
  const cols = orderColumns.map((c) => `${target}.${quoteIdent(c)}`).join(', ')
  return `WHERE (${cols}) IN (SELECT ${cols} FROM ${target} ${pick}) `
}

/** UPDATE … SET the body's columns FROM the body, on the target rows. Null when the body has no key (nothing to set). */
export function updateSql(rel: CachedRelation, payload: RowsPayload, target: RowsTarget, bind: Bind, o: { missingDefault: boolean; returnRows: boolean }): string | null {
  const cols = payload.keys.map((k) => columnOf(rel, k))
  if (cols.length === 0) return null
  const set = cols.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`).join(', ')
  return `UPDATE ${relationSql(rel)} SET ${set} ${bodyRowsFrom(rel, cols, payload, bind, { missingDefault: o.missingDefault, limitOne: true })}${targetWhere(rel, target)}${returningSql(rel, o.returnRows)}`
}

/** An update whose body sets nothing: no row changes, none is answered (PostgREST: `SELECT … WHERE false`). */
export const noUpdateSql = (rel: CachedRelation, returnRows: boolean) =>
  `SELECT ${returnRows ? `${relationSql(rel)}.*` : '1'} FROM ${relationSql(rel)} WHERE false`

/** DELETE FROM the target rows. */
export function deleteSql(rel: CachedRelation, target: RowsTarget, returnRows: boolean): string {
  return `DELETE FROM ${relationSql(rel)} ${targetWhere(rel, target)}${returningSql(rel, returnRows)}`
}
