/**
 * How the results grid is looked at (UI state only): the cell chosen (by click or the arrow keys), whether
 * the value viewer shows it, and the columns' widths once resized, per results tab and column name.
 */
import { proxy } from 'valtio'
import type { StatementResult } from '../../../../shared/content'
import { cellText } from '../../../../shared/result-text'

export interface CellAt {
  row: number
  column: number
}

/** A column may be dragged or keyed this narrow or this wide. */
export const COLUMN_MIN_WIDTH = 40
export const COLUMN_MAX_WIDTH = 2000

export const resultsView = proxy({
  cell: null as CellAt | null,
  /** the value viewer (a side panel) shows the chosen cell */
  viewerOpen: false,
  /** tab → column name → width in px, for the columns resized */
  widths: {} as Record<number, Record<string, number>>,
})

/** A new run forgets everything; another tab forgets the cell but keeps the widths of this run's tabs. */
export function resetResultsView({ keepWidths = false } = {}): void {
  resultsView.cell = null
  resultsView.viewerOpen = false
  if (!keepWidths) resultsView.widths = {}
}

export function selectCell(cell: CellAt | null): void {
  const same = resultsView.cell && cell && resultsView.cell.row === cell.row && resultsView.cell.column === cell.column
  if (!same) resultsView.cell = cell
}

export function setViewerOpen(open: boolean): void {
  resultsView.viewerOpen = open
}

export function columnWidth(tab: number, column: string): number | undefined {
  return resultsView.widths[tab]?.[column]
}

export function setColumnWidth(tab: number, column: string, width: number): number {
  const w = Math.round(Math.max(COLUMN_MIN_WIDTH, Math.min(COLUMN_MAX_WIDTH, width)))
  resultsView.widths[tab] = { ...resultsView.widths[tab], [column]: w }
  return w
}

/** json (114), jsonb (3802) and their arrays (199, 3807). */
const JSON_TYPES = new Set([114, 3802, 199, 3807])

export function isJsonColumn(column: StatementResult['columns'][number] | undefined): boolean {
  return column !== undefined && JSON_TYPES.has(column.dataTypeID)
}

/** A value as the viewer shows it: JSON pretty-printed (objects, arrays and json columns), anything else as its text. */
export function viewerText(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'object' || json) return JSON.stringify(value, null, 2)
  return cellText(value)
}

/** The chosen cell of `result`: its column and value, or undefined. */
export function chosenCell(result: StatementResult | undefined, cell: CellAt | null = resultsView.cell) {
  const column = cell && result?.columns[cell.column]
  const row = cell && result?.rows[cell.row]
  if (!cell || !column || !row) return undefined
  return { ...cell, column, value: row[column.name], json: isJsonColumn(column) }
}
