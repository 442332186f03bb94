/**
 * Rows of the open table (issue 3; spec 2, 4, 5, 6): edit a cell, view and edit a whole row in the side
 * panel (issue 12), insert a row, delete rows, truncate, undo the last edit or insert, and the database
 * role the grid runs as. Rows are addressed by primary key
 * only; every write runs as the chosen role, so RLS applies to it. The bodies are in grid-rows.run.ts,
 * loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import { AREA, cachedTable, canRead, jsonObject, onTable, openTable, openTableId, pageRowOptions } from './grid-args'
import { ROLE_KEYWORDS, roleArgLabels, roleArgOptions, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { readonlyReason } from '../src/web/model/table-editor/structure/editable'
import { cellReadOnlyReason, rowWriteReason } from '../src/web/model/table-editor/rows/cell-values'
import { gridState } from '../src/web/model/table-editor/grid'
import { rowEdit } from '../src/web/model/table-editor/row-edit'
import { isImpersonating } from '../src/web/model/project/role'
import { saveStatus } from '../src/web/model/table-editor/save-status'
import { hasSelection } from '../src/web/model/table-editor/selection'
import { lastUndo } from '../src/web/model/table-editor/undo'

const load = () => import('./grid-rows.run')

export const WRITE_ROWS_PERMISSION = MSG.noPermission('edit rows')

// ---- what is allowed ----

/** Write permission (spec 6: SQL admin write on columns) and, once the table is loaded, what it allows. */
function canWrite(ctx: CommandContext, reason: (t: GridTable) => string | null = readonlyReason): true | string {
  const read = canRead(ctx)
  if (read !== true) return read
  if (!ctx.can('sqlAdminWriteColumns')) return WRITE_ROWS_PERMISSION
  const table = cachedTable(ctx)
  return (table && reason(table)) || true
}

const canWriteRows = (ctx: CommandContext) => canWrite(ctx, rowWriteReason)

// ---- cells ----

export const editCell = defineCommand({
  id: 'grid.cell.edit',
  title: 'Edit cell',
  area: AREA,
  keywords: ['change', 'value', 'update'],
  when: onTable,
  enabled: (ctx) => (gridState.focus ? canWriteRows(ctx) : 'Focus a cell first'),
  run: lazyRun(load, 'editCell'),
})

export const UpdateCellArgs = z.object({
  column: z.string().min(1, 'Pick a column'),
  primaryKey: jsonObject,
  value: z.unknown().refine((v) => v !== undefined, 'Enter a value'),
})

export const updateCell = defineCommand({
  id: 'grid.cell.update',
  title: 'Set a cell value',
  area: AREA,
  keywords: ['edit', 'update', 'change'],
  args: UpdateCellArgs,
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
  run: lazyRun(load, 'updateCell'),
})

export const copyCell = defineCommand({
  id: 'grid.cell.copy',
  title: 'Copy cell value',
  area: AREA,
  keywords: ['clipboard'],
  when: onTable,
  enabled: (ctx) => (gridState.focus ? canRead(ctx) : 'Focus a cell first'),
  run: lazyRun(load, 'copyCell'),
})

// ---- the row side panel (issue 12) ----

/** The row panel is open on the table in view. */
const panelOpen = (ctx: CommandContext) => {
  const panel = rowEdit.panel
  return onTable(ctx) && panel !== null && panel.ref === ctx.ref && panel.tableId === openTableId(ctx)
}

export const OpenRowPanelArgs = z.object({ primaryKey: jsonObject.optional() })

export const openRowPanel = defineCommand({
  id: 'grid.row.panel.open',
  title: 'Open row in side panel',
  area: AREA,
  keywords: ['expand row', 'view row', 'edit row', 'record', 'details', 'json'],
  args: OpenRowPanelArgs,
  argOptions: { primaryKey: pageRowOptions },
  argLabels: { primaryKey: 'Row (skip for the focused one)' },
  when: onTable,
  enabled: (ctx) => {
    const read = canRead(ctx)
    if (read !== true) return read
    const table = cachedTable(ctx)
    return table && table.primary_keys.length === 0 ? MSG.noPrimaryKey : true
  },
  run: lazyRun(load, 'openRowPanel'),
})

export const closeRowPanel = defineCommand({
  id: 'grid.row.panel.close',
  title: 'Close the row panel',
  area: AREA,
  keywords: ['cancel', 'discard'],
  when: panelOpen,
  run: lazyRun(load, 'closeRowPanel'),
})

export const nextPanelRow = defineCommand({
  id: 'grid.row.panel.next',
  title: 'Next row in the row panel',
  area: AREA,
  keywords: ['down', 'following'],
  when: panelOpen,
  enabled: () => {
    const panel = rowEdit.panel
    return panel && panel.index >= 0 && panel.index + 1 < panel.pageRows ? true : 'This is the last row of the page'
  },
  run: lazyRun(load, 'nextPanelRow'),
})

export const prevPanelRow = defineCommand({
  id: 'grid.row.panel.prev',
  title: 'Previous row in the row panel',
  area: AREA,
  keywords: ['up', 'previous'],
  when: panelOpen,
  enabled: () => {
    const panel = rowEdit.panel
    return panel && panel.index > 0 ? true : 'This is the first row of the page'
  },
  run: lazyRun(load, 'prevPanelRow'),
})

export const saveRowPanel = defineCommand({
  id: 'grid.row.panel.save',
  title: 'Save the row panel',
  area: AREA,
  keywords: ['update row', 'write'],
  when: panelOpen,
  enabled: (ctx) => rowEdit.panel?.readonly ?? canWriteRows(ctx),
  run: lazyRun(load, 'saveRowPanel'),
})

export const UpdateRowArgs = z.object({ primaryKey: jsonObject, values: jsonObject })

export const updateRow = defineCommand({
  id: 'grid.row.update',
  title: 'Set several values of a row',
  area: AREA,
  keywords: ['edit row', 'update', 'change', 'json'],
  args: UpdateRowArgs,
  argOptions: { primaryKey: pageRowOptions },
  argLabels: { primaryKey: 'Row', values: 'Values as JSON, e.g. {"name": "Ada", "meta": {"tags": []}}' },
  when: onTable,
  enabled: canWriteRows,
  run: lazyRun(load, 'updateRow'),
})

// ---- insert ----

export const openInsertPanel = defineCommand({
  id: 'grid.row.insert-panel.open',
  title: 'Insert row',
  area: AREA,
  keywords: ['add row', 'new row', 'create'],
  when: onTable,
  enabled: (ctx) => canWrite(ctx),
  run: lazyRun(load, 'openInsertPanel'),
})

export const InsertRowArgs = z.object({ values: jsonObject })

export const insertRow = defineCommand({
  id: 'grid.row.insert',
  title: 'Insert row from values',
  area: AREA,
  keywords: ['add row', 'new row', 'json'],
  args: InsertRowArgs,
  argLabels: { values: 'Values as JSON, e.g. {"name": "Ada"}' },
  when: onTable,
  enabled: (ctx) => canWrite(ctx),
  run: lazyRun(load, 'insertRow'),
})

// ---- delete ----

export const deleteRows = defineCommand({
  id: 'grid.rows.delete',
  title: 'Delete selected rows',
  area: AREA,
  keywords: ['remove', 'rows'],
  when: onTable,
  enabled: (ctx) => {
    if (!ctx.ref) return MSG.projectRequired
    return hasSelection(ctx.ref, openTableId(ctx)) ? canWriteRows(ctx) : 'Select the rows to delete first'
  },
  run: lazyRun(load, 'deleteRows'),
})

export const TruncateTableArgs = z.object({ cascade: z.boolean().default(false) })

export const truncateTable = defineCommand({
  id: 'grid.table.truncate',
  title: 'Delete all rows (truncate table)',
  area: AREA,
  keywords: ['truncate', 'empty', 'clear table', 'cascade'],
  args: TruncateTableArgs,
  argLabels: { cascade: 'Cascade to the tables that reference it' },
  when: onTable,
  enabled: (ctx) => {
    if (!ctx.ref) return MSG.projectRequired
    return isImpersonating() ? MSG.truncateImpersonating : canWrite(ctx)
  },
  run: lazyRun(load, 'truncateTable'),
})

// ---- undo ----

export const undo = defineCommand({
  id: 'grid.undo',
  title: 'Undo the last cell edit or insert',
  area: AREA,
  keywords: ['revert', 'restore'],
  when: onTable,
  enabled: (ctx) => (lastUndo(ctx.ref, openTableId(ctx)) || saveStatus.state === 'saving' ? canWrite(ctx) : 'Nothing to undo'),
  run: lazyRun(load, 'undo'),
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
  run: lazyRun(load, 'setGridRole'),
})
