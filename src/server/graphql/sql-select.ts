/**
 * A collection read as one statement: filter, order (always ending with the primary key, so cursors are
 * unique), keyset pagination by cursor (first/after forwards, last/before backwards) and offset; one row
 * more than the page is read to tell whether another page follows.
 */
import { GRAPHQL_MAX_ROWS } from '../../shared/constants'
import { decodeCursor, encodeCursor } from './ids'
import type { GqlEntity } from './model'
import { GraphqlError } from './errors'
import { colRef, columnOf, filterSql, outputExpr, Params, selectList, tableOf, typeOf } from './sql-parts'

export type Direction = 'AscNullsFirst' | 'AscNullsLast' | 'DescNullsFirst' | 'DescNullsLast'

export interface CollectionArgs {
  first?: number | null
  last?: number | null
  before?: string | null
  after?: string | null
  offset?: number | null
  filter?: Record<string, unknown> | null
  orderBy?: Record<string, Direction>[] | null
}

interface Key {
  column: string
  dir: Direction
}

const REVERSED: Record<Direction, Direction> = {
  AscNullsFirst: 'DescNullsLast', AscNullsLast: 'DescNullsFirst', DescNullsFirst: 'AscNullsLast', DescNullsLast: 'AscNullsFirst',
}
const ORDER_SQL: Record<Direction, string> = {
  AscNullsFirst: 'asc nulls first', AscNullsLast: 'asc nulls last', DescNullsFirst: 'desc nulls first', DescNullsLast: 'desc nulls last',
}

function orderKeys(e: GqlEntity, orderBy: CollectionArgs['orderBy']): Key[] {
  const keys: Key[] = []
  for (const item of orderBy ?? []) {
    const entries = Object.entries(item).filter(([, v]) => v !== null && v !== undefined)
    if (entries.length !== 1) throw new GraphqlError('Only one key-value pair may be provided per element of orderBy')
    const [field, dir] = entries[0]!
    const c = e.columns.find((x) => x.field === field)
    if (!c) throw new GraphqlError(`Unknown orderBy field ${field}`)
    if (!keys.some((k) => k.column === c.column.name)) keys.push({ column: c.column.name, dir })
  }
  for (const k of e.relation.primaryKey) if (!keys.some((x) => x.column === k)) keys.push({ column: k, dir: 'AscNullsLast' })
  return keys
}

/** Rows strictly after `values` in the order of `keys`. */
function afterCondition(e: GqlEntity, keys: Key[], values: unknown[], alias: string, p: Params): string {
  const ors: string[] = []
  for (let i = 0; i < keys.length; i++) {
    const ands: string[] = []
    for (let j = 0; j < i; j++) {
      const c = columnOf(e, keys[j]!.column)
      const v = values[j]
      ands.push(v === null ? `${colRef(alias, c.column.name)} is null` : `${colRef(alias, c.column.name)} = ${p.add(String(v))}::${typeOf(c)}`)
    }
    const { column, dir } = keys[i]!
    const c = columnOf(e, column)
    const ref = colRef(alias, column)
    const v = values[i]
    const asc = dir.startsWith('Asc')
    const nullsFirst = dir.endsWith('NullsFirst')
    let step: string
    if (v === null) step = nullsFirst ? `${ref} is not null` : 'false'
    else {
      const cmp = `${ref} ${asc ? '>' : '<'} ${p.add(String(v))}::${typeOf(c)}`
      step = nullsFirst ? cmp : `(${cmp} or ${ref} is null)`
    }
    ors.push(`(${[...ands, step].join(' and ')})`)
  }
  return `(${ors.join(' or ')})`
}

export interface CollectionQuery {
  sql: string
  params: Params
  names: string[]
  keys: Key[]
  limit: number
  backward: boolean
}

/**
 * The statement for a page of `e`. `extra`: a condition already written with `p` (a to-many link's parent
 * columns).
 */
export function collectionQuery(e: GqlEntity, args: CollectionArgs, columns: string[], extra?: (alias: string, p: Params) => string): CollectionQuery {
  if (args.first != null && args.last != null) throw new GraphqlError('only one of "first" and "last" may be provided')
  if (args.before != null && args.after != null) throw new GraphqlError('only one of "before" and "after" may be provided')
  if (args.first != null && args.before != null) throw new GraphqlError('"first" may only be used with "after"')
  if (args.last != null && args.after != null) throw new GraphqlError('"last" may only be used with "before"')
  const requested = args.first ?? args.last
  if (requested != null && requested < 0) throw new GraphqlError('`first` and `last` must be non-negative')
  if (args.offset != null && args.offset < 0) throw new GraphqlError('`offset` must be non-negative')
  if (args.offset != null && (args.last != null || args.before != null)) throw new GraphqlError('"offset" may only be used with "first" and "after"')
  const backward = args.last != null || args.before != null
  const limit = Math.min(requested ?? GRAPHQL_MAX_ROWS, GRAPHQL_MAX_ROWS)
  const keys = orderKeys(e, args.orderBy)
  const effective = backward ? keys.map((k) => ({ ...k, dir: REVERSED[k.dir] })) : keys
  const p = new Params()
  const alias = 't0'
  const where = [filterSql(e, args.filter, alias, p)]
  if (extra) where.push(extra(alias, p))
  const cursor = args.after ?? args.before
  if (cursor != null) where.push(afterCondition(e, effective, decodeCursor(cursor, keys.length), alias, p))
  const list = selectList(e, [...columns, ...e.relation.primaryKey], alias)
  const keyExprs = keys.map((k, i) => `${outputExpr(columnOf(e, k.column), alias)} as k${i}`).join(', ')
  const order = effective.map((k) => `${colRef(alias, k.column)} ${ORDER_SQL[k.dir]}`).join(', ')
  const offset = args.offset ? ` offset ${p.add(args.offset)}` : ''
  const sql =
    `select to_jsonb(x)::text as r from ${tableOf(e)} as ${alias} cross join lateral (select ${list.sql}, ${keyExprs}) as x` +
    ` where ${where.join(' and ')} order by ${order} limit ${p.add(limit + 1)}${offset}`
  return { sql, params: p, names: list.names, keys, limit, backward }
}

/** The cursor of a row read by collectionQuery (its k0… values). */
export const cursorOf = (raw: Record<string, unknown>, keys: readonly Key[]) =>
  encodeCursor(keys.map((_, i) => (raw[`k${i}`] ?? null) as string | number | boolean | null))

/** count(*) of what the filter (and link) selects, for totalCount. */
export function countQuery(e: GqlEntity, filter: CollectionArgs['filter'], extra?: (alias: string, p: Params) => string) {
  const p = new Params()
  const where = [filterSql(e, filter, 't0', p)]
  if (extra) where.push(extra('t0', p))
  return { sql: `select count(*)::int as n from ${tableOf(e)} as t0 where ${where.join(' and ')}`, params: p }
}
