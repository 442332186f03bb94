/** The bodies of grid-view.ts's commands: they change the grid's URL search. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { openTable } from './grid-args'
import {
  grid, gridPlace, normalizeValue, type AddFilterArgs, type AddSortArgs, type EditFilterArgs, type GoToPageArgs, type PageSizeArgs,
  type RemoveFilterArgs, type RemoveSortArgs,
} from './grid-view'
import { confirmPageChange } from './grid-selection.run'
import type { CommandContext } from '../src/web/model/app/context'
import { formatFilter } from '../src/shared/filters'
import { shownCount } from '../src/web/model/table-editor/count-correction'
import { cachedCount, countExactly, lastPage, pageSeen } from '../src/web/model/table-editor/paging'
import { pageCount, patchGridSearch, readGridSearch, type GridView } from '../src/web/model/table-editor/search'

/** Changes the grid's URL search; `change` sees the search as it is at that moment. */
function updateGrid(ctx: CommandContext, change: (v: GridView) => Partial<GridView>): Promise<void> {
  return ctx.navigate({ search: (prev) => patchGridSearch(prev, change(readGridSearch(prev))) })
}

async function requireColumn(ctx: CommandContext, column: string): Promise<void> {
  const table = await openTable(ctx)
  if (!table.columns.some((c) => c.name === column)) {
    throw new CommandError(`There is no column "${column}" in ${table.name}`, 'invalid-args')
  }
}

function requireFilter(ctx: CommandContext, entry: string): void {
  if (!grid(ctx).filters.some((f) => formatFilter(f) === entry)) {
    throw new CommandError(`No filter "${entry}" is applied`, 'invalid-args')
  }
}

// ---- filters ----

export async function addFilter(ctx: CommandContext, args: z.infer<typeof AddFilterArgs>) {
  const f = normalizeValue(args)
  await requireColumn(ctx, f.column)
  const entry = formatFilter(f)
  await updateGrid(ctx, (v) => ({
    filters: v.filters.some((x) => formatFilter(x) === entry) ? v.filters : [...v.filters, f],
    page: 1,
  }))
}

export async function editFilter(ctx: CommandContext, { filter, ...args }: z.infer<typeof EditFilterArgs>) {
  requireFilter(ctx, filter)
  const f = normalizeValue(args)
  await requireColumn(ctx, f.column)
  await updateGrid(ctx, (v) => ({ filters: v.filters.map((x) => (formatFilter(x) === filter ? f : x)), page: 1 }))
}

export async function removeFilter(ctx: CommandContext, { filter }: z.infer<typeof RemoveFilterArgs>) {
  requireFilter(ctx, filter)
  await updateGrid(ctx, (v) => ({ filters: v.filters.filter((x) => formatFilter(x) !== filter), page: 1 }))
}

export const clearFilters = (ctx: CommandContext) => updateGrid(ctx, () => ({ filters: [], page: 1 }))

// ---- sorts ----

export async function addSort(ctx: CommandContext, { column, direction }: z.infer<typeof AddSortArgs>) {
  await requireColumn(ctx, column)
  const sort = { column, ascending: direction === 'asc' }
  await updateGrid(ctx, (v) => ({
    sorts: v.sorts.some((s) => s.column === column)
      ? v.sorts.map((s) => (s.column === column ? sort : s))
      : [...v.sorts, sort],
    page: 1,
  }))
}

export async function removeSort(ctx: CommandContext, { column }: z.infer<typeof RemoveSortArgs>) {
  if (!grid(ctx).sorts.some((s) => s.column === column)) {
    throw new CommandError(`The rows are not sorted by "${column}"`, 'invalid-args')
  }
  await updateGrid(ctx, (v) => ({ sorts: v.sorts.filter((s) => s.column !== column), page: 1 }))
}

export const clearSorts = (ctx: CommandContext) => updateGrid(ctx, () => ({ sorts: [], page: 1 }))

// ---- pages ----

/** Goes to another page; with rows selected, only once the person agrees to drop them (spec 4). */
async function changePage(ctx: CommandContext, page: number): Promise<void> {
  if (page === grid(ctx).page || !(await confirmPageChange(ctx))) return
  await updateGrid(ctx, () => ({ page }))
}

/** Pages past an estimate load: only an exact count (what the database answered) holds Next and Go to page back. */
function pageLimit(ctx: CommandContext): number {
  const v = grid(ctx)
  const place = gridPlace(ctx)
  const count = shownCount(cachedCount(place, v.filters), pageSeen(place, v))
  return count && !count.is_estimate ? pageCount(count.count, v.rows) : Infinity
}

export const nextPage = (ctx: CommandContext) => changePage(ctx, Math.min(grid(ctx).page + 1, pageLimit(ctx)))
export const prevPage = (ctx: CommandContext) => changePage(ctx, Math.max(1, grid(ctx).page - 1))
export const firstPage = (ctx: CommandContext) => changePage(ctx, 1)
/** The real last page: an estimated count is first counted exactly (paging.ts says why). */
export const goLastPage = async (ctx: CommandContext) => changePage(ctx, await lastPage(gridPlace(ctx), grid(ctx)))
export const goToPage = (ctx: CommandContext, { page }: z.infer<typeof GoToPageArgs>) => changePage(ctx, Math.min(page, pageLimit(ctx)))

/** count(*) with the grid's filters, as the chosen role; the footer then shows the exact number. */
export async function countExact(ctx: CommandContext): Promise<number> {
  return (await countExactly(gridPlace(ctx), grid(ctx).filters)).count
}

export const setPageSize = (ctx: CommandContext, { rows }: z.infer<typeof PageSizeArgs>) => updateGrid(ctx, () => ({ rows, page: 1 }))

// ---- view ----

export const toggleDefinition = (ctx: CommandContext) =>
  updateGrid(ctx, (v) => ({ view: v.view === 'definition' ? 'data' : 'definition' }))
