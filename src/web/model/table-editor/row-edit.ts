/**
 * Row editing in the grid: the cell whose editor is open (with its whole value, fetched in full when
 * the grid holds it cut), whether the insert-row panel is open, and the row side panel (rows/row-panel.ts).
 */
import { proxy, ref } from 'valtio'
import type { Row } from '../../../shared/api'

/** One field of the row panel: its text, or NULL (the text is kept, so un-NULLing brings it back). */
export interface RowDraft {
  text: string
  isNull: boolean
}

/** The row side panel: one whole row of the open table, its fields as typed so far. */
export interface RowPanelState {
  ref: string
  tableId: number
  /** the row's index on the page the grid shows (-1: not on it), and how many rows the page has */
  index: number
  pageRows: number
  primaryKey: Record<string, unknown>
  /** the row as it was loaded, whole (never cut): what the fields started from */
  row: Row
  /** by column name */
  drafts: Record<string, RowDraft>
  /** columns that cannot be changed here, with why (key, generated, the role's privileges…) */
  locked: Record<string, string>
  /** why nothing in the row can be changed (locked schema, read-only relation, permission), or null */
  readonly: string | null
  /** why a field's text is not a value of its column, by column name */
  errors: Record<string, string>
  /** why the last save failed; the fields keep what was typed */
  failure: string | null
}

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
  /** typing on the cell opened the editor: its text starts from the keys typed, not from the value */
  typedStart?: boolean
  /** why the database refused the value last saved from this editor (it opened again with the text) */
  refusal?: string
}

export const rowEdit = proxy({
  editing: null as EditingCell | null,
  insertOpen: false,
  /** keys typed on a grid cell that its editor has not taken yet (typeOnCell, takeTyped) */
  typed: '',
  /** an edit asked for by typing on a cell is on its way */
  opening: false,
  /** the row side panel, when open */
  panel: null as RowPanelState | null,
})

/**
 * A printable key typed on a cell starts editing it with that text, as in a spreadsheet; keys typed
 * before the editor has the keyboard are kept for it. Answers whether an edit must be asked for.
 */
export function typeOnCell(text: string): boolean {
  rowEdit.typed += text
  if (rowEdit.opening || rowEdit.editing) return false
  rowEdit.opening = true
  return true
}

/** The keys typed for the editor that now has the keyboard (and forgets them). */
export function takeTyped(): string {
  const typed = rowEdit.typed
  rowEdit.typed = ''
  rowEdit.opening = false
  return typed
}

/**
 * The text an editor starts from: what was typed to open it, else the draft or the value's text, then keys
 * typed meanwhile. Pure (a render reads it); the editor calls takeTyped once it has the keyboard.
 */
export function startText(editing: Readonly<EditingCell>, valueText: string): string {
  return editing.typedStart ? rowEdit.typed : (editing.draft ?? valueText) + rowEdit.typed
}

export function startEditing(cell: EditingCell): void {
  // the value stays a plain object: the editor reads it, nothing subscribes to its insides
  rowEdit.editing = { ...cell, value: cell.value !== null && typeof cell.value === 'object' ? ref(cell.value) : cell.value }
}

/** The inline editor hands over to the larger one, with the text typed so far. */
export function enlargeEditor(draft: string): void {
  if (!rowEdit.editing) return
  rowEdit.editing.large = true
  rowEdit.editing.draft = draft
  rowEdit.editing.typedStart = false
}

export function stopEditing(): void {
  rowEdit.editing = null
  takeTyped()
}

export function setInsertPanelOpen(open: boolean): void {
  rowEdit.insertOpen = open
}
