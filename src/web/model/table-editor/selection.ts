/**
 * The grid's selected rows (spec 4): a set of primary-key strings for one table, or the all-rows state
 * that 'Select all N rows' sets. Each key is `rowKey` of a row: its primary-key values as a JSON array.
 */
import { proxy } from 'valtio'
import { proxySet } from 'valtio/utils'

export const selection = proxy({
  /** `${ref}/${tableId}` of the table the selection belongs to */
  scope: '',
  keys: proxySet<string>(),
  /** every row of the table (matching the filters), not only the keys */
  allRows: false,
})

const scopeOf = (ref: string, tableId: number) => `${ref}/${tableId}`

/** A selection of another table is dropped when this one opens. */
export function openSelection(ref: string, tableId: number): void {
  const scope = scopeOf(ref, tableId)
  if (selection.scope === scope) return
  clearSelection()
  selection.scope = scope
}

/** True when rows of this table are selected. */
export function hasSelection(ref: string, tableId: number): boolean {
  return selection.scope === scopeOf(ref, tableId) && (selection.allRows || selection.keys.size > 0)
}

export function toggleRowSelected(key: string): void {
  selection.allRows = false
  if (selection.keys.has(key)) selection.keys.delete(key)
  else selection.keys.add(key)
}

export function setRowsSelected(keys: readonly string[], selected: boolean): void {
  selection.allRows = false
  for (const key of keys) {
    if (selected) selection.keys.add(key)
    else selection.keys.delete(key)
  }
}

/** 'Select all N rows': the page's keys too, so every visible checkbox shows it. */
export function selectAllRows(pageKeys: readonly string[]): void {
  for (const key of pageKeys) selection.keys.add(key)
  selection.allRows = true
}

export function clearSelection(): void {
  selection.keys.clear()
  selection.allRows = false
}

/** A row's key in the selection: its primary-key values, in key order, as JSON. */
export function rowKey(primaryKeyColumns: readonly string[], row: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(primaryKeyColumns.map((name) => row[name]))
}

/** The primary key ({column: value}) a key stands for. */
export function keyToPrimaryKey(primaryKeyColumns: readonly string[], key: string): Record<string, unknown> {
  const values = JSON.parse(key) as unknown[]
  return Object.fromEntries(primaryKeyColumns.map((name, i) => [name, values[i]]))
}
