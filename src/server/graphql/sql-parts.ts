/**
 * Pieces of the statements GraphQL operations become: identifiers always quoted (names come from the
 * schema cache), every value a bind parameter. Rows come back as one jsonb text per row, keyed c0…cN.
 */
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import type { Param } from '../db/driver'
import { asParam, decodeNodeId } from './ids'
import type { GqlColumn, GqlEntity } from './model'
import { GraphqlError } from './errors'

export class Params {
  readonly values: Param[] = []
  add(value: Param): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export const tableOf = (e: GqlEntity) => quoteQualified(e.relation.schema, e.relation.name)
export const colRef = (alias: string, column: string) => `${alias}.${quoteIdent(column)}`
/** The column's type, for casts of parameters (`$1::"pg_catalog"."int4"`). */
export const typeOf = (c: GqlColumn) => quoteQualified(c.column.udtSchema, c.column.udtName)

export const columnOf = (e: GqlEntity, name: string) => {
  const c = e.columns.find((x) => x.column.name === name)
  if (!c) throw new GraphqlError(`Unknown column ${name}`)
  return c
}

/**
 * How a column is read: BigInt, BigFloat and JSON as text (pg_graphql's strings), everything else as
 * to_jsonb renders it (numbers, booleans, ISO dates, arrays).
 */
export function outputExpr(c: GqlColumn, alias: string): string {
  const ref = colRef(alias, c.column.name)
  if (c.kind === 'BigInt' || c.kind === 'BigFloat' || c.kind === 'JSON') return c.list ? `${ref}::text[]` : `${ref}::text`
  return ref
}

/** A Postgres array literal of text elements ({"a","b",NULL}). */
function arrayLiteral(items: readonly unknown[]): string {
  return `{${items.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(toText(v)).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`
}

function toText(v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v)
}

/** A GraphQL input value for a column, as a text parameter (null stays null). */
export function valueParam(_c: GqlColumn, v: unknown): Param {
  if (v === null || v === undefined) return null
  if (Array.isArray(v)) return arrayLiteral(v)
  return toText(v)
}

/** The SELECT list of the needed columns (as c0…) from alias `t`, with the map back to column names. */
export function selectList(e: GqlEntity, columns: readonly string[], alias: string): { sql: string; names: string[] } {
  const names = [...new Set(columns)]
  const sql = names.map((n, i) => `${outputExpr(columnOf(e, n), alias)} as c${i}`).join(', ')
  return { sql, names }
}

/** Rows of `select to_jsonb(x)::text as r` back into { column: value }. */
export function decodeRows(rows: readonly { r: unknown }[], names: readonly string[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const o = JSON.parse(String(row.r)) as Record<string, unknown>
    const values: Record<string, unknown> = {}
    names.forEach((n, i) => (values[n] = o[`c${i}`] ?? null))
    return values
  })
}

type Ops = Record<string, unknown>

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', regex: '~', iregex: '~*' }
const ARRAY_OPS: Record<string, string> = { contains: '@>', containedBy: '<@', overlaps: '&&' }

function columnFilter(c: GqlColumn, ops: Ops, alias: string, p: Params): string[] {
  const ref = colRef(alias, c.column.name)
  const out: string[] = []
  for (const [op, value] of Object.entries(ops)) {
    if (value === undefined) continue
    if (op === 'is') {
      out.push(value === 'NULL' ? `${ref} is null` : `${ref} is not null`)
      continue
    }
    if (value === null) continue
    if (c.list) {
      if (op === 'eq') out.push(`${ref} = ${p.add(valueParam(c, value))}::${typeOf(c)}`)
      else if (ARRAY_OPS[op]) out.push(`${ref} ${ARRAY_OPS[op]} ${p.add(valueParam(c, value))}::${typeOf(c)}`)
      else throw new GraphqlError(`Unknown filter operation ${op}`)
    } else if (op === 'in') {
      out.push(`${ref} = any(${p.add(valueParam(c, value))}::${typeOf(c)}[])`)
    } else if (op === 'startsWith') {
      out.push(`starts_with(${ref}::text, ${p.add(valueParam(c, value))})`)
    } else if (COMPARE[op]) {
      out.push(`${ref} ${COMPARE[op]} ${p.add(valueParam(c, value))}::${typeOf(c)}`)
    } else {
      throw new GraphqlError(`Unknown filter operation ${op}`)
    }
  }
  return out
}

/** The primary key's condition for a record (nodeId, to-one links). */
export function keyCondition(e: GqlEntity, key: readonly unknown[], alias: string, p: Params): string {
  return e.relation.primaryKey
    .map((k, i) => `${colRef(alias, k)} = ${p.add(asParam(key[i] as string))}::${typeOf(columnOf(e, k))}`)
    .join(' and ')
}

/** A `<Type>Filter` input as a WHERE condition ('true' when it sets nothing). */
export function filterSql(e: GqlEntity, filter: Ops | null | undefined, alias: string, p: Params): string {
  if (!filter) return 'true'
  const parts: string[] = []
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue
    if (key === 'and' || key === 'or') {
      const items = (value as Ops[]).map((f) => `(${filterSql(e, f, alias, p)})`)
      parts.push(items.length ? `(${items.join(` ${key} `)})` : key === 'and' ? 'true' : 'false')
    } else if (key === 'not') {
      parts.push(`not (${filterSql(e, value as Ops, alias, p)})`)
    } else if (key === 'nodeId') {
      const eq = (value as Ops).eq
      if (typeof eq !== 'string') continue
      const id = decodeNodeId(eq)
      const same = id.schema === e.relation.schema && id.table === e.relation.name && id.key.length === e.relation.primaryKey.length
      parts.push(same ? `(${keyCondition(e, id.key, alias, p)})` : 'false')
    } else {
      const c = e.columns.find((x) => x.field === key)
      if (!c) throw new GraphqlError(`Unknown filter field ${key}`)
      parts.push(...columnFilter(c, value as Ops, alias, p))
    }
  }
  return parts.length ? parts.join(' and ') : 'true'
}
