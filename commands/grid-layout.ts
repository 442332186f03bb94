/**
 * The grid's column layout, saved per table (spec 4 grid columns): freeze, hide, show, move and resize
 * columns, and reset the layout. The bodies are in grid-layout.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import { AREA, canRead, onTable, openTable } from './grid-args'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { COLUMN_MIN_WIDTH } from '../src/shared/constants'
import { columnType } from '../src/web/model/table-editor/structure/column-types'
import { displayColumns, gridState, isColumnFrozen, openGridTable } from '../src/web/model/table-editor/grid'

const load = () => import('./grid-layout.run')

/** Opens the table's saved layout (the grid does too) and gives the table. */
export async function layoutTable(ctx: CommandContext): Promise<GridTable> {
  const table = await openTable(ctx)
  openGridTable(ctx.ref, table.schema, table.name)
  return table
}

const columnArg = { column: z.string().min(1, 'Pick a column') }
export const PickColumnArgs = z.object(columnArg)

export const freezeColumn = defineCommand({
  id: 'grid.column.freeze',
  title: 'Freeze or unfreeze column',
  area: AREA,
  keywords: ['pin', 'sticky'],
  args: PickColumnArgs,
  argOptions: {
    column: async (ctx) => {
      const table = await openTable(ctx)
      return table.columns.map((c) => ({ value: c.name, hint: isColumnFrozen(gridState.frozen, table, c.name) ? 'frozen' : undefined }))
    },
  },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'freezeColumn'),
})

export const resetColumns = defineCommand({
  id: 'grid.columns.reset',
  title: 'Reset column widths, order and frozen columns',
  area: AREA,
  keywords: ['layout', 'resize', 'reorder'],
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'resetColumns'),
})

export const hideColumn = defineCommand({
  id: 'grid.column.hide',
  title: 'Hide column',
  area: AREA,
  keywords: ['columns', 'visibility'],
  args: PickColumnArgs,
  argOptions: {
    column: async (ctx) => {
      const table = await layoutTable(ctx)
      return displayColumns(table, gridState).map((c) => ({ value: c.name, hint: columnType(c) }))
    },
  },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'hideColumn'),
})

export const showColumn = defineCommand({
  id: 'grid.column.show',
  title: 'Show hidden column',
  area: AREA,
  keywords: ['columns', 'visibility', 'unhide'],
  args: PickColumnArgs,
  argOptions: {
    column: async (ctx) => {
      await layoutTable(ctx)
      return gridState.hidden.map((name) => ({ value: name }))
    },
  },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'showColumn'),
})

export const showAll = defineCommand({
  id: 'grid.columns.show-all',
  title: 'Show all columns',
  area: AREA,
  keywords: ['columns', 'visibility', 'unhide'],
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'showAll'),
})

export const MoveColumnArgs = z.object({
  ...columnArg,
  toIndex: z.coerce.number({ error: 'Enter a position' }).int('Enter a whole position').min(0, 'Positions start at 0'),
})

export const moveColumn = defineCommand({
  id: 'grid.column.move',
  title: 'Move column',
  area: AREA,
  keywords: ['reorder', 'columns', 'position'],
  args: MoveColumnArgs,
  argOptions: {
    column: async (ctx) => {
      const table = await layoutTable(ctx)
      return displayColumns(table, gridState)
        .filter((c) => !isColumnFrozen(gridState.frozen, table, c.name))
        .map((c) => ({ value: c.name, hint: columnType(c) }))
    },
    toIndex: async (ctx, sofar) => {
      const table = await layoutTable(ctx)
      const shown = displayColumns(table, gridState)
      return shown.flatMap((c, i) =>
        isColumnFrozen(gridState.frozen, table, c.name) ? [] : [{ value: String(i), label: `Position ${i}`, hint: c.name === sofar.column ? 'here now' : `where ${c.name} is` }],
      )
    },
  },
  argLabels: { column: 'Column', toIndex: 'Move to' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'moveColumn'),
})

export const ResizeColumnArgs = z.object({
  ...columnArg,
  width: z.coerce
    .number({ error: 'Enter a width in pixels' })
    .int('Enter a whole number of pixels')
    .min(COLUMN_MIN_WIDTH, `Columns are at least ${COLUMN_MIN_WIDTH} pixels wide`)
    .max(2000, 'Columns are at most 2000 pixels wide'),
})

export const resizeColumn = defineCommand({
  id: 'grid.column.resize',
  title: 'Set column width',
  area: AREA,
  keywords: ['resize', 'width', 'columns'],
  args: ResizeColumnArgs,
  argOptions: {
    column: async (ctx) => {
      const table = await layoutTable(ctx)
      return displayColumns(table, gridState).map((c) => ({ value: c.name, hint: gridState.widths[c.name] ? `${gridState.widths[c.name]} px` : undefined }))
    },
  },
  argLabels: { column: 'Column', width: `Width in pixels (at least ${COLUMN_MIN_WIDTH})` },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'resizeColumn'),
})
