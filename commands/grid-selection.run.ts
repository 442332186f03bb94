/** The bodies of grid-selection.ts's commands, and the check before a page change drops a selection. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { keyColumns, openTable, openTableId, pageRows, plural, requireKey } from './grid-args'
import type { ToggleRowArgs } from './grid-selection'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { rowsAsTsv } from '../src/web/model/table-editor/rows/row-text'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { displayColumns, gridState } from '../src/web/model/table-editor/grid'
import {
  clearSelection, hasSelection, openSelection, rowKey, selectAllRows, selection, setRowsSelected, toggleRowSelected,
} from '../src/web/model/table-editor/selection'

async function selectableTable(ctx: CommandContext): Promise<GridTable> {
  const table = await openTable(ctx)
  if (table.primary_keys.length === 0) throw new CommandError(MSG.noPrimaryKey, 'disabled')
  openSelection(ctx.ref, table.id)
  return table
}

const pageKeys = async (ctx: CommandContext, table: GridTable) => (await pageRows(ctx)).rows.map((row) => rowKey(keyColumns(table), row))

export async function toggleRow(ctx: CommandContext, args: z.infer<typeof ToggleRowArgs>): Promise<void> {
  const table = await selectableTable(ctx)
  if (args.primaryKey) {
    toggleRowSelected(requireKey(table, args.primaryKey))
    return
  }
  const row = gridState.focus ? (await pageRows(ctx)).rows[gridState.focus.row] : undefined
  if (!row) throw new CommandError('Focus a row first', 'disabled')
  toggleRowSelected(rowKey(keyColumns(table), row))
}

export async function togglePage(ctx: CommandContext): Promise<void> {
  const table = await selectableTable(ctx)
  const keys = await pageKeys(ctx, table)
  setRowsSelected(keys, !keys.every((k) => selection.keys.has(k)))
}

export async function selectAll(ctx: CommandContext): Promise<void> {
  const table = await selectableTable(ctx)
  selectAllRows(await pageKeys(ctx, table))
}

export const clearRows = () => clearSelection()

export async function copyRows(ctx: CommandContext): Promise<void> {
  const table = await openTable(ctx)
  const rows = (await pageRows(ctx)).rows.filter((row) => selection.keys.has(rowKey(keyColumns(table), row)))
  const columns = displayColumns(table, gridState).map((c) => c.name)
  if (await copyToClipboard(rowsAsTsv(columns, rows))) ctx.toast.success(`Copied ${plural(rows.length, 'row')}`)
}

/**
 * Before the grid's page changes: with rows selected, asks whether to drop the selection (spec 4).
 * False keeps the page as it is.
 */
export async function confirmPageChange(ctx: CommandContext): Promise<boolean> {
  if (!hasSelection(ctx.ref, openTableId(ctx))) return true
  const count = selection.allRows ? 'all rows' : plural(selection.keys.size, 'row')
  const ok = await ctx.confirm({
    title: 'Change page?',
    description: `You have selected ${count}. Changing the page clears the selection.`,
    confirmLabel: 'Change page',
  })
  if (ok) clearSelection()
  return ok
}
