/**
 * The Column privileges page's UI state: the changes staged on the table shown (cleared when another
 * table is shown, after applying, or on discard), and the matrix cell the keyboard is on.
 */
import { proxy } from 'valtio'
import type { Staged } from './column-privileges-rules'

export const columnPrivilegesState = proxy({
  /** the table the staged changes are for */
  tableId: null as number | null,
  staged: { table: {}, columns: {} } as Staged,
})

/** The staged changes of `tableId`: those of another table are dropped first. */
export function stagedFor(tableId: number): Staged {
  if (columnPrivilegesState.tableId !== tableId) {
    columnPrivilegesState.tableId = tableId
    columnPrivilegesState.staged = { table: {}, columns: {} }
  }
  return columnPrivilegesState.staged
}

export function clearStaged(): void {
  columnPrivilegesState.staged = { table: {}, columns: {} }
}

export const stagedCount = (s: Staged): number => Object.keys(s.table).length + Object.keys(s.columns).length
