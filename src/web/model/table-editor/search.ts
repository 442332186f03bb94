/**
 * The grid's URL search (spec 2 and 5): filters, sorts, view, page and page size live only in the URL.
 * Every field catches a fallback, so a hand-edited or stale URL never throws. A field at its default
 * (view data, page 1, 100 rows) reads as absent, because the router writes what this schema returns
 * back into the URL; `readGridSearch` fills the defaults in.
 */
import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PageSize } from '../../../shared/constants'
import { formatFilter, formatSort, parseFilters, parseSorts, type Filter, type Sort } from '../../../shared/filters'

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

export const gridSearchSchema = z.object({
  /** raw `column:op:value` entries; malformed ones are ignored by `parseFilters` */
  filter: rawList,
  /** raw `column:asc|desc` entries; malformed ones are ignored by `parseSorts` */
  sort: rawList,
  /** absent or unknown: data */
  view: z.enum(['data', 'definition']).optional().catch(undefined),
  /** absent or not a whole number from 1: page 1 */
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  /** absent or not a page size: 100 */
  rows: z.coerce.number().refine(isPageSize).transform(toPageSize).optional().catch(undefined),
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
    view: s.view ?? 'data',
    page: s.page ?? 1,
    rows: s.rows ?? DEFAULT_PAGE_SIZE,
    schema: s.schema,
  }
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
