/**
 * Row selection in the grid (spec 4): select rows one by one, the page or all rows, clear, copy the
 * selected rows. The bodies, and the check before a page change drops a selection, are in
 * grid-selection.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import { AREA, canRead, jsonObject, onTable, openTableId, pageRowOptions } from './grid-args'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { isImpersonating } from '../src/web/model/project/role'
import { hasSelection, selection } from '../src/web/model/table-editor/selection'

const load = () => import('./grid-selection.run')

const selected = (ctx: CommandContext) => onTable(ctx) && hasSelection(ctx.ref, openTableId(ctx))

export const ToggleRowArgs = z.object({ primaryKey: jsonObject.optional() })

export const toggleRow = defineCommand({
  id: 'grid.selection.toggle',
  title: 'Select or unselect row',
  area: AREA,
  keywords: ['check', 'mark'],
  args: ToggleRowArgs,
  argOptions: { primaryKey: pageRowOptions },
  argLabels: { primaryKey: 'Row (skip for the focused row)' },
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'toggleRow'),
})

export const togglePage = defineCommand({
  id: 'grid.selection.toggle-page',
  title: 'Select or unselect the rows on this page',
  area: AREA,
  keywords: ['check all'],
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'togglePage'),
})

export const selectAll = defineCommand({
  id: 'grid.selection.select-all-rows',
  title: 'Select all rows',
  area: AREA,
  keywords: ['select all', 'every row'],
  when: onTable,
  enabled: (ctx) => (isImpersonating() ? MSG.truncateImpersonating : canRead(ctx)),
  run: lazyRun(load, 'selectAll'),
})

export const clearRows = defineCommand({
  id: 'grid.selection.clear',
  title: 'Clear row selection',
  area: AREA,
  keywords: ['unselect', 'deselect'],
  when: selected,
  enabled: canRead,
  run: lazyRun(load, 'clearRows'),
})

export const copyRows = defineCommand({
  id: 'grid.selection.copy',
  title: 'Copy selected rows',
  area: AREA,
  keywords: ['clipboard', 'tsv', 'spreadsheet'],
  when: selected,
  enabled: (ctx) => (selection.allRows ? 'Copy takes the rows on this page: export the table to copy all of its rows' : canRead(ctx)),
  run: lazyRun(load, 'copyRows'),
})
