/**
 * The grid's row queries, built as pure functions of a relation and the user's filters and sorts.
 * Identifiers are quoted through quote.ts; every value is a bind parameter.
 */
import type { Filter, Sort } from '../../shared/filters'
import { IS_VALUES, splitInValues } from '../../shared/filters'
import { MAX_CELL_CHARACTERS } from '../../shared/constants'
import type { Param } from '../db/driver'
import { badRequest } from '../errors'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import type { RowSource, SourceColumn } from './source'

export interface Statement {
  sql: string
  params: Param[]
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', lt: '<', gte: '>=', lte: '<=' } as const
const IS_SQL: Record<(typeof IS_VALUES)[number], string> = {
  null: 'is null', 'not null': 'is not null', true: 'is true', false: 'is false',
}

/** Long values of these types are cut to MAX_CELL_CHARACTERS in the grid. */
export function isLongType(c: SourceColumn): boolean {
  return c.category === 'S' || ['json', 'jsonb', 'xml', 'bytea'].includes(c.type)
}

/** The relation's column of this name; 400 when there is none. */
export function findColumn(source: RowSource, name: string): SourceColumn {
  const found = source.columns.find((c) => c.name === name)
  if (!found) throw badRequest(MSG.columnMissing(name, `${source.schema}.${source.name}`))
  return found
}

const ref = (name: string) => `t.${quoteIdent(name)}`

function condition(source: RowSource, f: Filter, params: Param[]): string {
  const col = findColumn(source, f.column)
  const target = ref(col.name)
  const bind = (value: string) => {
    params.push(value)
    return `$${params.length}`
  }
  switch (f.operator) {
    case 'like':
    case 'ilike':
      return `${col.category === 'S' ? target : `${target}::text`} ${f.operator} ${bind(f.value)}`
    case 'in': {
      const values = splitInValues(f.value)
      return values.length ? `${target} in (${values.map(bind).join(', ')})` : 'false'
    }
    case 'is': {
      const is = IS_SQL[f.value as keyof typeof IS_SQL]
      if (!is) throw badRequest(`Filter "is" takes one of: ${IS_VALUES.join(', ')}`)
      return `${target} ${is}`
    }
    default:
      return `${target} ${COMPARISONS[f.operator]} ${bind(f.value)}`
  }
}

/** ' where …' for the filters (all must hold), or ''. */
export function whereClause(source: RowSource, filters: readonly Filter[], params: Param[]): string {
  const conditions = filters.map((f) => condition(source, f, params))
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

/** ' order by …': the user's sorts, then the primary key ascending so pages are stable. */
export function orderClause(source: RowSource, sorts: readonly Sort[]): string {
  const terms = sorts.map((s) => {
    const nulls = s.nullsFirst === undefined ? '' : s.nullsFirst ? ' nulls first' : ' nulls last'
    return `${ref(findColumn(source, s.column).name)} ${s.ascending ? 'asc' : 'desc'}${nulls}`
  })
  const sorted = new Set(sorts.map((s) => s.column))
  for (const key of source.primaryKey) if (!sorted.has(key)) terms.push(`${ref(key)} asc`)
  return terms.length ? ` order by ${terms.join(', ')}` : ''
}

/** The select list: every column, long text-like values cut to one more than MAX_CELL_CHARACTERS. */
export function selectList(source: RowSource): string {
  return source.columns
    .map((c) => (isLongType(c) ? `left(${ref(c.name)}::text, ${MAX_CELL_CHARACTERS + 1}) as ${quoteIdent(c.name)}` : ref(c.name)))
    .join(', ')
}

export interface PageRequest {
  filters: readonly Filter[]
  sorts: readonly Sort[]
  page: number
  limit: number
}

/** From this offset on, a page's keys are found before its rows (see selectRows). */
export const DEFERRED_JOIN_OFFSET = 1000

/**
 * One page of rows. Deep in a table with a primary key, the page's keys are found first and the rows
 * joined to them, so the offset walks the key index rather than whole rows.
 */
export function selectRows(source: RowSource, req: PageRequest): Statement {
  const params: Param[] = []
  const from = `${quoteQualified(source.schema, source.name)} t`
  const where = whereClause(source, req.filters, params)
  const order = orderClause(source, req.sorts)
  const offset = (req.page - 1) * req.limit
  params.push(req.limit, offset)
  const page = ` limit $${params.length - 1} offset $${params.length}`
  if (source.primaryKey.length === 0 || offset < DEFERRED_JOIN_OFFSET) {
    return { sql: `select ${selectList(source)} from ${from}${where}${order}${page}`, params }
  }
  const keys = source.primaryKey.map(quoteIdent).join(', ')
  return {
    sql: `select ${selectList(source)} from ${from} join (select ${keys} from ${from}${where}${order}${page}) k using (${keys})${order}`,
    params,
  }
}

export function countRows(source: RowSource, filters: readonly Filter[]): Statement {
  const params: Param[] = []
  const where = whereClause(source, filters, params)
  return { sql: `select count(*) as count from ${quoteQualified(source.schema, source.name)} t${where}`, params }
}

/** The planner's plan for the filtered rows; its top node's 'Plan Rows' is the row estimate. */
export function explainRows(source: RowSource, filters: readonly Filter[]): Statement {
  const params: Param[] = []
  const where = whereClause(source, filters, params)
  return { sql: `explain (format json) select from ${quoteQualified(source.schema, source.name)} t${where}`, params }
}
