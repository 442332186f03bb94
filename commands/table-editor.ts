/**
 * Table editor commands (spec 2 'Table editor grid'): the table list (schema, sort, open) and the grid
 * (filters, sorts, pages, view, refresh). Filters, sorts, view and page live only in the URL, so these
 * commands navigate; the grid reads the route's search.
 */
import { z } from 'zod'
import { defineCommand, CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { PAGE_SIZE_OPTIONS, TABLE_LIST_SORTS, isProtectedSchema } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import {
  FILTER_OPERATORS, FILTER_OPERATOR_LABELS, IS_VALUES, formatFilter, splitInValues, type Filter,
} from '../src/shared/filters'
import type { GridTable } from '../src/shared/api'
import {
  countKey, countQuery, entitiesKey, entitiesQuery, gridTableQuery, rowsKey, schemasQuery,
} from '../src/web/model/project/queries'
import { isPageSize, pageCount, toPageSize, patchGridSearch, readGridSearch, type GridView } from '../src/web/model/table-editor/search'
import { visibleSchemas } from '../src/web/model/table-editor/schemas'
import { gridState, isColumnFrozen, openGridTable, resetGridLayout, setColumnFrozen } from '../src/web/model/table-editor/grid'
import { setTableListSort, tableListState } from '../src/web/model/table-editor/table-list'
import { confirmPageChange } from './table-rows'

const AREA = 'table-editor'

const inEditor = (ctx: CommandContext) => ctx.route.matches('table-editor')
const onTable = (ctx: CommandContext) => ctx.route.matches('table-editor.table')
const canRead = (ctx: CommandContext) => ctx.can('tenantSqlAdminRead') || MSG.noPermission(MSG.noPermissionTables)

const grid = (ctx: CommandContext): GridView => readGridSearch(ctx.location.search)
const tableId = (ctx: CommandContext) => Number(ctx.route.params.tableId)

function openTable(ctx: CommandContext): Promise<GridTable> {
  return ctx.queryClient.ensureQueryData(gridTableQuery(ctx.api, ctx.ref, tableId(ctx)))
}

/** Changes the grid's URL search; `change` sees the search as it is at that moment. */
function updateGrid(ctx: CommandContext, change: (v: GridView) => Partial<GridView>): Promise<void> {
  return ctx.navigate({ search: (prev) => patchGridSearch(prev, change(readGridSearch(prev))) })
}

async function columnOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const table = await openTable(ctx)
  return table.columns.map((c) => ({ value: c.name, hint: c.format }))
}

async function requireColumn(ctx: CommandContext, column: string): Promise<void> {
  const table = await openTable(ctx)
  if (!table.columns.some((c) => c.name === column)) {
    throw new CommandError(`There is no column "${column}" in ${table.name}`, 'invalid-args')
  }
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
function normalizeValue<F extends Filter>(f: F): F {
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

function requireFilter(ctx: CommandContext, entry: string): void {
  if (!grid(ctx).filters.some((f) => formatFilter(f) === entry)) {
    throw new CommandError(`No filter "${entry}" is applied`, 'invalid-args')
  }
}

export const addFilter = defineCommand({
  id: 'grid.filter.add',
  title: 'Add filter',
  area: AREA,
  keywords: ['where', 'search', 'rows'],
  args: z.object(filterRuleShape).superRefine(checkFilterRule),
  argOptions: filterRuleOptions,
  argLabels: filterRuleLabels,
  when: onTable,
  enabled: canRead,
  run: async (ctx, args) => {
    const f = normalizeValue(args)
    await requireColumn(ctx, f.column)
    const entry = formatFilter(f)
    await updateGrid(ctx, (v) => ({
      filters: v.filters.some((x) => formatFilter(x) === entry) ? v.filters : [...v.filters, f],
      page: 1,
    }))
  },
})

export const editFilter = defineCommand({
  id: 'grid.filter.edit',
  title: 'Edit filter',
  area: AREA,
  args: z.object({ filter: z.string().min(1, 'Pick a filter'), ...filterRuleShape }).superRefine(checkFilterRule),
  argOptions: { filter: currentFilterOptions, ...filterRuleOptions },
  argLabels: { filter: 'Filter', ...filterRuleLabels },
  when: onTable,
  enabled: (ctx) => (grid(ctx).filters.length > 0 ? canRead(ctx) : 'No filters are applied'),
  run: async (ctx, { filter, ...args }) => {
    requireFilter(ctx, filter)
    const f = normalizeValue(args)
    await requireColumn(ctx, f.column)
    await updateGrid(ctx, (v) => ({ filters: v.filters.map((x) => (formatFilter(x) === filter ? f : x)), page: 1 }))
  },
})

export const removeFilter = defineCommand({
  id: 'grid.filter.remove',
  title: 'Remove filter',
  area: AREA,
  args: z.object({ filter: z.string().min(1, 'Pick a filter') }),
  argOptions: { filter: currentFilterOptions },
  argLabels: { filter: 'Filter' },
  when: onTable,
  enabled: (ctx) => (grid(ctx).filters.length > 0 ? canRead(ctx) : 'No filters are applied'),
  run: async (ctx, { filter }) => {
    requireFilter(ctx, filter)
    await updateGrid(ctx, (v) => ({ filters: v.filters.filter((x) => formatFilter(x) !== filter), page: 1 }))
  },
})

export const clearFilters = defineCommand({
  id: 'grid.filter.clear',
  title: MSG.removeAllFilters,
  area: AREA,
  keywords: ['reset', 'filters'],
  when: onTable,
  enabled: (ctx) => (grid(ctx).filters.length > 0 ? canRead(ctx) : 'No filters are applied'),
  run: (ctx) => updateGrid(ctx, () => ({ filters: [], page: 1 })),
})

// ---- sorts ----

export const addSort = defineCommand({
  id: 'grid.sort.add',
  title: 'Sort by column',
  area: AREA,
  keywords: ['order by', 'ascending', 'descending'],
  args: z.object({
    column: z.string().min(1, 'Pick a column'),
    direction: z.enum(['asc', 'desc'], { error: 'Direction is asc or desc' }),
  }),
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
  run: async (ctx, { column, direction }) => {
    await requireColumn(ctx, column)
    const sort = { column, ascending: direction === 'asc' }
    await updateGrid(ctx, (v) => ({
      sorts: v.sorts.some((s) => s.column === column)
        ? v.sorts.map((s) => (s.column === column ? sort : s))
        : [...v.sorts, sort],
      page: 1,
    }))
  },
})

export const removeSort = defineCommand({
  id: 'grid.sort.remove',
  title: 'Remove sort',
  area: AREA,
  args: z.object({ column: z.string().min(1, 'Pick a sort') }),
  argOptions: {
    column: (ctx) =>
      grid(ctx).sorts.map((s) => ({ value: s.column, label: s.column, hint: s.ascending ? 'ascending' : 'descending' })),
  },
  argLabels: { column: 'Sort' },
  when: onTable,
  enabled: (ctx) => (grid(ctx).sorts.length > 0 ? canRead(ctx) : 'No sorts are applied'),
  run: async (ctx, { column }) => {
    if (!grid(ctx).sorts.some((s) => s.column === column)) {
      throw new CommandError(`The rows are not sorted by "${column}"`, 'invalid-args')
    }
    await updateGrid(ctx, (v) => ({ sorts: v.sorts.filter((s) => s.column !== column), page: 1 }))
  },
})

export const clearSorts = defineCommand({
  id: 'grid.sort.clear',
  title: 'Remove all sorts',
  area: AREA,
  when: onTable,
  enabled: (ctx) => (grid(ctx).sorts.length > 0 ? canRead(ctx) : 'No sorts are applied'),
  run: (ctx) => updateGrid(ctx, () => ({ sorts: [], page: 1 })),
})

// ---- pages ----

/** Goes to another page; with rows selected, only once the person agrees to drop them (spec 4). */
async function changePage(ctx: CommandContext, page: number): Promise<void> {
  if (page === grid(ctx).page || !(await confirmPageChange(ctx))) return
  await updateGrid(ctx, () => ({ page }))
}

/** The last page when the count is already known (so `enabled` can answer at once), else null. */
function knownLastPage(ctx: CommandContext): number | null {
  const v = grid(ctx)
  const count = ctx.queryClient.getQueryData(countQuery(ctx.api, ctx.ref, tableId(ctx), v.filters).queryKey)
  return count ? pageCount(count.count, v.rows) : null
}

async function lastPage(ctx: CommandContext): Promise<number> {
  const v = grid(ctx)
  const { count } = await ctx.queryClient.ensureQueryData(countQuery(ctx.api, ctx.ref, tableId(ctx), v.filters))
  return pageCount(count, v.rows)
}

const notFirst = (ctx: CommandContext) => (grid(ctx).page > 1 ? canRead(ctx) : 'Already on the first page')
const notLast = (ctx: CommandContext) => {
  const last = knownLastPage(ctx)
  return last !== null && grid(ctx).page >= last ? 'Already on the last page' : canRead(ctx)
}

export const nextPage = defineCommand({
  id: 'grid.page.next',
  title: 'Next page',
  area: AREA,
  when: onTable,
  enabled: notLast,
  run: async (ctx) => changePage(ctx, Math.min(grid(ctx).page + 1, await lastPage(ctx))),
})

export const prevPage = defineCommand({
  id: 'grid.page.prev',
  title: 'Previous page',
  area: AREA,
  when: onTable,
  enabled: notFirst,
  run: (ctx) => changePage(ctx, Math.max(1, grid(ctx).page - 1)),
})

export const firstPage = defineCommand({
  id: 'grid.page.first',
  title: 'First page',
  area: AREA,
  when: onTable,
  enabled: notFirst,
  run: (ctx) => changePage(ctx, 1),
})

export const goLastPage = defineCommand({
  id: 'grid.page.last',
  title: 'Last page',
  area: AREA,
  when: onTable,
  enabled: notLast,
  run: async (ctx) => changePage(ctx, await lastPage(ctx)),
})

export const goToPage = defineCommand({
  id: 'grid.page.go',
  title: 'Go to page',
  area: AREA,
  args: z.object({
    page: z.coerce.number({ error: 'Enter a page number' }).int('Enter a whole page number').min(1, 'Pages start at 1'),
  }),
  argLabels: { page: 'Page number' },
  when: onTable,
  enabled: canRead,
  run: async (ctx, { page }) => changePage(ctx, Math.min(page, await lastPage(ctx))),
})

export const setPageSize = defineCommand({
  id: 'grid.page-size.set',
  title: 'Set rows per page',
  area: AREA,
  keywords: ['page size', 'limit'],
  args: z.object({
    rows: z.coerce
      .number()
      .refine(isPageSize, `Rows per page is one of ${PAGE_SIZE_OPTIONS.join(', ')}`)
      .transform(toPageSize),
  }),
  argOptions: { rows: () => PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: `${n} rows` })) },
  argLabels: { rows: 'Rows per page' },
  when: onTable,
  enabled: canRead,
  run: (ctx, { rows }) => updateGrid(ctx, () => ({ rows, page: 1 })),
})

// ---- grid ----

export const refreshGrid = defineCommand({
  id: 'grid.refresh',
  title: 'Refresh rows',
  area: AREA,
  keywords: ['reload'],
  when: onTable,
  enabled: canRead,
  run: async (ctx) => {
    await Promise.all([
      ctx.queryClient.invalidateQueries({ queryKey: rowsKey(ctx.ref, tableId(ctx)) }),
      ctx.queryClient.invalidateQueries({ queryKey: countKey(ctx.ref, tableId(ctx)) }),
    ])
  },
})

export const toggleDefinition = defineCommand({
  id: 'grid.view.toggle',
  title: 'Show table definition',
  area: AREA,
  keywords: ['sql', 'ddl', 'create table', 'data'],
  when: onTable,
  enabled: canRead,
  checked: (ctx) => grid(ctx).view === 'definition',
  run: (ctx) => updateGrid(ctx, (v) => ({ view: v.view === 'definition' ? 'data' : 'definition' })),
})

export const freezeColumn = defineCommand({
  id: 'grid.column.freeze',
  title: 'Freeze or unfreeze column',
  area: AREA,
  keywords: ['pin', 'sticky'],
  args: z.object({ column: z.string().min(1, 'Pick a column') }),
  argOptions: {
    column: async (ctx) => {
      const table = await openTable(ctx)
      return table.columns.map((c) => ({ value: c.name, hint: isColumnFrozen(gridState.frozen, table, c.name) ? 'frozen' : undefined }))
    },
  },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canRead,
  run: async (ctx, { column }) => {
    await requireColumn(ctx, column)
    const table = await openTable(ctx)
    openGridTable(ctx.ref, table.schema, table.name)
    setColumnFrozen(column, !isColumnFrozen(gridState.frozen, table, column))
  },
})

export const resetColumns = defineCommand({
  id: 'grid.columns.reset',
  title: 'Reset column widths, order and frozen columns',
  area: AREA,
  keywords: ['layout', 'resize', 'reorder'],
  when: onTable,
  enabled: canRead,
  run: async (ctx) => {
    const table = await openTable(ctx)
    openGridTable(ctx.ref, table.schema, table.name)
    resetGridLayout()
  },
})

// ---- table list ----

/** The list shows the schema in the URL, else the open table's, else public. */
async function listSchema(ctx: CommandContext): Promise<string> {
  return grid(ctx).schema ?? (onTable(ctx) ? (await openTable(ctx)).schema : 'public')
}

export const selectSchema = defineCommand({
  id: 'table-editor.schema.select',
  title: 'Select schema',
  area: AREA,
  args: z.object({ schema: z.string().min(1, 'Pick a schema') }),
  argOptions: {
    schema: async (ctx) => {
      const schemas = visibleSchemas(await ctx.queryClient.ensureQueryData(schemasQuery(ctx.api, ctx.ref)))
      return schemas.map((s) => ({ value: s.name, hint: isProtectedSchema(s.name) ? MSG.locked : undefined }))
    },
  },
  argLabels: { schema: 'Schema' },
  when: inEditor,
  enabled: canRead,
  run: async (ctx, { schema }) => {
    const schemas = visibleSchemas(await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref)))
    if (!schemas.some((s) => s.name === schema)) throw new CommandError(`There is no schema "${schema}"`, 'invalid-args')
    const table = onTable(ctx) ? await openTable(ctx) : null
    const fallback = table?.schema ?? 'public'
    await ctx.navigate({ search: (prev) => ({ ...prev, schema: schema === fallback ? undefined : schema }) })
  },
})

export const setListSort = defineCommand({
  id: 'table-editor.list.sort.set',
  title: 'Sort table list',
  area: AREA,
  args: z.object({ sort: z.enum(TABLE_LIST_SORTS, { error: `Sort is one of ${TABLE_LIST_SORTS.join(', ')}` }) }),
  argOptions: {
    sort: () => [
      { value: 'alphabetical', label: 'Alphabetical' },
      { value: 'grouped-alphabetical', label: 'Grouped by entity type' },
    ],
  },
  argLabels: { sort: 'Sort' },
  when: inEditor,
  enabled: canRead,
  run: (_ctx, { sort }) => setTableListSort(sort),
})

export const reloadSchemas = defineCommand({
  id: 'table-editor.schemas.reload',
  title: MSG.reloadSchemas,
  area: AREA,
  when: inEditor,
  enabled: canRead,
  run: async (ctx) => {
    await Promise.all([
      ctx.queryClient.invalidateQueries({ queryKey: schemasQuery(ctx.api, ctx.ref).queryKey }),
      ctx.queryClient.invalidateQueries({ queryKey: entitiesKey(ctx.ref) }),
    ])
  },
})

export const openTableCommand = defineCommand({
  id: 'table-editor.table.open',
  title: 'Open table in this schema',
  area: AREA,
  args: z.object({ table: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table') }),
  argOptions: {
    table: async (ctx) => {
      const params = { schema: await listSchema(ctx), sort: tableListState.sort }
      const list = await ctx.queryClient.fetchInfiniteQuery({ ...entitiesQuery(ctx.api, ctx.ref, params), pages: 10 })
      return list.pages.flatMap((p) => p.data).map((e) => ({ value: String(e.id), label: e.name, hint: `${e.schema} · ${e.type}` }))
    },
  },
  argLabels: { table: 'Table' },
  when: inEditor,
  enabled: canRead,
  run: async (ctx, { table }) => {
    await ctx.queryClient.ensureQueryData(gridTableQuery(ctx.api, ctx.ref, table))
    await ctx.navigate({ to: paths.table(ctx.ref, table), search: {} })
  },
})
