/**
 * The grid's view of the open table (spec 2 'Table editor grid'): filters, sorts, pages, rows per page and
 * the definition view. They live only in the URL, so these commands navigate; the grid reads the route's
 * search. The bodies are in grid-view.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import { AREA, canRead, onTable, openTable, openTableId } from './grid-args'
import type { CommandContext } from '../src/web/model/app/context'
import { PAGE_SIZE_OPTIONS } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import {
  FILTER_OPERATORS, FILTER_OPERATOR_LABELS, IS_VALUES, formatFilter, splitInValues, type Filter,
} from '../src/shared/filters'
import { noNextPage, onLastPage } from '../src/web/model/table-editor/count-correction'
import { cachedCount, pageSeen, type GridPlace } from '../src/web/model/table-editor/paging'
import { isPageSize, toPageSize, readGridSearch, type GridView } from '../src/web/model/table-editor/search'

const load = () => import('./grid-view.run')

/** The grid's filters, sorts, page and view, as the URL has them now. */
export const grid = (ctx: CommandContext): GridView => readGridSearch(ctx.location.search)

async function columnOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const table = await openTable(ctx)
  return table.columns.map((c) => ({ value: c.name, hint: c.format }))
}

const filterLabel = (f: Filter) => `${f.column} ${FILTER_OPERATOR_LABELS[f.operator]} ${f.value}`

// ---- filters ----

const filterRuleShape = {
  column: z.string().min(1, 'Pick a column'),
  operator: z.enum(FILTER_OPERATORS, { error: `Unknown operator: use one of ${FILTER_OPERATORS.join(', ')}` }),
  value: z.string(),
}

/** Spec 5: 'is' takes null, not null, true or false; 'in' takes a comma list. */
function checkFilterRule(f: Filter, check: z.RefinementCtx): void {
  if (f.operator === 'is' && !(IS_VALUES as readonly string[]).includes(normalizeValue(f).value)) {
    check.addIssue({ code: 'custom', path: ['value'], message: `'is' takes ${IS_VALUES.join(', ')}` })
  }
  if (f.operator === 'in' && splitInValues(f.value).length === 0) {
    check.addIssue({ code: 'custom', path: ['value'], message: "'in' takes a comma-separated list of values" })
  }
}

/** 'is' values are matched case-insensitively: 'NULL' means null. */
export function normalizeValue<F extends Filter>(f: F): F {
  return f.operator === 'is' ? { ...f, value: f.value.trim().toLowerCase() } : f
}

const filterRuleOptions = {
  column: columnOptions,
  operator: () => FILTER_OPERATORS.map((op) => ({ value: op, label: FILTER_OPERATOR_LABELS[op], hint: op })),
}
const filterRuleLabels = { column: 'Column', operator: 'Operator', value: `Value ('is' takes ${IS_VALUES.join(', ')})` }

function currentFilterOptions(ctx: CommandContext): ArgOption[] {
  return grid(ctx).filters.map((f) => ({ value: formatFilter(f), label: filterLabel(f) }))
}

const hasFilters = (ctx: CommandContext) => (grid(ctx).filters.length > 0 ? canRead(ctx) : 'No filters are applied')

export const AddFilterArgs = z.object(filterRuleShape).superRefine(checkFilterRule)

export const addFilter = defineCommand({
  id: 'grid.filter.add',
  title: 'Add filter',
  area: AREA,
  keywords: ['where', 'search', 'rows'],
  args: AddFilterArgs,
  argOptions: filterRuleOptions,
  argLabels: filterRuleLabels,
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'addFilter'),
})

export const EditFilterArgs = z.object({ filter: z.string().min(1, 'Pick a filter'), ...filterRuleShape }).superRefine(checkFilterRule)

export const editFilter = defineCommand({
  id: 'grid.filter.edit',
  title: 'Edit filter',
  area: AREA,
  args: EditFilterArgs,
  argOptions: { filter: currentFilterOptions, ...filterRuleOptions },
  argLabels: { filter: 'Filter', ...filterRuleLabels },
  when: onTable,
  enabled: hasFilters,
  run: lazyRun(load, 'editFilter'),
})

export const RemoveFilterArgs = z.object({ filter: z.string().min(1, 'Pick a filter') })

export const removeFilter = defineCommand({
  id: 'grid.filter.remove',
  title: 'Remove filter',
  area: AREA,
  args: RemoveFilterArgs,
  argOptions: { filter: currentFilterOptions },
  argLabels: { filter: 'Filter' },
  when: onTable,
  enabled: hasFilters,
  run: lazyRun(load, 'removeFilter'),
})

export const clearFilters = defineCommand({
  id: 'grid.filter.clear',
  title: MSG.removeAllFilters,
  area: AREA,
  keywords: ['reset', 'filters'],
  when: onTable,
  enabled: hasFilters,
  run: lazyRun(load, 'clearFilters'),
})

// ---- sorts ----

export const AddSortArgs = z.object({
  column: z.string().min(1, 'Pick a column'),
  direction: z.enum(['asc', 'desc'], { error: 'Direction is asc or desc' }),
})

export const addSort = defineCommand({
  id: 'grid.sort.add',
  title: 'Sort by column',
  area: AREA,
  keywords: ['order by', 'ascending', 'descending'],
  args: AddSortArgs,
  argOptions: {
    column: columnOptions,
    direction: () => [
      { value: 'asc', label: 'Ascending' },
      { value: 'desc', label: 'Descending' },
    ],
  },
  argLabels: { column: 'Column', direction: 'Direction' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'addSort'),
})

export const RemoveSortArgs = z.object({ column: z.string().min(1, 'Pick a sort') })

export const removeSort = defineCommand({
  id: 'grid.sort.remove',
  title: 'Remove sort',
  area: AREA,
  args: RemoveSortArgs,
  argOptions: {
    column: (ctx) =>
      grid(ctx).sorts.map((s) => ({ value: s.column, label: s.column, hint: s.ascending ? 'ascending' : 'descending' })),
  },
  argLabels: { column: 'Sort' },
  when: onTable,
  enabled: (ctx) => (grid(ctx).sorts.length > 0 ? canRead(ctx) : 'No sorts are applied'),
  run: lazyRun(load, 'removeSort'),
})

export const clearSorts = defineCommand({
  id: 'grid.sort.clear',
  title: 'Remove all sorts',
  area: AREA,
  when: onTable,
  enabled: (ctx) => (grid(ctx).sorts.length > 0 ? canRead(ctx) : 'No sorts are applied'),
  run: lazyRun(load, 'clearSorts'),
})

// ---- pages ----

/** The open table's cache, client and id, for the paging model. */
export const gridPlace = (ctx: CommandContext): GridPlace => ({ client: ctx.queryClient, api: ctx.api, ref: ctx.ref, tableId: openTableId(ctx) })

const notFirst = (ctx: CommandContext) => (grid(ctx).page > 1 ? canRead(ctx) : 'Already on the first page')
/** Only what the database answered ends the pages: a short page, or an exact count (never an estimate). */
const pagingReason = (past: typeof noNextPage) => (ctx: CommandContext) => {
  const v = grid(ctx)
  const place = gridPlace(ctx)
  return past(cachedCount(place, v.filters), pageSeen(place, v), v.page, v.rows) ? 'Already on the last page' : canRead(ctx)
}
const hasNext = pagingReason(noNextPage)
const notLast = pagingReason(onLastPage)

export const nextPage = defineCommand({
  id: 'grid.page.next',
  title: 'Next page',
  area: AREA,
  when: onTable,
  enabled: hasNext,
  run: lazyRun(load, 'nextPage'),
})

export const prevPage = defineCommand({
  id: 'grid.page.prev',
  title: 'Previous page',
  area: AREA,
  when: onTable,
  enabled: notFirst,
  run: lazyRun(load, 'prevPage'),
})

export const firstPage = defineCommand({
  id: 'grid.page.first',
  title: 'First page',
  area: AREA,
  when: onTable,
  enabled: notFirst,
  run: lazyRun(load, 'firstPage'),
})

export const goLastPage = defineCommand({
  id: 'grid.page.last',
  title: 'Last page',
  area: AREA,
  when: onTable,
  enabled: notLast,
  run: lazyRun(load, 'goLastPage'),
})

export const GoToPageArgs = z.object({
  page: z.coerce.number({ error: 'Enter a page number' }).int('Enter a whole page number').min(1, 'Pages start at 1'),
})

export const goToPage = defineCommand({
  id: 'grid.page.go',
  title: 'Go to page',
  area: AREA,
  args: GoToPageArgs,
  argLabels: { page: 'Page number' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'goToPage'),
})

export const countExact = defineCommand({
  id: 'grid.count.exact',
  title: 'Count rows exactly',
  area: AREA,
  keywords: ['count', 'estimate', 'total', 'rows'],
  when: onTable,
  enabled: (ctx) => (cachedCount(gridPlace(ctx), grid(ctx).filters)?.is_estimate === false ? 'The row count is already exact' : canRead(ctx)),
  run: lazyRun(load, 'countExact'),
})

export const PageSizeArgs = z.object({
  rows: z.coerce
    .number()
    .refine(isPageSize, `Rows per page is one of ${PAGE_SIZE_OPTIONS.join(', ')}`)
    .transform(toPageSize),
})

export const setPageSize = defineCommand({
  id: 'grid.page-size.set',
  title: 'Set rows per page',
  area: AREA,
  keywords: ['page size', 'limit'],
  args: PageSizeArgs,
  argOptions: { rows: () => PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: `${n} rows` })) },
  argLabels: { rows: 'Rows per page' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'setPageSize'),
})

// ---- view ----

export const toggleDefinition = defineCommand({
  id: 'grid.view.toggle',
  title: 'Show table definition',
  area: AREA,
  keywords: ['sql', 'ddl', 'create table', 'data'],
  when: onTable,
  enabled: canRead,
  checked: (ctx) => grid(ctx).view === 'definition',
  run: lazyRun(load, 'toggleDefinition'),
})
