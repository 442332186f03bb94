/**
 * The grid's UI state (one table at a time): column widths, order and frozen flags the user changed, and
 * the focused cell. Saved per table in local storage (spec 9: a per-project key ending in 'grid', holding a
 * map keyed by the table, prefixed by its schema unless public) together with the table's sorts and filters.
 */
import { proxy } from 'valtio'
import type { GridTable } from '../../shared/api'
import { COLUMN_MIN_WIDTH, GRID_STATE_DEBOUNCE_MS, LS_KEYS, gridTableKey } from '../../shared/constants'

export interface SavedGridView {
  widths?: Record<string, number>
  order?: string[]
  frozen?: Record<string, boolean>
  filters?: string[]
  sorts?: string[]
}

export interface CellPosition {
  row: number
  col: number
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
  focus: null as CellPosition | null,
})

function readSaved(ref: string): Record<string, SavedGridView> {
  if (typeof localStorage === 'undefined') return {}
  try {
    const value = JSON.parse(localStorage.getItem(LS_KEYS.grid(ref)) ?? '{}') as unknown
    return value && typeof value === 'object' ? (value as Record<string, SavedGridView>) : {}
  } catch {
    return {}
  }
}

function writeSaved(ref: string, key: string, patch: SavedGridView): void {
  if (typeof localStorage === 'undefined') return
  const all = readSaved(ref)
  all[key] = { ...all[key], ...patch }
  localStorage.setItem(LS_KEYS.grid(ref), JSON.stringify(all))
}

export function savedGridView(ref: string, schema: string, name: string): SavedGridView {
  return readSaved(ref)[gridTableKey(schema, name)] ?? {}
}

/** Loads the saved layout when a table opens; reopening the same table keeps the current state. */
export function openGridTable(ref: string, schema: string, name: string): void {
  const key = gridTableKey(schema, name)
  if (gridState.ref === ref && gridState.tableKey === key) return
  const saved = savedGridView(ref, schema, name)
  gridState.ref = ref
  gridState.tableKey = key
  gridState.widths = saved.widths ?? {}
  gridState.order = saved.order ?? []
  gridState.frozen = saved.frozen ?? {}
  gridState.focus = null
}

export function saveFiltersAndSorts(ref: string, schema: string, name: string, filters: string[], sorts: string[]): void {
  writeSaved(ref, gridTableKey(schema, name), { filters, sorts })
}

let saveTimer: ReturnType<typeof setTimeout> | undefined
/** Layout writes are debounced (spec 9: 500 ms). */
function saveLayoutSoon(): void {
  clearTimeout(saveTimer)
  const { ref, tableKey } = gridState
  saveTimer = setTimeout(() => {
    writeSaved(ref, tableKey, { widths: { ...gridState.widths }, order: [...gridState.order], frozen: { ...gridState.frozen } })
  }, GRID_STATE_DEBOUNCE_MS)
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

/** Moves a column to just before `before` (or to the end), given the current display order. */
export function moveColumn(displayOrder: readonly string[], column: string, before: string | null): void {
  const rest = displayOrder.filter((c) => c !== column)
  const at = before === null ? rest.length : rest.indexOf(before)
  rest.splice(at < 0 ? rest.length : at, 0, column)
  gridState.order = rest
  saveLayoutSoon()
}

export function resetGridLayout(): void {
  gridState.widths = {}
  gridState.order = []
  gridState.frozen = {}
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
