/**
 * Row editing in the grid: the cell whose editor is open (with its whole value, fetched in full when
 * the grid holds it cut), and whether the insert-row panel is open.
 */
import { proxy, ref } from 'valtio'

export interface EditingCell {
  ref: string
  tableId: number
  /** index of the row on the page the grid shows */
  row: number
  column: string
  primaryKey: Record<string, unknown>
  /** the value before the edit, whole */
  value: unknown
  /** the larger text editor instead of the inline one */
  large: boolean
  /** what the inline editor held when it handed over to the larger one */
  draft?: string
}

export const rowEdit = proxy({
  editing: null as EditingCell | null,
  insertOpen: false,
})

export function startEditing(cell: EditingCell): void {
  // the value stays a plain object: the editor reads it, nothing subscribes to its insides
  rowEdit.editing = { ...cell, value: cell.value !== null && typeof cell.value === 'object' ? ref(cell.value) : cell.value }
}

/** The inline editor hands over to the larger one, with the text typed so far. */
export function enlargeEditor(draft: string): void {
  if (!rowEdit.editing) return
  rowEdit.editing.large = true
  rowEdit.editing.draft = draft
}

export function stopEditing(): void {
  rowEdit.editing = null
}

export function setInsertPanelOpen(open: boolean): void {
  rowEdit.insertOpen = open
}
