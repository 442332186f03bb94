/**
 * The grid's URL search (spec 2 and 5): filters, sorts, view, page and page size live only in the URL.
 * The route's schema keeps each part as the URL gives it (the router writes what the schema returns back
 * into the URL, so a part it dropped would vanish unseen); `readGridSearch` reads them, each falling back
 * on its own so a hand-edited or stale URL never throws, and `ignoredParts` tells what it could not read.
 * A field at its default (view data, page 1, 100 rows) is left out of the URL the grid writes.
 */
import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PageSize } from '../../../shared/constants'
import {
  FILTER_OPERATORS, formatFilter, formatSort, parseFilters, parseSorts, unreadFilters, unreadSorts, type Filter, type Sort,
} from '../../../shared/filters'
import { MSG } from '../../../shared/messages'

/** A repeatable key arrives as one string or many; anything else is dropped. */
const rawList = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [v]))
  .catch([])

export function isPageSize(n: number): n is PageSize {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n)
}

export function toPageSize(n: number): PageSize {
  return PAGE_SIZE_OPTIONS.find((size) => size === n) ?? DEFAULT_PAGE_SIZE
}

/** One value as the URL gives it (text, or a number the grid wrote), kept as text; anything else dropped. */
const rawOne = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined)

/** absent or unknown: data */
const viewOf = z.enum(['data', 'definition']).optional().catch(undefined)
/** absent or not a whole number from 1: page 1 */
const pageOf = z.coerce.number().int().min(1).optional().catch(undefined)
/** absent or not a page size: 100 */
const rowsOf = z.coerce.number().refine(isPageSize).transform(toPageSize).optional().catch(undefined)

export const gridSearchSchema = z.object({
  /** raw `column:op:value` entries; malformed ones are ignored by `parseFilters`, and told (`ignoredParts`) */
  filter: rawList,
  /** raw `column:asc|desc` entries; malformed ones are ignored by `parseSorts`, and told */
  sort: rawList,
  /** as given: read by `viewOf` */
  view: rawOne,
  /** as given: read by `pageOf` */
  page: rawOne,
  /** as given: read by `rowsOf` */
  rows: rawOne,
  /** the table list's schema, when it differs from the open table's */
  schema: z.string().min(1).optional().catch(undefined),
})

/** The grid's state as the rest of the code uses it: parsed filters and sorts, defaults filled in. */
export interface GridView {
  filters: Filter[]
  sorts: Sort[]
  view: 'data' | 'definition'
  page: number
  rows: PageSize
  schema: string | undefined
}

export function readGridSearch(search: unknown): GridView {
  const s = gridSearchSchema.parse(search ?? {})
  return {
    filters: parseFilters(s.filter),
    sorts: parseSorts(s.sort),
    view: viewOf.parse(s.view) ?? 'data',
    page: pageOf.parse(s.page) ?? 1,
    rows: rowsOf.parse(s.rows) ?? DEFAULT_PAGE_SIZE,
    schema: s.schema,
  }
}

/** What a part of the grid's URL must look like, for the notice that says it was ignored. */
const SHAPES = {
  filter: `a filter is column:operator:value, the operator one of ${FILTER_OPERATORS.join(', ')} ('is' takes null, not null, true or false)`,
  sort: 'a sort is column:asc or column:desc',
  view: 'view is data or definition',
  page: 'page is a whole number from 1',
  rows: `rows is one of ${PAGE_SIZE_OPTIONS.join(', ')}`,
}

/**
 * The parts of the raw URL search the grid could not read and so ignores: one notice each
 * (MSG.urlPartIgnored), never a silent drop.
 */
export function ignoredParts(search: Record<string, unknown>): string[] {
  const s = gridSearchSchema.parse(search)
  const unread = (value: string | undefined, read: (v: string) => unknown) => (value !== undefined && read(value) === undefined ? [value] : [])
  const entries: [keyof typeof SHAPES, string[]][] = [
    ['filter', unreadFilters(s.filter)],
    ['sort', unreadSorts(s.sort)],
    ['view', unread(s.view, (v) => viewOf.parse(v))],
    ['page', unread(s.page, (v) => pageOf.parse(v))],
    ['rows', unread(s.rows, (v) => rowsOf.parse(v))],
  ]
  return entries.flatMap(([key, values]) => values.map((value) => MSG.urlPartIgnored(`${key}=${value}`, SHAPES[key])))
}

/** The URL asks for filters that could not be read: a delete or an export must not run unfiltered. */
export function hasUnreadFilters(search: Record<string, unknown>): boolean {
  return unreadFilters(search.filter).length > 0
}

/** The URL form: defaults and empty lists left out, so links stay short. */
export function gridSearchParams(v: Partial<GridView>): Record<string, unknown> {
  return {
    filter: v.filters?.length ? v.filters.map(formatFilter) : undefined,
    sort: v.sorts?.length ? v.sorts.map(formatSort) : undefined,
    view: v.view === 'definition' ? 'definition' : undefined,
    page: v.page && v.page > 1 ? v.page : undefined,
    rows: v.rows && v.rows !== DEFAULT_PAGE_SIZE ? v.rows : undefined,
    schema: v.schema,
  }
}

/** A new search from the current one with some fields changed; keys the grid does not own are kept. */
export function patchGridSearch(prev: Record<string, unknown>, patch: Partial<GridView>): Record<string, unknown> {
  return { ...prev, ...gridSearchParams({ ...readGridSearch(prev), ...patch }) }
}

export function pageCount(count: number, rows: number): number {
  return Math.max(1, Math.ceil(count / rows))
}
