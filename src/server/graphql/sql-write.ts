/**
 * Mutations as single statements whose RETURNING list is what the response's `records` select (and the
 * primary key): insert many records (a column a record leaves out takes its DEFAULT), update with `set`
 * and delete, both limited by `filter`.
 */
import { quoteIdent } from '../../shared/sql-quote'
import type { GqlEntity } from './model'
import { GraphqlError } from './errors'
import { filterSql, Params, selectList, tableOf, valueParam } from './sql-parts'

export interface WriteQuery {
  sql: string
  params: Params
  names: string[]
}

/** `with w as (<write> returning cols) select to_jsonb(x)::text as r from w cross join lateral (…)`. */
function wrap(e: GqlEntity, write: string, columns: string[], p: Params): WriteQuery {
  const names = [...new Set([...columns, ...e.relation.primaryKey])]
  const list = selectList(e, names, 'w')
  const sql = `with w as (${write} returning ${names.map(quoteIdent).join(', ')}) select to_jsonb(x)::text as r from w cross join lateral (select ${list.sql}) as x`
  return { sql, params: p, names: list.names }
}

const byField = (e: GqlEntity, field: string) => {
  const c = e.columns.find((x) => x.field === field)
  if (!c) throw new GraphqlError(`Unknown field ${field}`)
  return c
}

export function insertQuery(e: GqlEntity, objects: Record<string, unknown>[], columns: string[]): WriteQuery {
  if (objects.length === 0) throw new GraphqlError('At least one record must be provided to objects')
  const fields = [...new Set(objects.flatMap((o) => Object.keys(o).filter((k) => o[k] !== undefined)))]
  const cols = fields.map((f) => byField(e, f))
  const p = new Params()
  let write: string
  if (cols.length === 0) {
    if (objects.length !== 1) throw new GraphqlError('Records with no values can only be inserted one at a time')
    write = `insert into ${tableOf(e)} default values`
  } else {
    const rows = objects.map((o) => `(${cols.map((c) => (o[c.field] === undefined ? 'default' : p.add(valueParam(c, o[c.field])))).join(', ')})`)
    write = `insert into ${tableOf(e)} (${cols.map((c) => quoteIdent(c.column.name)).join(', ')}) values ${rows.join(', ')}`
  }
  return wrap(e, write, columns, p)
}

export function updateQuery(e: GqlEntity, set: Record<string, unknown>, filter: Record<string, unknown> | null | undefined, columns: string[]): WriteQuery {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined)
  if (entries.length === 0) throw new GraphqlError('At least one mapping required in `set`')
  const p = new Params()
  const assignments = entries.map(([f, v]) => {
    const c = byField(e, f)
    return `${quoteIdent(c.column.name)} = ${p.add(valueParam(c, v))}`
  })
  const where = filterSql(e, filter, 'u', p)
  return wrap(e, `update ${tableOf(e)} as u set ${assignments.join(', ')} where ${where}`, columns, p)
}

export function deleteQuery(e: GqlEntity, filter: Record<string, unknown> | null | undefined, columns: string[]): WriteQuery {
  const p = new Params()
  const where = filterSql(e, filter, 'd', p)
  return wrap(e, `delete from ${tableOf(e)} as d where ${where}`, columns, p)
}

