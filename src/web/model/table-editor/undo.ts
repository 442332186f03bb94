/**
 * What ⌘Z can take back in the grid: cell edits and row panel saves (the old values are written back) and
 * inserted rows (deleted again by primary key). Kept per table, newest last; undo never reaches into another table.
 */
import { proxy } from 'valtio'

export type UndoEntry =
  | { kind: 'update'; ref: string; tableId: number; primaryKey: Record<string, unknown>; column: string; previous: unknown }
  | { kind: 'insert'; ref: string; tableId: number; primaryKey: Record<string, unknown> }
  /** several columns of one row saved at once (the row panel): undone at once */
  | { kind: 'row-update'; ref: string; tableId: number; primaryKey: Record<string, unknown>; previous: Record<string, unknown> }

/** Older entries are forgotten past this many. */
const UNDO_LIMIT = 50

export const undoState = proxy({ entries: [] as UndoEntry[] })

export function pushUndo(entry: UndoEntry): void {
  undoState.entries = [...undoState.entries, entry].slice(-UNDO_LIMIT)
}

/** The newest entry of this table, still on the stack. */
export function lastUndo(ref: string, tableId: number): UndoEntry | undefined {
  return undoState.entries.findLast((e) => e.ref === ref && e.tableId === tableId)
}

export function dropUndo(entry: UndoEntry): void {
  undoState.entries = undoState.entries.filter((e) => e !== entry)
}
