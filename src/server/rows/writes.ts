/**
 * Row changes: insert through a JSON recordset, update and delete by primary key, delete by filters,
 * truncate. Values travel as one JSON bind parameter that Postgres reads by the relation's row type
 * (json_populate_record/recordset), so every value is parsed by its column's type. Rows come back the
 * way grid reads give them.
 */
import type { Row } from '../../shared/api'
import type { Filter } from '../../shared/filters'
import type { InsertRowsResponse, RowValues, UpdateRowResponse } from '../../shared/api-edit'
import { MSG } from '../../shared/messages'
import type { Param, Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import { finishCells } from './cells'
import type { RowSource, SourceColumn } from './source'
import { findColumn, selectList, whereClause } from './sql'

const relation = (s: RowSource) => quoteQualified(s.schema, s.name)
/** The relation's row type, for json_populate_record(set) to read values by. */
const rowType = (s: RowSource) => `null::${relation(s)}`

/** `t."a" = k."a" and …` over the primary key. */
function keyMatch(source: RowSource): string {
  return source.primaryKey.map((c) => `t.${quoteIdent(c)} = k.${quoteIdent(c)}`).join(' and ')
}

/** Checks that each key names exactly the primary key's columns. */
function checkKeys(source: RowSource, keys: readonly RowValues[]): void {
  if (source.primaryKey.length === 0) throw badRequest(MSG.noPrimaryKey)
  const expected = [...source.primaryKey].sort().join(',')
  for (const key of keys) {
    if (Object.keys(key).sort().join(',') !== expected) {
      throw badRequest(`A row is addressed by its primary key, which is: ${source.primaryKey.join(', ')}`)
    }
  }
}

function why(c: SourceColumn): string {
  if (c.generated) return 'it is a generated column'
  if (c.identity === 'a') return 'it is an identity column generated always'
  return 'it cannot be updated through this view'
}

/** Inserts rows of the same columns (the others get their defaults), answering them, or only their count. */
async function insertGroup(db: Queryable, source: RowSource, rows: readonly RowValues[], answer: boolean) {
  const list = Object.keys(rows[0] ?? {}).map((n) => quoteIdent(findColumn(source, n).name)).join(', ')
  return db.query(
    `insert into ${relation(source)} as t ${list ? `(${list}) ` : ''}
     select ${list} from json_populate_recordset(${rowType(source)}, $1::json)
     ${answer ? `returning ${selectList(source)}` : ''}`,
    [JSON.stringify(rows)],
  )
}

/** The rows' indices grouped by the set of columns they name: one statement per group. */
function byColumns(rows: readonly RowValues[]): number[][] {
  const groups = new Map<string, number[]>()
  rows.forEach((row, i) => {
    const key = JSON.stringify(Object.keys(row).sort())
    groups.set(key, [...(groups.get(key) ?? []), i])
  })
  return [...groups.values()]
}

const refused = (e: unknown) => (e as { code?: unknown } | null)?.code === '42501'

/** Runs `fn` in a savepoint; on a refusal (42501) rolls it back and answers `fallback()` instead. */
async function unlessRefused<T>(db: Queryable, fn: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  await db.query('savepoint studio_insert')
  try {
    const result = await fn()
    await db.query('release savepoint studio_insert')
    return result
  } catch (e) {
    if (!refused(e)) throw e
    await db.query('rollback to savepoint studio_insert')
    await db.query('release savepoint studio_insert')
    return fallback()
  }
}

/**
 * Inserts the rows, each giving only the columns it names (the others get their defaults): one
 * statement per set of columns, the rows answered in the order given. Run it inside a transaction.
 *
 * Running as a role (`role` set), reading the new rows back with RETURNING needs a SELECT policy (and
 * grant) as well as the INSERT one. When that read is refused, the rows are inserted without it and those
 * the role may read are found by this transaction's id; `hidden` counts the others.
 */
export async function insertRows(db: Queryable, source: RowSource, rows: readonly RowValues[], role?: string): Promise<InsertRowsResponse> {
  const groups = byColumns(rows)
  const withReturning = async (): Promise<InsertRowsResponse> => {
    const inserted: Row[] = []
    const unplaced: Row[] = []
    for (const indices of groups) {
      const answer = (await insertGroup(db, source, indices.map((i) => rows[i] ?? {}), true)).rows
      // a BEFORE trigger may skip rows: then the answers cannot be matched to the rows given by place
      if (answer.length === indices.length) answer.forEach((row, j) => (inserted[indices[j] ?? 0] = row))
      else unplaced.push(...answer)
    }
    return finishCells(source, [...inserted.filter(Boolean), ...unplaced])
  }
  const isTable = source.kind === 'r' || source.kind === 'p'
  if (!role || !isTable) return withReturning()
  return unlessRefused(db, withReturning, async () => {
    let count = 0
    for (const indices of groups) count += (await insertGroup(db, source, indices.map((i) => rows[i] ?? {}), false)).rowCount
    // Top-level rows this transaction wrote carry its id as xmin (no savepoint is open any more), in no
    // particular order. Rows a trigger wrote in the table too look the same: when more come back than were
    // inserted, which are ours cannot be told, so none are answered.
    const visible = await unlessRefused(
      db,
      async () =>
        (await db.query(`select ${selectList(source)} from ${relation(source)} as t where t.xmin = pg_current_xact_id()::xid order by t.ctid`)).rows,
      async () => [] as Row[],
    )
    if (visible.length > count) return { rows: [], truncated: [], hidden: 0 }
    return { ...finishCells(source, visible), hidden: count - visible.length }
  })
}

/** Updates the one row with this primary key; 404 when none matched (or row-level security hid it from `role`). */
export async function updateRow(
  db: Queryable,
  source: RowSource,
  primaryKey: RowValues,
  values: RowValues,
  role?: string,
): Promise<UpdateRowResponse> {
  checkKeys(source, [primaryKey])
  const sets = Object.keys(values).map((name) => {
    const c = findColumn(source, name)
    if (!c.updatable) throw badRequest(MSG.columnNotUpdatable(c.name, why(c)))
    return `${quoteIdent(c.name)} = v.${quoteIdent(c.name)}`
  })
  const { rows } = await db.query(
    `update ${relation(source)} as t set ${sets.join(', ')}
     from json_populate_record(${rowType(source)}, $1::json) v, json_populate_record(${rowType(source)}, $2::json) k
     where ${keyMatch(source)}
     returning ${selectList(source)}`,
    [JSON.stringify(values), JSON.stringify(primaryKey)],
  )
  const { rows: [row], truncated } = finishCells(source, rows)
  if (!row) throw notFound(role ? MSG.noRowMatchedAs(role) : MSG.noRowMatched)
  return { row, truncated: truncated.map((cell) => cell.column) }
}

export async function deleteByKeys(db: Queryable, source: RowSource, keys: readonly RowValues[]): Promise<number> {
  checkKeys(source, keys)
  const { rowCount } = await db.query(
    `delete from ${relation(source)} as t using json_populate_recordset(${rowType(source)}, $1::json) k where ${keyMatch(source)}`,
    [JSON.stringify(keys)],
  )
  return rowCount
}

/** Deletes every row the filters match; the body's schema has already required at least one. */
export async function deleteByFilters(db: Queryable, source: RowSource, filters: readonly Filter[]): Promise<number> {
  const params: Param[] = []
  const where = whereClause(source, filters, params)
  return (await db.query(`delete from ${relation(source)} as t${where}`, params)).rowCount
}

export async function truncate(db: Queryable, source: RowSource, cascade: boolean): Promise<void> {
  if (source.kind !== 'r' && source.kind !== 'p') throw badRequest(MSG.tablesOnly(`${source.schema}.${source.name}`, source.type))
  await db.query(`truncate table ${relation(source)}${cascade ? ' cascade' : ''}`)
}
