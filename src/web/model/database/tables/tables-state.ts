/** The Tables pages' dialogs: edit a table (name and description) or delete it (type its name, CASCADE or not). */
import { proxy } from 'valtio'

export type TablesDialog = { kind: 'edit' | 'delete'; tableId: number }

export const databaseTablesState = proxy({
  dialog: null as TablesDialog | null,
  /** bumped to put the focus in the page's search box */
  searchFocus: 0,
})

export function openTablesDialog(dialog: TablesDialog): void {
  databaseTablesState.dialog = dialog
}

export function closeTablesDialog(): void {
  databaseTablesState.dialog = null
}
