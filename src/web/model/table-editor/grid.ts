/**
 * The grid's UI state (one table at a time): column widths, order, frozen and hidden flags the user
 * changed, and the focused cell. Saved per table in local storage (spec 9: a per-project key ending in
 * 'grid', holding a map keyed by the table, prefixed by its schema unless public) together with the
 * table's sorts and filters.
 */
import { proxy } from 'valtio'
import type { Column, GridTable } from '../../../shared/api'
import { COLUMN_MIN_WIDTH, GRID_STATE_DEBOUNCE_MS, LS_KEYS, gridTableKey } from '../../../shared/constants'
import { readJson, writeJson } from '../app/local-storage'

export interface SavedGridView {
  widths?: Record<string, number>
  order?: string[]
  frozen?: Record<string, boolean>
  hidden?: string[]
  filters?: string[]
  sorts?: string[]
}

export interface CellPosition {
  row: number
  col: number
}

/** What decides which columns show, and where. */
export interface GridLayout {
  order: readonly string[]
  frozen: Readonly<Record<string, boolean>>
  hidden: readonly string[]
}

export const gridState = proxy({
  ref: '',
  /** gridTableKey of the open table */
  tableKey: '',
  /** widths the user set; other columns use their default width */
  widths: {} as Record<string, number>,
  /** column names in the user's order; columns missing here keep their table order after these */
  order: [] as string[],
  /** frozen flags the user set; primary-key columns start frozen */
  frozen: {} as Record<string, boolean>,
  /** columns the user hid */
  hidden: [] as string[],
  focus: null as CellPosition | null,
})

function readSaved(ref: string): Record<string, SavedGridView> {
  return readJson(LS_KEYS.grid(ref), (v) => (v && typeof v === 'object' ? (v as Record<string, SavedGridView>) : undefined)) ?? {}
}

function writeSaved(ref: string, key: string, patch: SavedGridView | null): void {
  const all = readSaved(ref)
  if (patch) all[key] = { ...all[key], ...patch }
  else delete all[key]
  writeJson(LS_KEYS.grid(ref), all)
}

export function savedGridView(ref: string, schema: string, name: string): SavedGridView {
  return readSaved(ref)[gridTableKey(schema, name)] ?? {}
}

/** Loads the saved layout when a table opens; reopening the same table keeps the current state. */
export function openGridTable(ref: string, schema: string, name: string): void {
  const key = gridTableKey(schema, name)
  if (gridState.ref === ref && gridState.tableKey === key) return
  flushLayout()
  const saved = savedGridView(ref, schema, name)
  gridState.ref = ref
  gridState.tableKey = key
  gridState.widths = saved.widths ?? {}
  gridState.order = saved.order ?? []
  gridState.frozen = saved.frozen ?? {}
  gridState.hidden = saved.hidden ?? []
  gridState.focus = null
}

export function saveFiltersAndSorts(ref: string, schema: string, name: string, filters: string[], sorts: string[]): void {
  writeSaved(ref, gridTableKey(schema, name), { filters, sorts })
}

let pendingSave: (() => void) | null = null
let saveTimer: ReturnType<typeof setTimeout> | undefined

/** Layout writes are debounced (spec 9: 500 ms). */
function saveLayoutSoon(): void {
  clearTimeout(saveTimer)
  const { ref, tableKey } = gridState
  pendingSave = () =>
    writeSaved(ref, tableKey, {
      widths: { ...gridState.widths },
      order: [...gridState.order],
      frozen: { ...gridState.frozen },
      hidden: [...gridState.hidden],
    })
  saveTimer = setTimeout(flushLayout, GRID_STATE_DEBOUNCE_MS)
}

/** Writes a layout change still waiting for its debounce now. */
function flushLayout(): void {
  clearTimeout(saveTimer)
  const save = pendingSave
  pendingSave = null
  save?.()
}

export function setColumnWidth(column: string, width: number): void {
  gridState.widths[column] = Math.max(COLUMN_MIN_WIDTH, Math.round(width))
  saveLayoutSoon()
}

/** Primary-key columns start frozen (spec 4) until the user says otherwise. */
export function isColumnFrozen(frozen: Readonly<Record<string, boolean>>, table: GridTable, column: string): boolean {
  return frozen[column] ?? table.primary_keys.some((pk) => pk.name === column)
}

export function resetColumnWidth(column: string): void {
  delete gridState.widths[column]
  saveLayoutSoon()
}

export function setColumnFrozen(column: string, frozen: boolean): void {
  gridState.frozen[column] = frozen
  saveLayoutSoon()
}

export function setColumnHidden(column: string, hidden: boolean): void {
  const rest = gridState.hidden.filter((c) => c !== column)
  gridState.hidden = hidden ? [...rest, column] : rest
  saveLayoutSoon()
}

export function showAllColumns(): void {
  gridState.hidden = []
  saveLayoutSoon()
}

/** Moves a column to just before `before` (or to the end), given the current display order. */
export function moveColumn(displayOrder: readonly string[], column: string, before: string | null): void {
  const rest = displayOrder.filter((c) => c !== column)
  const at = before === null ? rest.length : rest.indexOf(before)
  rest.splice(at < 0 ? rest.length : at, 0, column)
  gridState.order = rest
  saveLayoutSoon()
}

/** Moves a shown column so that it ends up at `toIndex` among the shown columns; hidden ones keep their place. */
export function moveColumnTo(table: GridTable, column: string, toIndex: number): void {
  const all = orderColumns(table.columns, gridState.order, (c) => isColumnFrozen(gridState.frozen, table, c.name)).map((c) => c.name)
  const shownRest = all.filter((name) => name !== column && !gridState.hidden.includes(name))
  moveColumn(all, column, shownRest[toIndex] ?? null)
}

/** Width, place, frozen and hidden flags follow a column to its new name. */
export function renameLayoutColumn(from: string, to: string): void {
  const rename = <V>(map: Record<string, V>) => {
    if (!(from in map)) return
    map[to] = map[from]!
    delete map[from]
  }
  rename(gridState.widths)
  rename(gridState.frozen)
  gridState.order = gridState.order.map((c) => (c === from ? to : c))
  gridState.hidden = gridState.hidden.map((c) => (c === from ? to : c))
  saveLayoutSoon()
}

/** A dropped column leaves no trace in the layout. */
export function forgetLayoutColumn(column: string): void {
  delete gridState.widths[column]
  delete gridState.frozen[column]
  gridState.order = gridState.order.filter((c) => c !== column)
  gridState.hidden = gridState.hidden.filter((c) => c !== column)
  saveLayoutSoon()
}

/** A renamed table keeps its saved view under its new key. */
export function renameSavedTable(ref: string, schema: string, from: string, to: string): void {
  flushLayout()
  const saved = savedGridView(ref, schema, from)
  writeSaved(ref, gridTableKey(schema, from), null)
  writeSaved(ref, gridTableKey(schema, to), saved)
  if (gridState.ref === ref && gridState.tableKey === gridTableKey(schema, from)) gridState.tableKey = gridTableKey(schema, to)
}

/** A dropped table's saved view goes with it. */
export function forgetSavedTable(ref: string, schema: string, name: string): void {
  flushLayout()
  writeSaved(ref, gridTableKey(schema, name), null)
  if (gridState.ref === ref && gridState.tableKey === gridTableKey(schema, name)) gridState.tableKey = ''
}

export function resetGridLayout(): void {
  gridState.widths = {}
  gridState.order = []
  gridState.frozen = {}
  gridState.hidden = []
  saveLayoutSoon()
}

export function setGridFocus(cell: CellPosition | null): void {
  gridState.focus = cell
}

/** Columns in display order: frozen ones first, each group in the user's order, then table order. */
export function orderColumns<C extends { name: string }>(
  columns: readonly C[],
  order: readonly string[],
  isFrozen: (c: C) => boolean,
): C[] {
  const rank = new Map(order.map((name, i) => [name, i]))
  const ordered = columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (rank.get(a.c.name) ?? order.length + a.i) - (rank.get(b.c.name) ?? order.length + b.i))
    .map(({ c }) => c)
  return [...ordered.filter(isFrozen), ...ordered.filter((c) => !isFrozen(c))]
}

/** The columns the grid shows, in display order: hidden ones left out, frozen ones first. */
export function displayColumns(table: GridTable, layout: GridLayout): Column[] {
  const shown = table.columns.filter((c) => !layout.hidden.includes(c.name))
  return orderColumns(shown, layout.order, (c) => isColumnFrozen(layout.frozen, table, c.name))
}
