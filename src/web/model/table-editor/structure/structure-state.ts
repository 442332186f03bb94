/** Which structure form is open: the column side panel (a new column or one to edit) or a table dialog. */
import { proxy } from 'valtio'

export interface ColumnPanelTarget {
  tableId: number
  /** the column being edited; null for a new column */
  column: string | null
}

export type TableDialogTarget =
  | { kind: 'create'; schema: string }
  | { kind: 'rename' | 'comment' | 'duplicate'; tableId: number }

export const structureState = proxy({
  columnPanel: null as ColumnPanelTarget | null,
  tableDialog: null as TableDialogTarget | null,
})

export function openColumnPanel(target: ColumnPanelTarget): void {
  structureState.columnPanel = target
}

export function closeColumnPanel(): void {
  structureState.columnPanel = null
}

export function openTableDialog(target: TableDialogTarget): void {
  structureState.tableDialog = target
}

export function closeTableDialog(): void {
  structureState.tableDialog = null
}
