/**
 * Row commands of the table editor (issue 3; spec 2, 4, 5, 6): edit a cell, insert a row, select, copy
 * and delete rows, truncate, undo the last edit or insert, and the database role the grid runs as.
 * Rows are addressed by primary key only; every write runs as the chosen role, so RLS applies to it.
 */
import { z } from 'zod'
import { CommandError, defineCommand, type ArgOption } from './registry'
import { applyRole, ROLE_KEYWORDS, roleArgLabels, roleArgOptions, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import type { Column, GridTable, Row, RowsResponse } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { countKey, gridTableQuery, rowsKey, rowsQuery, type RowsParams } from '../src/web/model/project/queries'
import { readGridSearch } from '../src/web/model/table-editor/search'
import { readonlyReason } from '../src/web/model/table-editor/structure/editable'
import {
  cellReadOnlyReason, editorKind, generatedNote, isRequired, rowWriteReason, toCellValue,
} from '../src/web/model/table-editor/rows/cell-values'
import { fetchFullRow } from '../src/web/model/table-editor/rows/full-row'
import { cellText, rowsAsTsv } from '../src/web/model/table-editor/rows/row-text'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { displayColumns, gridState } from '../src/web/model/table-editor/grid'
import { impersonation, isImpersonating } from '../src/web/model/project/role'
import { rowEdit, setInsertPanelOpen, startEditing, stopEditing } from '../src/web/model/table-editor/row-edit'
import { saveStatus, savesSettled, trackSave } from '../src/web/model/table-editor/save-status'
import {
  clearSelection, hasSelection, keyToPrimaryKey, openSelection, rowKey, selectAllRows, selection, setRowsSelected,
  toggleRowSelected,
} from '../src/web/model/table-editor/selection'
import { dropUndo, lastUndo, pushUndo } from '../src/web/model/table-editor/undo'

const AREA = 'table-editor'
export const WRITE_ROWS_PERMISSION = MSG.noPermission('edit rows')

const onTable = (ctx: CommandContext) => ctx.route.matches('table-editor.table')
const tableId = (ctx: CommandContext) => Number(ctx.route.params.tableId)
const selected = (ctx: CommandContext) => onTable(ctx) && hasSelection(ctx.ref, tableId(ctx))
/** Text longer than this (or on several lines) opens in the larger editor rather than in the cell. */
const INLINE_TEXT_MAX = 120

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

// ---- the table, its page, its keys ----

function cachedTable(ctx: CommandContext): GridTable | undefined {
  return ctx.queryClient.getQueryData(gridTableQuery(ctx.api, ctx.ref, tableId(ctx)).queryKey)
}

function openTable(ctx: CommandContext): Promise<GridTable> {
  return ctx.queryClient.ensureQueryData(gridTableQuery(ctx.api, ctx.ref, tableId(ctx)))
}

function pageParams(ctx: CommandContext): RowsParams {
  const v = readGridSearch(ctx.location.search)
  return { filters: v.filters, sorts: v.sorts, page: v.page, limit: v.rows }
}

/** The rows the grid shows now (as the chosen role). */
function pageRows(ctx: CommandContext): Promise<RowsResponse> {
  return ctx.queryClient.ensureQueryData(rowsQuery(ctx.api, ctx.ref, tableId(ctx), pageParams(ctx)))
}

const keyColumns = (table: GridTable) => table.primary_keys.map((pk) => pk.name)
const primaryKeyOf = (table: GridTable, row: Row) => Object.fromEntries(keyColumns(table).map((c) => [c, row[c]]))

function requireKey(table: GridTable, primaryKey: Record<string, unknown>): string {
  const columns = keyColumns(table)
  if (columns.length !== Object.keys(primaryKey).length || columns.some((c) => !(c in primaryKey))) {
    throw new CommandError(`A row of ${table.name} is addressed by its primary key (${columns.join(', ')})`, 'invalid-args')
  }
  return rowKey(columns, primaryKey)
}

function requireColumn(table: GridTable, name: string): Column {
  const column = table.columns.find((c) => c.name === name)
  if (!column) throw new CommandError(`There is no column "${name}" in ${table.name}`, 'invalid-args')
  return column
}

function refuse(reason: string | null): void {
  if (reason) throw new CommandError(reason, 'disabled')
}

/** The typed or picked input as the value to write, or the spec's message for it. */
function cellValue(column: Column, input: unknown): unknown {
  try {
    return toCellValue(column, input)
  } catch (e) {
    throw new CommandError((e as Error).message, 'invalid-args')
  }
}

async function refreshRows(ctx: CommandContext, count: boolean): Promise<void> {
  await Promise.all([
    ctx.queryClient.invalidateQueries({ queryKey: rowsKey(ctx.ref, tableId(ctx)) }),
    count && ctx.queryClient.invalidateQueries({ queryKey: countKey(ctx.ref, tableId(ctx)) }),
  ])
}

/** The row the grid shows with this key gets the new value at once; a refetch follows the write. */
function showValue(ctx: CommandContext, table: GridTable, key: string, column: string, value: unknown): void {
  ctx.queryClient.setQueriesData<RowsResponse>({ queryKey: rowsKey(ctx.ref, table.id) }, (data) => {
    if (!data) return data
    const hit = (row: Row | undefined) => row !== undefined && rowKey(keyColumns(table), row) === key
    return {
      rows: data.rows.map((row) => (hit(row) ? { ...row, [column]: value } : row)),
      truncated: data.truncated.filter((t) => !(t.column === column && hit(data.rows[t.row]))),
    }
  })
}

/** The whole row with this key, as the chosen role sees it. */
async function wholeRow(ctx: CommandContext, table: GridTable, primaryKey: Record<string, unknown>): Promise<Row> {
  const row = await fetchFullRow(ctx.api, ctx.ref, table, primaryKey, impersonation())
  if (!row) throw new CommandError(`There is no row ${JSON.stringify(primaryKey)} in ${table.name}`, 'invalid-args')
  return row
}

interface FocusedCell {
  index: number
  row: Row
  column: Column
  /** the grid holds the value cut */
  cut: boolean
}

async function focusedCell(ctx: CommandContext, table: GridTable): Promise<FocusedCell> {
  const focus = gridState.focus
  const page = await pageRows(ctx)
  const row = focus ? page.rows[focus.row] : undefined
  const column = focus ? displayColumns(table, gridState)[focus.col] : undefined
  if (!focus || !row || !column) throw new CommandError('Focus a cell first', 'disabled')
  const cut = page.truncated.some((t) => t.row === focus.row && t.column === column.name)
  return { index: focus.row, row, column, cut }
}

// ---- what is allowed ----

/** Read permission (spec 6: the table editor needs it). */
function canRead(ctx: CommandContext): true | string {
  return ctx.can('tenantSqlAdminRead') || MSG.noPermission(MSG.noPermissionTables)
}

/** Write permission (spec 6: SQL admin write on columns) and, once the table is loaded, what it allows. */
function canWrite(ctx: CommandContext, reason: (t: GridTable) => string | null = readonlyReason): true | string {
  const read = canRead(ctx)
  if (read !== true) return read
  if (!ctx.can('sqlAdminWriteColumns')) return WRITE_ROWS_PERMISSION
  const table = cachedTable(ctx)
  return (table && reason(table)) || true
}

const canWriteRows = (ctx: CommandContext) => canWrite(ctx, rowWriteReason)

/** The same rules when the command runs, with the table loaded for sure. */
async function writableTable(ctx: CommandContext, reason: (t: GridTable) => string | null = rowWriteReason): Promise<GridTable> {
  const table = await openTable(ctx)
  refuse(reason(table))
  return table
}

// ---- argument schemas ----

/** A {column: value} object, or that object as JSON text (what the palette types or picks). */
const jsonObject = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v) as unknown
    } catch {
      return v
    }
  },
  z.record(z.string(), z.unknown(), { error: MSG.invalidJson }),
)

async function pageRowOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const table = await openTable(ctx)
  const { rows } = await pageRows(ctx)
  return rows.map((row) => {
    const pk = primaryKeyOf(table, row)
    return { value: JSON.stringify(pk), label: Object.values(pk).map(cellText).join(', ') }
  })
}

// ---- cells ----

export const editCell = defineCommand({
  id: 'grid.cell.edit',
  title: 'Edit cell',
  area: AREA,
  keywords: ['change', 'value', 'update'],
  when: onTable,
  enabled: (ctx) => (gridState.focus ? canWriteRows(ctx) : 'Focus a cell first'),
  run: async (ctx) => {
    const table = await writableTable(ctx)
    const cell = await focusedCell(ctx, table)
    refuse(cellReadOnlyReason(table, cell.column))
    const primaryKey = primaryKeyOf(table, cell.row)
    const name = cell.column.name
    const value = cell.cut ? (await wholeRow(ctx, table, primaryKey))[name] : cell.row[name]
    const kind = editorKind(cell.column)
    const long = typeof value === 'string' && (value.length > INLINE_TEXT_MAX || value.includes('\n'))
    startEditing({ ref: ctx.ref, tableId: table.id, row: cell.index, column: name, primaryKey, value, large: kind === 'json' || kind === 'array' || long })
  },
})

export const updateCell = defineCommand({
  id: 'grid.cell.update',
  title: 'Set a cell value',
  area: AREA,
  keywords: ['edit', 'update', 'change'],
  args: z.object({
    column: z.string().min(1, 'Pick a column'),
    primaryKey: jsonObject,
    value: z.unknown().refine((v) => v !== undefined, 'Enter a value'),
  }),
  argOptions: {
    column: async (ctx) => {
      const table = await openTable(ctx)
      return table.columns.filter((c) => !cellReadOnlyReason(table, c)).map((c) => ({ value: c.name, hint: c.format }))
    },
    primaryKey: pageRowOptions,
  },
  argLabels: { column: 'Column', primaryKey: 'Row', value: 'New value (empty means NULL for numbers, dates and JSON)' },
  when: onTable,
  enabled: canWriteRows,
  // tracked from the start, so an undo pressed while this edit is on its way waits for it and takes it back
  run: (ctx, args) =>
    trackSave(async () => {
      const table = await writableTable(ctx)
      const column = requireColumn(table, args.column)
      refuse(cellReadOnlyReason(table, column))
      const key = requireKey(table, args.primaryKey)
      const value = cellValue(column, args.value)

      const editing = rowEdit.editing
      const sameCell = editing?.ref === ctx.ref && editing.tableId === table.id && editing.column === column.name && rowKey(keyColumns(table), editing.primaryKey) === key
      if (sameCell) stopEditing()
      const previous = sameCell ? editing.value : (await wholeRow(ctx, table, args.primaryKey))[column.name]

      showValue(ctx, table, key, column.name, value)
      try {
        await ctx.api.updateRow(ctx.ref, { tableId: table.id, primaryKey: args.primaryKey, values: { [column.name]: value }, impersonate: impersonation() })
        pushUndo({ kind: 'update', ref: ctx.ref, tableId: table.id, primaryKey: args.primaryKey, column: column.name, previous })
      } finally {
        await refreshRows(ctx, false)
      }
    }),
})

export const copyCell = defineCommand({
  id: 'grid.cell.copy',
  title: 'Copy cell value',
  area: AREA,
  keywords: ['clipboard'],
  when: onTable,
  enabled: (ctx) => (gridState.focus ? canRead(ctx) : 'Focus a cell first'),
  run: async (ctx) => {
    const table = await openTable(ctx)
    const cell = await focusedCell(ctx, table)
    const value = cell.cut ? (await wholeRow(ctx, table, primaryKeyOf(table, cell.row)))[cell.column.name] : cell.row[cell.column.name]
    if (await copyToClipboard(cellText(value))) ctx.toast.success(`Copied the value of ${cell.column.name}`)
  },
})

// ---- insert ----

export const openInsertPanel = defineCommand({
  id: 'grid.row.insert-panel.open',
  title: 'Insert row',
  area: AREA,
  keywords: ['add row', 'new row', 'create'],
  when: onTable,
  enabled: (ctx) => canWrite(ctx),
  run: async (ctx) => {
    await writableTable(ctx, readonlyReason)
    setInsertPanelOpen(true)
  },
})

/** The values to insert: each given column checked and converted, required ones present (spec 5). */
function insertValues(table: GridTable, given: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, input] of Object.entries(given)) {
    const column = requireColumn(table, name)
    const generated = generatedNote(column)
    if (generated) throw new CommandError(`${name}: ${generated.toLowerCase()}, it takes no value`, 'invalid-args')
    values[name] = cellValue(column, input)
  }
  if (Object.keys(values).length === 0) throw new CommandError(MSG.noValueToInsert, 'invalid-args')
  const missing = table.columns.find((c) => isRequired(c) && (values[c.name] === undefined || values[c.name] === null))
  if (missing) throw new CommandError(`${missing.name} is required`, 'invalid-args')
  return values
}

export const insertRow = defineCommand({
  id: 'grid.row.insert',
  title: 'Insert row from values',
  area: AREA,
  keywords: ['add row', 'new row', 'json'],
  args: z.object({ values: jsonObject }),
  argLabels: { values: 'Values as JSON, e.g. {"name": "Ada"}' },
  when: onTable,
  enabled: (ctx) => canWrite(ctx),
  run: (ctx, args) =>
    trackSave(async () => {
      const table = await writableTable(ctx, readonlyReason)
      const values = insertValues(table, args.values)
      const role = impersonation()
      const { rows, hidden } = await ctx.api.insertRows(ctx.ref, { tableId: table.id, rows: [values], impersonate: role })
      const inserted = rows[0]
      if (inserted && table.primary_keys.length > 0) {
        pushUndo({ kind: 'insert', ref: ctx.ref, tableId: table.id, primaryKey: primaryKeyOf(table, inserted) })
      }
      setInsertPanelOpen(false)
      ctx.toast.success(
        hidden && role ? MSG.insertedUnreadable(table.name, role.role) : `Inserted a row into ${table.name}`,
      )
      await refreshRows(ctx, true)
      return inserted
    }),
})

// ---- selection ----

async function selectableTable(ctx: CommandContext): Promise<GridTable> {
  const table = await openTable(ctx)
  if (table.primary_keys.length === 0) throw new CommandError(MSG.noPrimaryKey, 'disabled')
  openSelection(ctx.ref, table.id)
  return table
}

const pageKeys = async (ctx: CommandContext, table: GridTable) => (await pageRows(ctx)).rows.map((row) => rowKey(keyColumns(table), row))

export const toggleRow = defineCommand({
  id: 'grid.selection.toggle',
  title: 'Select or unselect row',
  area: AREA,
  keywords: ['check', 'mark'],
  args: z.object({ primaryKey: jsonObject.optional() }),
  argOptions: { primaryKey: pageRowOptions },
  argLabels: { primaryKey: 'Row (skip for the focused row)' },
  when: onTable,
  enabled: canRead,
  run: async (ctx, args) => {
    const table = await selectableTable(ctx)
    if (args.primaryKey) {
      toggleRowSelected(requireKey(table, args.primaryKey))
      return
    }
    const row = gridState.focus ? (await pageRows(ctx)).rows[gridState.focus.row] : undefined
    if (!row) throw new CommandError('Focus a row first', 'disabled')
    toggleRowSelected(rowKey(keyColumns(table), row))
  },
})

export const togglePage = defineCommand({
  id: 'grid.selection.toggle-page',
  title: 'Select or unselect the rows on this page',
  area: AREA,
  keywords: ['check all'],
  when: onTable,
  enabled: canRead,
  run: async (ctx) => {
    const table = await selectableTable(ctx)
    const keys = await pageKeys(ctx, table)
    setRowsSelected(keys, !keys.every((k) => selection.keys.has(k)))
  },
})

export const selectAll = defineCommand({
  id: 'grid.selection.select-all-rows',
  title: 'Select all rows',
  area: AREA,
  keywords: ['select all', 'every row'],
  when: onTable,
  enabled: (ctx) => (isImpersonating() ? MSG.truncateImpersonating : canRead(ctx)),
  run: async (ctx) => {
    const table = await selectableTable(ctx)
    selectAllRows(await pageKeys(ctx, table))
  },
})

export const clearRows = defineCommand({
  id: 'grid.selection.clear',
  title: 'Clear row selection',
  area: AREA,
  keywords: ['unselect', 'deselect'],
  when: selected,
  enabled: canRead,
  run: () => clearSelection(),
})

export const copyRows = defineCommand({
  id: 'grid.selection.copy',
  title: 'Copy selected rows',
  area: AREA,
  keywords: ['clipboard', 'tsv', 'spreadsheet'],
  when: selected,
  enabled: (ctx) => (selection.allRows ? 'Copy takes the rows on this page: export the table to copy all of its rows' : canRead(ctx)),
  run: async (ctx) => {
    const table = await openTable(ctx)
    const rows = (await pageRows(ctx)).rows.filter((row) => selection.keys.has(rowKey(keyColumns(table), row)))
    const columns = displayColumns(table, gridState).map((c) => c.name)
    if (await copyToClipboard(rowsAsTsv(columns, rows))) ctx.toast.success(`Copied ${plural(rows.length, 'row')}`)
  },
})

/**
 * Before the grid's page changes: with rows selected, asks whether to drop the selection (spec 4).
 * False keeps the page as it is.
 */
export async function confirmPageChange(ctx: CommandContext): Promise<boolean> {
  if (!hasSelection(ctx.ref, tableId(ctx))) return true
  const count = selection.allRows ? 'all rows' : plural(selection.keys.size, 'row')
  const ok = await ctx.confirm({
    title: 'Change page?',
    description: `You have selected ${count}. Changing the page clears the selection.`,
    confirmLabel: 'Change page',
  })
  if (ok) clearSelection()
  return ok
}

// ---- delete ----

/** Other tables whose foreign keys point at this one: a truncate must cascade to them. */
function referencingTables(table: GridTable): string[] {
  const names = table.relationships
    .filter((r) => r.target_table_schema === table.schema && r.target_table_name === table.name && r.source_table_id !== table.id)
    .map((r) => `${r.source_schema}.${r.source_table_name}`)
  return [...new Set(names)]
}

async function truncate(ctx: CommandContext, table: GridTable, cascade: boolean): Promise<void> {
  const others = referencingTables(table)
  const ok = await ctx.confirm({
    title: `Delete all rows of ${table.name}?`,
    description: cascade
      ? `The table is truncated with CASCADE: every row of ${table.name}${others.length ? ` and of the tables that reference it (${others.join(', ')})` : ''} is deleted. This cannot be undone.`
      : `The table is truncated: every row of ${table.name} is deleted. This cannot be undone.`,
    confirmLabel: cascade ? 'Truncate with cascade' : 'Truncate table',
    destructive: true,
  })
  if (!ok) return
  await trackSave(() => ctx.api.truncate(ctx.ref, { tableId: table.id, cascade }))
  clearSelection()
  ctx.toast.success(`Deleted all rows of ${table.name}`)
  await refreshRows(ctx, true)
}

export const deleteRows = defineCommand({
  id: 'grid.rows.delete',
  title: 'Delete selected rows',
  area: AREA,
  keywords: ['remove', 'rows'],
  when: onTable,
  enabled: (ctx) => {
    if (!ctx.ref) return MSG.projectRequired
    return hasSelection(ctx.ref, tableId(ctx)) ? canWriteRows(ctx) : 'Select the rows to delete first'
  },
  run: async (ctx) => {
    const table = await writableTable(ctx)
    const { filters } = readGridSearch(ctx.location.search)
    const impersonate = impersonation()
    if (selection.allRows && filters.length === 0) {
      refuse(impersonate ? MSG.truncateImpersonating : null)
      await truncate(ctx, table, referencingTables(table).length > 0)
      return
    }
    const keys = [...selection.keys]
    const ok = await ctx.confirm({
      title: selection.allRows ? `Delete all rows matching the filters?` : `Delete ${plural(keys.length, 'row')}?`,
      description: selection.allRows
        ? `Every row of ${table.name} matching the ${plural(filters.length, 'filter')} is deleted. This cannot be undone.`
        : `The selected ${plural(keys.length, 'row')} of ${table.name} ${keys.length === 1 ? 'is' : 'are'} deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
      destructive: true,
    })
    if (!ok) return
    const body = selection.allRows
      ? { mode: 'filters' as const, tableId: table.id, filters, impersonate }
      : { mode: 'rows' as const, tableId: table.id, primaryKeys: keys.map((k) => keyToPrimaryKey(keyColumns(table), k)), impersonate }
    const { deleted } = await trackSave(() => ctx.api.deleteRows(ctx.ref, body))
    clearSelection()
    ctx.toast.success(`Deleted ${plural(deleted, 'row')}`)
    await refreshRows(ctx, true)
  },
})

export const truncateTable = defineCommand({
  id: 'grid.table.truncate',
  title: 'Delete all rows (truncate table)',
  area: AREA,
  keywords: ['truncate', 'empty', 'clear table', 'cascade'],
  args: z.object({ cascade: z.boolean().default(false) }),
  argLabels: { cascade: 'Cascade to the tables that reference it' },
  when: onTable,
  enabled: (ctx) => {
    if (!ctx.ref) return MSG.projectRequired
    return isImpersonating() ? MSG.truncateImpersonating : canWrite(ctx)
  },
  run: async (ctx, { cascade }) => {
    await truncate(ctx, await writableTable(ctx, readonlyReason), cascade)
  },
})

// ---- undo ----

export const undo = defineCommand({
  id: 'grid.undo',
  title: 'Undo the last cell edit or insert',
  area: AREA,
  keywords: ['revert', 'restore'],
  when: onTable,
  enabled: (ctx) => (lastUndo(ctx.ref, tableId(ctx)) || saveStatus.state === 'saving' ? canWrite(ctx) : 'Nothing to undo'),
  run: async (ctx) => {
    await savesSettled()
    const entry = lastUndo(ctx.ref, tableId(ctx))
    if (!entry) throw new CommandError('Nothing to undo', 'disabled')
    dropUndo(entry)
    try {
      const table = await writableTable(ctx)
      if (entry.kind === 'update') {
        const { primaryKey, column, previous } = entry
        showValue(ctx, table, rowKey(keyColumns(table), primaryKey), column, previous)
        await trackSave(() => ctx.api.updateRow(ctx.ref, { tableId: table.id, primaryKey, values: { [column]: previous }, impersonate: impersonation() }))
        ctx.toast.success(`Undid the edit of ${column}`)
      } else {
        const body = { mode: 'rows' as const, tableId: table.id, primaryKeys: [entry.primaryKey], impersonate: impersonation() }
        await trackSave(() => ctx.api.deleteRows(ctx.ref, body))
        ctx.toast.success('Undid the insert: the row is deleted again')
      }
    } catch (e) {
      pushUndo(entry)
      throw e
    } finally {
      await refreshRows(ctx, entry.kind === 'insert')
    }
  },
})

// ---- role ----

export const setGridRole = defineCommand({
  id: 'grid.role.set',
  title: 'Query rows as role',
  area: AREA,
  keywords: ROLE_KEYWORDS,
  args: roleArgs,
  argOptions: roleArgOptions,
  argLabels: roleArgLabels,
  when: onTable,
  enabled: canRead,
  run: (_ctx, args) => {
    applyRole(args)
    if (isImpersonating() && selection.allRows) clearSelection()
  },
})
