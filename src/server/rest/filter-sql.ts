/**
 * Filters (FilterNode trees) as SQL conditions on one relation's alias: every column checked against the
 * schema cache and quoted, every value a bind parameter, JSON path keys too. Used by reads (select-sql.ts)
 * and by writes and RPC (H3): `filterSql(node, scope)`.
 */
import { quoteIdent } from '../../shared/sql-quote'
import type { Condition, Field, FilterNode } from './ast'
import { RestError } from './errors'
import type { CachedColumn, CachedRelation } from './schema-cache'
import type { SqlParams } from './sql-params'

/** Where a filter is evaluated: a relation under an SQL alias. */
export interface FilterScope {
  relation: CachedRelation
  /** the FROM alias of `relation` in the statement (an internal name, or a quoted identifier) */
  alias: string
  params: SqlParams
  /**
   * Embedded resources of this level by the name the select gave them (alias or relation): a filter
   * `author=is.null` / `author=not.is.null` tests whether the embedded resource has a row. The value is the
   * SQL expression that is null exactly when it has none.
   */
  embeds?: ReadonlyMap<string, string>
}

/** A column of `relation`, or 400 42703 as Postgres words it. */
export function columnOf(relation: CachedRelation, name: string): CachedColumn {
  const column = relation.columns.find((c) => c.name === name)
  if (!column) throw unknownColumn(relation, name)
  return column
}

export const unknownColumn = (relation: CachedRelation, name: string) =>
  new RestError(400, '42703', `column ${relation.name}.${name} does not exist`)

/** The SQL type of a field's value: its column's type, or jsonb/text after a JSON path. */
export interface FieldSql {
  sql: string
  column: CachedColumn
  /** the type of `sql`: the column's (schema-qualified) type, or 'jsonb'/'text' after `->`/`->>` */
  type: string
}

/** `alias."col"` with its JSON path (`->$n`, `->>$n`, keys as parameters). */
export function fieldSql(field: Field, scope: Pick<FilterScope, 'relation' | 'alias' | 'params'>): FieldSql {
  const column = columnOf(scope.relation, field.name)
  let sql = `${scope.alias}.${quoteIdent(column.name)}`
  let type = column.type
  if (field.json.length) {
    // json columns keep json's operators; anything else (jsonb) uses jsonb's
    const isJson = column.udtName === 'json'
    for (const step of field.json) {
      const key = typeof step.key === 'number' ? scope.params.typed(step.key, 'int') : scope.params.typed(step.key, 'text')
      sql = `${sql}${step.arrow}${key}`
    }
    type = field.json[field.json.length - 1]!.arrow === '->>' ? 'text' : isJson ? 'json' : 'jsonb'
  }
  return { sql, column, type }
}

/** `type[]` for a list parameter compared with a value of `type` (`in`, `eq(any)`). */
function arrayOf(type: string): string {
  // json has no equality operator: compare as text would change semantics, so jsonb
  const base = type === 'json' ? 'jsonb' : type
  return `${base}[]`
}

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }
const TEXT_MATCH: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' }
const RANGE_OPS: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' }
const FTS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }
const IS: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }

const one = (value: string | string[]) => (Array.isArray(value) ? value.join(',') : value)
const many = (value: string | string[]) => (Array.isArray(value) ? value : [value])

function conditionSql(c: Condition, scope: FilterScope): string {
  // `author=not.is.null`: an embedded resource, not a column
  const embed = c.field.json.length === 0 && !scope.relation.columns.some((col) => col.name === c.field.name) ? scope.embeds?.get(c.field.name) : undefined
  if (embed !== undefined) {
    const v = one(c.value)
    if (c.op !== 'is' || (v !== 'null' && v !== 'not_null')) {
      throw new RestError(400, 'PGRST100', `"failed to parse filter (${c.op}.${v})" (line 1, column 1)`, 'Only is null or not is null filters are allowed on embedded resources')
    }
    return `${embed} is ${(v === 'null') !== c.negate ? '' : 'not '}null`
  }
  const f = fieldSql(c.field, scope)
  const p = scope.params
  let sql: string
  const op = c.op
  if (c.quantifier) {
    const quant = c.quantifier
    if (COMPARE[op]) sql = `${f.sql} ${COMPARE[op]} ${quant}(${p.typed(many(c.value), arrayOf(f.type))})`
    else if (TEXT_MATCH[op]) sql = `${f.sql} ${TEXT_MATCH[op]} ${quant}(${p.typed(many(c.value), 'text[]')})`
    else throw new RestError(400, 'PGRST100', `"failed to parse filter (${op}(${quant}))" (line 1, column 1)`, `unexpected "(" expecting "."`)
  } else if (COMPARE[op]) {
    sql = `${f.sql} ${COMPARE[op]} ${p.add(one(c.value))}`
  } else if (TEXT_MATCH[op]) {
    sql = `${f.sql} ${TEXT_MATCH[op]} ${p.add(one(c.value))}`
  } else if (op === 'in') {
    sql = `${f.sql} = any(${p.typed(many(c.value), arrayOf(f.type))})`
  } else if (op === 'is') {
    const v = IS[one(c.value).toLowerCase()]
    if (!v) throw new RestError(400, 'PGRST100', `"failed to parse filter (is.${one(c.value)})" (line 1, column 1)`, 'unexpected value: expecting null, not_null, true, false or unknown')
    sql = `${f.sql} is ${v}`
  } else if (op === 'isdistinct') {
    sql = `${f.sql} is distinct from ${p.add(one(c.value))}`
  } else if (FTS[op]) {
    const lang = c.language !== undefined ? `${p.typed(c.language, 'regconfig')}, ` : ''
    sql = `${f.sql} @@ ${FTS[op]}(${lang}${p.typed(one(c.value), 'text')})`
  } else if (RANGE_OPS[op]) {
    // the literal (`{1,2}`, `[1,5)`, `{"a":1}`) typed by Postgres from the other side, as PostgREST's unknown literal is
    sql = `${f.sql} ${RANGE_OPS[op]} ${p.add(one(c.value))}`
  } else {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${String(op)})" (line 1, column 1)`, 'unknown operator')
  }
  return c.negate ? `not (${sql})` : sql
}

/** One filter tree as an SQL condition (parenthesised). */
export function filterSql(node: FilterNode, scope: FilterScope): string {
  if (node.kind === 'condition') return `(${conditionSql(node, scope)})`
  const parts = node.children.map((child) => filterSql(child, scope))
  const body = parts.length ? parts.join(node.op === 'and' ? ' and ' : ' or ') : node.op === 'and' ? 'true' : 'false'
  return node.negate ? `(not (${body}))` : `(${body})`
}

/** Several filters of one level, and-ed ('' when there are none). */
export function filtersSql(nodes: readonly FilterNode[], scope: FilterScope): string {
  return nodes.map((n) => filterSql(n, scope)).join(' and ')
}
