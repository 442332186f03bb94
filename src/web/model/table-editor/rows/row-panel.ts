/**
 * The row side panel (issue 12): one whole row, every column a field. A field's text is read by its
 * column's type exactly as a cell editor reads it (cell-values.ts: the spec's messages, empty is NULL for
 * numbers, dates and JSON), NULL is set by a toggle (so text can be empty and still not NULL), and a save
 * writes only the columns whose value changed. The state lives in rowEdit.panel (row-edit.ts).
 */
import { ref } from 'valtio'
import type { Column, GridTable } from '../../../../shared/api'
import { rowEdit, type RowDraft, type RowPanelState } from '../row-edit'
import { editText, editorKind, toCellValue } from './cell-values'

/** Text this long or longer (or on several lines) gets a multi-line field. */
export const LONG_TEXT = 60

export type PanelFieldKind = 'json' | 'boolean' | 'enum' | 'multiline' | 'line'

/** What a column's field is: a code box for JSON and arrays, a pick for booleans and enums, text otherwise. */
export function panelFieldKind(column: Column, value: unknown): PanelFieldKind {
  const kind = editorKind(column)
  if (kind === 'json' || kind === 'array') return 'json'
  if (kind === 'boolean' || kind === 'enum') return kind
  if (kind === 'text' && typeof value === 'string' && (value.length >= LONG_TEXT || value.includes('\n'))) return 'multiline'
  return 'line'
}

/** The field a value starts as: its text (JSON indented), NULL for null. */
export function draftOf(column: Column, value: unknown): RowDraft {
  return { text: editText(column, value, true), isNull: value === null || value === undefined }
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value)
  } catch {
    return false
  }
}

/** Whether the field says something else than the value it started from (JSON compared by value, not layout). */
export function fieldChanged(column: Column, value: unknown, draft: RowDraft): boolean {
  const start = draftOf(column, value)
  if (draft.isNull || start.isNull) return draft.isNull !== start.isNull
  if (draft.text === start.text) return false
  return !(panelFieldKind(column, value) === 'json' && sameJson(draft.text, value))
}

/** The columns whose field changed. */
export function changedColumns(table: GridTable, panel: Pick<RowPanelState, 'row' | 'drafts'>): Column[] {
  return table.columns.filter((c) => {
    const draft = panel.drafts[c.name]
    return draft !== undefined && fieldChanged(c, panel.row[c.name], draft)
  })
}

export function isPanelDirty(table: GridTable, panel: Pick<RowPanelState, 'row' | 'drafts'>): boolean {
  return changedColumns(table, panel).length > 0
}

/**
 * What a save writes: the changed columns only, each read by its type; and why a field cannot be written
 * (a locked column, text that is not of the column's type, NULL where the column takes none).
 */
export function panelChanges(
  table: GridTable,
  panel: Pick<RowPanelState, 'row' | 'drafts' | 'locked'>,
): { values: Record<string, unknown>; errors: Record<string, string> } {
  const values: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  for (const column of changedColumns(table, panel)) {
    const draft = panel.drafts[column.name]!
    const locked = panel.locked[column.name]
    if (locked) {
      errors[column.name] = locked
      continue
    }
    try {
      const value = draft.isNull ? null : toCellValue(column, draft.text)
      if (value === null && !column.is_nullable) errors[column.name] = `${column.name} cannot be NULL`
      else values[column.name] = value
    } catch (e) {
      errors[column.name] = (e as Error).message
    }
  }
  return { values, errors }
}

// ---- the panel's state ----

/** What opens the panel on a row: its state before anything is typed. */
export type OpenRowPanel = Omit<RowPanelState, 'drafts' | 'errors' | 'failure'>

/** Shows this row in the panel, every field as the row has it. */
export function showRowInPanel(table: GridTable, open: OpenRowPanel): void {
  rowEdit.panel = {
    ...open,
    primaryKey: ref({ ...open.primaryKey }),
    row: ref(open.row),
    drafts: Object.fromEntries(table.columns.map((c) => [c.name, draftOf(c, open.row[c.name])])),
    errors: {},
    failure: null,
  }
}

export function closeRowPanel(): void {
  rowEdit.panel = null
}

/** The field's new text (typing into a field that showed NULL makes it a value again). */
export function setDraftText(column: string, text: string): void {
  const panel = rowEdit.panel
  if (!panel) return
  panel.drafts[column] = { text, isNull: false }
  delete panel.errors[column]
}

export function setDraftNull(column: string, isNull: boolean): void {
  const panel = rowEdit.panel
  const draft = panel?.drafts[column]
  if (!panel || !draft) return
  panel.drafts[column] = { ...draft, isNull }
  delete panel.errors[column]
}

/** The field back to the value the row has. */
export function resetDraft(column: Column): void {
  const panel = rowEdit.panel
  if (!panel) return
  panel.drafts[column.name] = draftOf(column, panel.row[column.name])
  delete panel.errors[column.name]
}

export function setPanelProblems(errors: Record<string, string>, failure: string | null): void {
  const panel = rowEdit.panel
  if (!panel) return
  panel.errors = errors
  panel.failure = failure
}
