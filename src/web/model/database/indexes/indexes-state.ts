/**
 * The Indexes page's open dialog: create (maybe prefilled from a hint: a table, some columns), or one
 * index's definition.
 */
import { proxy } from 'valtio'

export interface IndexPrefill {
  tableId?: number
  columns?: readonly string[]
}

type IndexDialog = { kind: 'create'; prefill: IndexPrefill } | { kind: 'definition'; indexId: number }

export const indexesState = proxy({
  dialog: null as IndexDialog | null,
  /** the hints section (unused indexes, tables read by sequential scans) is open */
  hintsOpen: true,
})

export function openIndexDialog(dialog: IndexDialog): void {
  indexesState.dialog = dialog
}

export function closeIndexDialog(): void {
  indexesState.dialog = null
}
