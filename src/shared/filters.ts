import { z } from 'zod'

/** Filter operators as they appear in the URL (spec 5, 'Filter and sort in the URL'). */
export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'like', 'ilike', 'in', 'is'] as const
export const FilterOperator = z.enum(FILTER_OPERATORS)
export type FilterOperator = z.infer<typeof FilterOperator>

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'equals', neq: 'not equal', gt: 'greater than', lt: 'less than', gte: 'greater than or equal',
  lte: 'less than or equal', like: 'like', ilike: 'like (case-insensitive)', in: 'one of', is: 'is',
}
/** 'is' takes null, not null, true or false. */
export const IS_VALUES = ['null', 'not null', 'true', 'false'] as const
export const IsValue = z.enum(IS_VALUES)

export const Filter = z.object({ column: z.string().min(1), operator: FilterOperator, value: z.string() })
export type Filter = z.infer<typeof Filter>
export const Sort = z.object({
  column: z.string().min(1),
  ascending: z.boolean(),
  nullsFirst: z.boolean().optional(),
})
export type Sort = z.infer<typeof Sort>

/**
 * A column name as the URL writes it: '%' and ':' percent-encoded, so a column named 'a:b' cannot be read
 * as column 'a' and operator 'b'. Only these two are encoded; any other text stays as it is.
 */
export function encodeColumn(name: string): string {
  return name.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'))
}

export function decodeColumn(part: string): string {
  return part.replace(/%(25|3a)/gi, (_, code: string) => (code === '25' ? '%' : ':'))
}

/** Splits 'column:op:value' (the column encoded by encodeColumn; the value may hold ':'); null when malformed. */
export function parseFilter(entry: string): Filter | null {
  const first = entry.indexOf(':')
  if (first <= 0) return null
  const second = entry.indexOf(':', first + 1)
  if (second < 0) return null
  const column = decodeColumn(entry.slice(0, first))
  const op = FilterOperator.safeParse(entry.slice(first + 1, second))
  if (!op.success) return null
  const value = entry.slice(second + 1)
  if (op.data === 'is' && !IsValue.safeParse(value).success) return null
  return { column, operator: op.data, value }
}

export function formatFilter(f: Filter): string {
  return `${encodeColumn(f.column)}:${f.operator}:${f.value}`
}

/** 'column:asc|desc' (the column encoded as in filters); entries with missing or unknown parts are ignored (null). */
export function parseSort(entry: string): Sort | null {
  const at = entry.lastIndexOf(':')
  if (at <= 0) return null
  const column = decodeColumn(entry.slice(0, at))
  const dir = entry.slice(at + 1)
  if (dir !== 'asc' && dir !== 'desc') return null
  return { column, ascending: dir === 'asc' }
}

export function formatSort(s: Sort): string {
  return `${encodeColumn(s.column)}:${s.ascending ? 'asc' : 'desc'}`
}

/** A URL search value may be absent, one string or many. */
function asList(v: unknown): string[] {
  if (v === undefined || v === null) return []
  const list = Array.isArray(v) ? v : [v]
  return list.filter((x): x is string => typeof x === 'string')
}

export function parseFilters(v: unknown): Filter[] {
  return asList(v).map(parseFilter).filter((f): f is Filter => f !== null)
}

export function parseSorts(v: unknown): Sort[] {
  return asList(v).map(parseSort).filter((s): s is Sort => s !== null)
}

/** The entries parseFilters leaves out, so they can be told rather than dropped unseen. */
export function unreadFilters(v: unknown): string[] {
  return asList(v).filter((entry) => parseFilter(entry) === null)
}

/** The entries parseSorts leaves out. */
export function unreadSorts(v: unknown): string[] {
  return asList(v).filter((entry) => parseSort(entry) === null)
}

/** 'in' takes a comma list. */
export function splitInValues(value: string): string[] {
  return value.split(',').map((v) => v.trim()).filter((v) => v.length > 0)
}
