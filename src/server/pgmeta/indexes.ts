/**
 * Indexes (issue 15): read from pg_index with their keys, definition, size and scans, created and dropped
 * with quoted identifiers. CONCURRENTLY cannot run inside a transaction: such a statement runs alone, outside
 * one, and only on PostgreSQL (PGlite is refused: it runs one session at a time).
 */
import {
  INDEX_HINT_MAX_INDEX_SCAN_SHARE, INDEX_HINT_MIN_LIVE_ROWS, INDEX_HINT_MIN_SEQ_SCANS, INDEX_HINTS_LIMIT, INTERNAL_SCHEMAS,
  isProtectedSchema,
} from '../../shared/constants'
import type { IndexHints, PgIndex } from '../../shared/contract/pg-meta-indexes'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import type { Driver, Param, Queryable } from '../db/driver'
import { badRequest, isDatabaseError, notFound } from '../errors'
import type { z } from 'zod'
import type { IndexCreateBody as CreateSchema } from '../../shared/contract/pg-meta-indexes'

/**
 * Runs `fn`, adding the database's DETAIL to its message when it gave one ("Key (status)=(open) is
 * duplicated.", "column level of table t depends on type mood"), still answered as the database's error.
 */
export async function withDetail<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    const detail = (e as { detail?: unknown }).detail
    if (!isDatabaseError(e) || typeof detail !== 'string' || !detail) throw e
    throw Object.assign(new Error(`${e.message}. ${detail}`), { code: e.code, severity: e.severity, position: e.position })
  }
}

const INTERNAL = `array[${INTERNAL_SCHEMAS.map((s) => `'${s}'`).join(',')}]`

const indexesSql = (where: string) => `
select
  i.indexrelid::int as id,
  n.nspname as schema,
  t.relname as table,
  i.indrelid::int as table_id,
  c.relname as name,
  coalesce((
    select json_agg(json_build_object(
      'name', pg_get_indexdef(i.indexrelid, k, true),
      'expression', i.indkey[k - 1] = 0,
      'order', case when (i.indoption[k - 1] & 1) = 1 then 'DESC' else 'ASC' end
    ) order by k)
    from generate_series(1, i.indnkeyatts) k
  ), '[]') as columns,
  pg_get_indexdef(i.indexrelid) as index_definition,
  am.amname as access_method,
  i.indisunique as is_unique,
  i.indisprimary as is_primary,
  i.indisexclusion as is_exclusion,
  i.indisvalid as is_valid,
  pg_get_expr(i.indpred, i.indrelid, true) as predicate,
  obj_description(i.indexrelid, 'pg_class') as comment,
  pg_relation_size(i.indexrelid)::float8 as size_bytes,
  pg_size_pretty(pg_relation_size(i.indexrelid)) as size,
  s.idx_scan::float8 as scans,
  i.indnkeyatts::int as number_of_key_attributes
from pg_index i
join pg_class c on c.oid = i.indexrelid
join pg_class t on t.oid = i.indrelid
join pg_namespace n on n.oid = t.relnamespace
join pg_am am on am.oid = c.relam
left join pg_stat_user_indexes s on s.indexrelid = i.indexrelid
where ${where}
order by n.nspname, t.relname, c.relname`

export interface IndexFilter {
  id?: number
  schema?: string
  table_id?: number
}

/** The indexes of one schema, one table, or one by its oid; every schema but Postgres' own when none is named. */
export async function listIndexes(db: Queryable, filter: IndexFilter = {}): Promise<PgIndex[]> {
  const where: string[] = []
  const params: Param[] = []
  const add = (sql: string, value: Param) => {
    params.push(value)
    where.push(sql.replace('?', `$${params.length}`))
  }
  if (filter.id !== undefined) add('i.indexrelid = ?::oid', filter.id)
  if (filter.table_id !== undefined) add('i.indrelid = ?::oid', filter.table_id)
  if (filter.schema !== undefined) add('n.nspname = ?', filter.schema)
  if (filter.id === undefined && filter.schema === undefined) where.push(`n.nspname <> all(${INTERNAL}) and n.nspname not like 'pg\\_%'`)
  const normalize = (x: PgIndex) => ({ ...x, columns: x.columns ?? [] })
  return (await db.query<PgIndex>(indexesSql(where.join(' and ') || 'true'), params)).rows.map(normalize)
}

export async function findIndex(db: Queryable, id: number): Promise<PgIndex> {
  const index = (await listIndexes(db, { id }))[0]
  if (!index) throw notFound(MSG.indexNotFound(id))
  return index
}

/** The index, refusing one of a platform schema. */
export async function findIndexToChange(db: Queryable, id: number): Promise<PgIndex> {
  const index = await findIndex(db, id)
  if (isProtectedSchema(index.schema)) throw badRequest(MSG.indexProtectedSchema(index.schema))
  return index
}

interface TableRef {
  schema: string
  name: string
}

async function findTable(db: Queryable, id: number): Promise<TableRef> {
  const { rows } = await db.query<TableRef>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.oid = $1::oid and c.relkind in ('r', 'p', 'm')`,
    [id],
  )
  const table = rows[0]
  if (!table) throw notFound(MSG.indexTableNotFound(id))
  if (isProtectedSchema(table.schema)) throw badRequest(MSG.indexProtectedSchema(table.schema))
  return table
}

const tableIndexIds = async (db: Queryable, tableId: number) =>
  (await db.query<{ id: number }>('select indexrelid::int as id from pg_index where indrelid = $1::oid', [tableId])).rows.map((r) => r.id)

/**
 * The partial index's condition, checked as one expression over the table first: sent with a bind parameter
 * (the extended protocol takes one statement only), so text that would close the expression and start another
 * statement is refused, and a wrong column gets the database's own message.
 */
async function checkPredicate(db: Queryable, table: TableRef, where: string): Promise<void> {
  await db.query(`select 1 from ${quoteQualified(table.schema, table.name)} where (${where}) and $1::boolean limit 0`, [true])
}

/** CREATE INDEX; answers the new index's oid (Postgres names it when no name is given). */
export async function createIndex(db: Driver, body: z.output<typeof CreateSchema>): Promise<number> {
  const { table_id, columns, method, unique, where, name, concurrently } = body
  if (concurrently && db.kind === 'pglite') throw badRequest(MSG.indexConcurrentlyPglite)
  if (unique && method !== 'btree') throw badRequest(MSG.indexUniqueBtreeOnly)
  if (method !== 'btree' && columns.some((c) => c.order === 'DESC')) throw badRequest(MSG.indexOrderBtreeOnly)
  const keys = columns.map((c) => `${quoteIdent(c.name)}${c.order === 'DESC' ? ' desc' : ''}`).join(', ')

  const build = async (q: Queryable) => {
    const table = await findTable(q, table_id)
    if (where) await checkPredicate(q, table, where)
    const before = new Set(await tableIndexIds(q, table_id))
    await q.query(
      `create ${unique ? 'unique ' : ''}index ${concurrently ? 'concurrently ' : ''}${name ? quoteIdent(name) : ''} on ${quoteQualified(table.schema, table.name)} using ${method} (${keys})${where ? ` where (${where})` : ''}`,
    )
    const made = (await tableIndexIds(q, table_id)).filter((id) => !before.has(id))
    return made[0] ?? 0
  }
  // CONCURRENTLY may not run in a transaction block: the statement runs alone
  return withDetail(() => (concurrently ? build(db) : db.transaction(build)))
}

export async function dropIndex(db: Driver, index: PgIndex, concurrently = false): Promise<void> {
  if (concurrently && db.kind === 'pglite') throw badRequest(MSG.indexConcurrentlyPglite)
  const sql = `drop index ${concurrently ? 'concurrently ' : ''}${quoteQualified(index.schema, index.name)}`
  await withDetail(() => (concurrently ? db.query(sql) : db.transaction((tx) => tx.query(sql))))
}

/**
 * The hints: indexes never scanned (neither unique nor primary: those enforce a rule), biggest first, and
 * tables read mostly by sequential scans (thresholds in shared/constants.ts), the most rows read first.
 */
export async function indexHints(db: Queryable, schema?: string): Promise<IndexHints> {
  // a fresh statistics snapshot, not one cached earlier in this session
  await db.query('select pg_stat_clear_snapshot()')
  const all = await listIndexes(db, schema ? { schema } : {})
  const unused = all
    .filter((x) => x.scans === 0 && !x.is_unique && !x.is_primary && !isProtectedSchema(x.schema))
    .sort((a, b) => b.size_bytes - a.size_bytes || a.name.localeCompare(b.name))
    .slice(0, INDEX_HINTS_LIMIT)
  const params: Param[] = [INDEX_HINT_MIN_SEQ_SCANS, INDEX_HINT_MIN_LIVE_ROWS, INDEX_HINT_MAX_INDEX_SCAN_SHARE, INDEX_HINTS_LIMIT]
  if (schema) params.push(schema)
  const { rows } = await db.query<IndexHints['seq_scan_tables'][number]>(
    `select s.relid::int as table_id, s.schemaname::text as schema, s.relname::text as table,
       s.seq_scan::float8 as seq_scan, s.seq_tup_read::float8 as seq_tup_read, s.idx_scan::float8 as idx_scan,
       s.n_live_tup::float8 as n_live_tup,
       (select count(*)::int from pg_index i where i.indrelid = s.relid) as index_count
     from pg_stat_user_tables s
     where s.seq_scan >= $1::int and greatest(s.n_live_tup, (select c.reltuples from pg_class c where c.oid = s.relid)) >= $2::int
       and coalesce(s.idx_scan, 0) <= s.seq_scan * $3::float8
       and s.schemaname <> all(${INTERNAL})
       ${schema ? 'and s.schemaname = $5' : ''}
     order by s.seq_tup_read desc, s.relname
     limit $4::int`,
    params,
  )
  return { unused, seq_scan_tables: rows.filter((r) => !isProtectedSchema(r.schema)) }
}
