/** The bodies of grid-layout.ts's commands: they change the table's saved column layout. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { columnOf, openTable } from './grid-args'
import { layoutTable, type PickColumnArgs, type MoveColumnArgs, type ResizeColumnArgs } from './grid-layout'
import type { CommandContext } from '../src/web/model/app/context'
import {
  displayColumns, gridState, isColumnFrozen, moveColumnTo, openGridTable, resetGridLayout, setColumnFrozen, setColumnHidden,
  setColumnWidth, showAllColumns,
} from '../src/web/model/table-editor/grid'

export async function freezeColumn(ctx: CommandContext, { column }: z.infer<typeof PickColumnArgs>): Promise<void> {
  const table = await openTable(ctx)
  columnOf(table, column)
  openGridTable(ctx.ref, table.schema, table.name)
  setColumnFrozen(column, !isColumnFrozen(gridState.frozen, table, column))
}

export async function resetColumns(ctx: CommandContext): Promise<void> {
  await layoutTable(ctx)
  resetGridLayout()
}

export async function hideColumn(ctx: CommandContext, { column }: z.infer<typeof PickColumnArgs>): Promise<void> {
  const table = await layoutTable(ctx)
  columnOf(table, column)
  const shown = displayColumns(table, gridState)
  if (shown.length === 1 && shown[0]?.name === column) throw new CommandError('At least one column stays shown', 'invalid-args')
  setColumnHidden(column, true)
}

export async function showColumn(ctx: CommandContext, { column }: z.infer<typeof PickColumnArgs>): Promise<void> {
  columnOf(await layoutTable(ctx), column)
  setColumnHidden(column, false)
}

export async function showAll(ctx: CommandContext): Promise<void> {
  await layoutTable(ctx)
  showAllColumns()
}

export async function moveColumn(ctx: CommandContext, { column, toIndex }: z.infer<typeof MoveColumnArgs>): Promise<void> {
  const table = await layoutTable(ctx)
  columnOf(table, column)
  const shown = displayColumns(table, gridState)
  const frozenCount = shown.filter((c) => isColumnFrozen(gridState.frozen, table, c.name)).length
  if (isColumnFrozen(gridState.frozen, table, column)) {
    throw new CommandError(`${column} is frozen: unfreeze it to move it`, 'invalid-args')
  }
  if (!shown.some((c) => c.name === column)) throw new CommandError(`${column} is hidden: show it to move it`, 'invalid-args')
  if (toIndex < frozenCount || toIndex >= shown.length) {
    throw new CommandError(`Pick a position from ${frozenCount} to ${shown.length - 1}: frozen columns stay first`, 'invalid-args')
  }
  moveColumnTo(table, column, toIndex)
}

export async function resizeColumn(ctx: CommandContext, { column, width }: z.infer<typeof ResizeColumnArgs>): Promise<void> {
  columnOf(await layoutTable(ctx), column)
  setColumnWidth(column, width)
}
