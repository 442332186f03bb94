/** The bodies of grid-rows.ts's commands: cell edits, the row panel, inserts, deletes, truncate, undo, the role. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { WRITE_ROWS_PERMISSION } from './grid-rows'
import { columnOf, keyColumns, openTable, openTableId, pageRows, plural, primaryKeyOf, requireKey } from './grid-args'
import type { InsertRowArgs, OpenRowPanelArgs, TruncateTableArgs, UpdateCellArgs, UpdateRowArgs } from './grid-rows'
import { applyRole, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import type { Column, GridTable, Row, RowsResponse } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { countKey, rowsKey } from '../src/web/model/project/queries'
import { hasUnreadFilters, readGridSearch } from '../src/web/model/table-editor/search'
import { readonlyReason } from '../src/web/model/table-editor/structure/editable'
import {
  cellReadOnlyReason, editorKind, generatedNote, isRequired, rowWriteReason, toCellValue,
} from '../src/web/model/table-editor/rows/cell-values'
import { fetchFullRow } from '../src/web/model/table-editor/rows/full-row'
import { typeHint } from '../src/web/model/table-editor/rows/typed-text'
import { ApiError } from '../src/web/data/api'
import { errorMessage } from '../src/shared/error-message'
import { cellText } from '../src/web/model/table-editor/rows/cell-text'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { displayColumns, gridState, setGridFocus } from '../src/web/model/table-editor/grid'
import { impersonation, isImpersonating, openProjectRole, roleState } from '../src/web/model/project/role'
import { rowEdit, setInsertPanelOpen, startEditing, stopEditing, takeTyped } from '../src/web/model/table-editor/row-edit'
import {
  closeRowPanel as hideRowPanel, isPanelDirty, panelChanges, setPanelProblems, showRowInPanel,
} from '../src/web/model/table-editor/rows/row-panel'
import { savesSettled, trackSave } from '../src/web/model/table-editor/save-status'
import { clearSelection, keyToPrimaryKey, rowKey, selection } from '../src/web/model/table-editor/selection'
import { dropUndo, lastUndo, pushUndo } from '../src/web/model/table-editor/undo'

/** Text longer than this (or on several lines) opens in the larger editor rather than in the cell. */
const INLINE_TEXT_MAX = 120

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
    ctx.queryClient.invalidateQueries({ queryKey: rowsKey(ctx.ref, openTableId(ctx)) }),
    count && ctx.queryClient.invalidateQueries({ queryKey: countKey(ctx.ref, openTableId(ctx)) }),
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

/** The same rules when the command runs, with the table loaded for sure. */
async function writableTable(ctx: CommandContext, reason: (t: GridTable) => string | null = rowWriteReason): Promise<GridTable> {
  const table = await openTable(ctx)
  refuse(reason(table))
  return table
}


/** The values to insert: each given column checked and converted, required ones present (spec 5). */
function insertValues(table: GridTable, given: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, input] of Object.entries(given)) {
    const column = columnOf(table, name)
    const generated = generatedNote(column)
    if (generated) throw new CommandError(`${name}: ${generated.toLowerCase()}, it takes no value`, 'invalid-args')
    values[name] = cellValue(column, input)
  }
  if (Object.keys(values).length === 0) throw new CommandError(MSG.noValueToInsert, 'invalid-args')
  const missing = table.columns.find((c) => isRequired(c) && (values[c.name] === undefined || values[c.name] === null))
  if (missing) throw new CommandError(`${missing.name} is required`, 'invalid-args')
  return values
}

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

/** Opens the focused cell's editor; typing on the cell (rowEdit.opening) starts it from the keys typed. */
export const editCell = async (ctx: CommandContext) => {
  try {
    const table = await writableTable(ctx)
    const cell = await focusedCell(ctx, table)
    refuse(cellReadOnlyReason(table, cell.column))
    const primaryKey = primaryKeyOf(table, cell.row)
    const name = cell.column.name
    const value = cell.cut ? (await wholeRow(ctx, table, primaryKey))[name] : cell.row[name]
    const kind = editorKind(cell.column)
    const typedStart = rowEdit.opening
    const long = !typedStart && typeof value === 'string' && (value.length > INLINE_TEXT_MAX || value.includes('\n'))
    startEditing({ ref: ctx.ref, tableId: table.id, row: cell.index, column: name, primaryKey, value, large: kind === 'json' || kind === 'array' || long, typedStart })
  } catch (e) {
    takeTyped() // the keys typed for an editor that does not open go nowhere
    throw e
  }
}

// tracked from the start, so an undo pressed while this edit is on its way waits for it and takes it back
export const updateCell = (ctx: CommandContext, args: z.infer<typeof UpdateCellArgs>) =>
  trackSave(async () => {
    const table = await writableTable(ctx)
    const column = columnOf(table, args.column)
    refuse(cellReadOnlyReason(table, column))
    const key = requireKey(table, args.primaryKey)
    const value = cellValue(column, args.value)

    // a value the column does not take has been refused above, its editor still open; one the database
    // refuses opens the editor again, with what was typed and why
    const editing = rowEdit.editing ? { ...rowEdit.editing } : null
    const sameCell = editing?.ref === ctx.ref && editing.tableId === table.id && editing.column === column.name && rowKey(keyColumns(table), editing.primaryKey) === key
    if (sameCell) stopEditing()
    const previous = sameCell ? editing.value : (await wholeRow(ctx, table, args.primaryKey))[column.name]

    showValue(ctx, table, key, column.name, value)
    try {
      await ctx.api.updateRow(ctx.ref, { tableId: table.id, primaryKey: args.primaryKey, values: { [column.name]: value }, impersonate: impersonation() })
      pushUndo({ kind: 'update', ref: ctx.ref, tableId: table.id, primaryKey: args.primaryKey, column: column.name, previous })
    } catch (e) {
      const refusal = readableRefusal(column, e)
      if (sameCell && rowEdit.editing === null) {
        const draft = typeof args.value === 'string' ? args.value : undefined
        startEditing({ ...editing, draft, typedStart: false, refusal: errorMessage(refusal) })
      }
      throw refusal
    } finally {
      await refreshRows(ctx, false)
    }
  })

/** A value of the wrong form for its type (SQLSTATE class 22) is told as what the column takes, with the database's words. */
function readableRefusal(column: Column, e: unknown): unknown {
  if (!(e instanceof ApiError) || !e.pgCode?.startsWith('22')) return e
  return new CommandError(`${column.name} takes ${typeHint(column)}: ${e.message}`, 'invalid-args')
}

// ---- several columns of one row (the row panel, grid.row.update) ----

/** The values given for a row, each checked against its column and converted (spec 5 messages). */
function rowValues(table: GridTable, given: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, input] of Object.entries(given)) {
    const column = columnOf(table, name)
    refuse(cellReadOnlyReason(table, column))
    values[name] = cellValue(column, input)
  }
  if (Object.keys(values).length === 0) throw new CommandError('Give at least one column and its new value', 'invalid-args')
  return values
}

/**
 * Writes these (converted) values to the row in ONE update, shown in the grid at once; `previous` is the
 * row as it was, for undo. A refusal of one column's value is told as what that column takes.
 */
async function writeRow(ctx: CommandContext, table: GridTable, primaryKey: Record<string, unknown>, values: Record<string, unknown>, previous: Row): Promise<Row> {
  const key = requireKey(table, primaryKey)
  const names = Object.keys(values)
  for (const name of names) showValue(ctx, table, key, name, values[name])
  try {
    const { row } = await ctx.api.updateRow(ctx.ref, { tableId: table.id, primaryKey, values, impersonate: impersonation() })
    pushUndo({ kind: 'row-update', ref: ctx.ref, tableId: table.id, primaryKey, previous: Object.fromEntries(names.map((n) => [n, previous[n]])) })
    return row
  } catch (e) {
    throw names.length === 1 ? readableRefusal(columnOf(table, names[0]!), e) : e
  } finally {
    await refreshRows(ctx, false)
  }
}

export const updateRow = (ctx: CommandContext, args: z.infer<typeof UpdateRowArgs>) =>
  trackSave(async () => {
    const table = await writableTable(ctx)
    requireKey(table, args.primaryKey)
    const values = rowValues(table, args.values)
    return writeRow(ctx, table, args.primaryKey, values, await wholeRow(ctx, table, args.primaryKey))
  })

/** The panel open on the table in view. */
function openPanel(ctx: CommandContext) {
  const panel = rowEdit.panel
  if (!panel || panel.ref !== ctx.ref || panel.tableId !== openTableId(ctx)) throw new CommandError('No row is open in the side panel', 'disabled')
  return panel
}

/** Why each column cannot be changed from the panel: the cell rules, then the role's column privileges. */
async function columnLocks(ctx: CommandContext, table: GridTable): Promise<Record<string, string>> {
  const { columns } = await ctx.api.writableColumns(ctx.ref, { tableId: table.id, impersonate: impersonation() })
  const writable = new Set(columns)
  const locks: Record<string, string> = {}
  for (const column of table.columns) {
    const reason = cellReadOnlyReason(table, column) ?? (writable.has(column.name) ? null : MSG.columnNotWritable(column.name, roleState.role))
    if (reason) locks[column.name] = reason
  }
  return locks
}

/** Loads the row whole and shows it in the panel; the grid's focus follows it. */
async function showRow(ctx: CommandContext, table: GridTable, primaryKey: Record<string, unknown>, index: number, pageSize: number): Promise<void> {
  const readonly = (ctx.can('sqlAdminWriteColumns') ? null : WRITE_ROWS_PERMISSION) ?? rowWriteReason(table)
  const [row, locked] = await Promise.all([wholeRow(ctx, table, primaryKey), readonly ? {} : columnLocks(ctx, table)])
  if (rowEdit.editing) stopEditing()
  showRowInPanel(table, { ref: ctx.ref, tableId: table.id, index, pageRows: pageSize, primaryKey, row, locked, readonly })
  if (index >= 0) setGridFocus({ row: index, col: gridState.focus?.col ?? 0 })
}

export const openRowPanel = async (ctx: CommandContext, { primaryKey }: z.infer<typeof OpenRowPanelArgs>) => {
  const table = await openTable(ctx)
  refuse(table.primary_keys.length === 0 ? MSG.noPrimaryKey : null)
  const page = await pageRows(ctx)
  const columns = keyColumns(table)
  if (primaryKey) {
    const key = requireKey(table, primaryKey)
    const index = page.rows.findIndex((row) => rowKey(columns, row) === key)
    return showRow(ctx, table, primaryKey, index, page.rows.length)
  }
  const focus = gridState.focus
  const row = focus ? page.rows[focus.row] : undefined
  if (!focus || !row) throw new CommandError('Focus a row first', 'disabled')
  return showRow(ctx, table, primaryKeyOf(table, row), focus.row, page.rows.length)
}

/** Unsaved fields are discarded only when the person says so. */
async function discardOk(ctx: CommandContext, table: GridTable): Promise<boolean> {
  const panel = openPanel(ctx)
  if (panel.readonly || !isPanelDirty(table, panel)) return true
  return ctx.confirm({ title: MSG.rowDiscardTitle, description: MSG.rowDiscardDescription, confirmLabel: 'Discard changes', destructive: true })
}

export const closeRowPanel = async (ctx: CommandContext) => {
  if (!(await discardOk(ctx, await openTable(ctx)))) return false
  hideRowPanel()
  return true
}

async function stepRow(ctx: CommandContext, step: 1 | -1): Promise<void> {
  const panel = openPanel(ctx)
  const table = await openTable(ctx)
  const page = await pageRows(ctx)
  const index = panel.index + step
  const row = panel.index >= 0 ? page.rows[index] : undefined
  if (!row) throw new CommandError(step > 0 ? 'This is the last row of the page' : 'This is the first row of the page', 'disabled')
  if (!(await discardOk(ctx, table))) return
  await showRow(ctx, table, primaryKeyOf(table, row), index, page.rows.length)
}

export const nextPanelRow = (ctx: CommandContext) => stepRow(ctx, 1)
export const prevPanelRow = (ctx: CommandContext) => stepRow(ctx, -1)

/**
 * Writes the changed fields in one update and closes the panel. A field that is not a value of its column,
 * or a refusal by the database, keeps the panel open with every field as typed and says why.
 */
export const saveRowPanel = async (ctx: CommandContext) => {
  const panel = openPanel(ctx)
  refuse(panel.readonly)
  const table = await writableTable(ctx)
  const { values, errors } = panelChanges(table, panel)
  const problems = Object.entries(errors)
  if (problems.length > 0) {
    setPanelProblems(errors, null)
    throw new CommandError(problems.map(([, message]) => message).join('; '), 'invalid-args')
  }
  if (Object.keys(values).length === 0) {
    hideRowPanel()
    return null
  }
  setPanelProblems({}, null)
  try {
    const row = await trackSave(() => writeRow(ctx, table, panel.primaryKey, values, panel.row))
    if (rowEdit.panel === panel) hideRowPanel()
    return row
  } catch (e) {
    if (rowEdit.panel === panel) setPanelProblems({}, errorMessage(e))
    throw e
  }
}

export const copyCell = async (ctx: CommandContext) => {
  const table = await openTable(ctx)
  const cell = await focusedCell(ctx, table)
  const value = cell.cut ? (await wholeRow(ctx, table, primaryKeyOf(table, cell.row)))[cell.column.name] : cell.row[cell.column.name]
  if (await copyToClipboard(cellText(value))) ctx.toast.success(`Copied the value of ${cell.column.name}`)
}

export const openInsertPanel = async (ctx: CommandContext) => {
  await writableTable(ctx, readonlyReason)
  setInsertPanelOpen(true)
}

export const insertRow = (ctx: CommandContext, args: z.infer<typeof InsertRowArgs>) =>
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
  })

export const deleteRows = async (ctx: CommandContext) => {
  const table = await writableTable(ctx)
  const { filters } = readGridSearch(ctx.location.search)
  // rows the person asked to filter are never deleted unfiltered
  if (selection.allRows && hasUnreadFilters(ctx.location.search)) throw new CommandError(MSG.unreadFilterRefused('deleted'), 'invalid-args')
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
}

export const truncateTable = async (ctx: CommandContext, { cascade }: z.infer<typeof TruncateTableArgs>) => {
  await truncate(ctx, await writableTable(ctx, readonlyReason), cascade)
}

export const undo = async (ctx: CommandContext) => {
  await savesSettled()
  const entry = lastUndo(ctx.ref, openTableId(ctx))
  if (!entry) throw new CommandError('Nothing to undo', 'disabled')
  dropUndo(entry)
  try {
    const table = await writableTable(ctx)
    if (entry.kind === 'row-update') {
      const { primaryKey, previous } = entry
      const key = rowKey(keyColumns(table), primaryKey)
      for (const [column, value] of Object.entries(previous)) showValue(ctx, table, key, column, value)
      await trackSave(() => ctx.api.updateRow(ctx.ref, { tableId: table.id, primaryKey, values: previous, impersonate: impersonation() }))
      ctx.toast.success(`Undid the edit of ${Object.keys(previous).join(', ')}`)
    } else if (entry.kind === 'update') {
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
}

export const setGridRole = (ctx: CommandContext, args: z.infer<typeof roleArgs>) => {
  openProjectRole(ctx.ref)
  applyRole(args)
  if (isImpersonating() && selection.allRows) clearSelection()
}
