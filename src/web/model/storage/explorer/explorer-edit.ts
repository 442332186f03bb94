/**
 * Naming in the explorer (spec 4, 5 Folders and files, 8, 9): the 'Untitled folder' placeholder and its
 * creation (an empty `.emptyFolderPlaceholder` object keeps the folder), and renaming a file (one move) or
 * a folder (every object under it moved, 2 at a time). Rows go EDITING → LOADING → READY.
 */
import { STORAGE_FOLDER_RENAME_CONCURRENCY } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { joinKey, runPool } from './actions/object-paths'
import { objectsUnder, placeholderOf } from './actions/storage-walk'
import type { ExplorerIo } from './explorer-data'
import { explorer, type ExplorerItem } from './explorer-state'
import { finishEdit } from './explorer-rules'

/** Adds 'Untitled folder', in editing state, at the top of the current column. */
export function addFolderPlaceholder(): void {
  cancelEditing()
  const columnIndex = explorer.columns.length - 1
  const column = explorer.columns[columnIndex]
  if (!column) return
  const now = new Date().toISOString()
  const placeholder: ExplorerItem = {
    id: null, name: MSG.untitledFolder, type: 'FOLDER', status: 'EDITING', isCorrupted: false, metadata: null,
    created_at: now, updated_at: now, last_accessed_at: now, prefix: column.id,
    path: joinKey(column.id, MSG.untitledFolder), columnIndex,
  }
  column.items = [placeholder, ...column.items]
  explorer.newFolderColumn = columnIndex
}

/** Removes the placeholder row, if there is one. */
export function removeFolderPlaceholder(): void {
  const column = explorer.newFolderColumn === null ? undefined : explorer.columns[explorer.newFolderColumn]
  if (column) column.items = column.items.slice(1)
  explorer.newFolderColumn = null
}

/** Escape: the placeholder goes away, a row being renamed is ready again under its old name. */
export function cancelEditing(): void {
  removeFolderPlaceholder()
  for (const column of explorer.columns) {
    for (const item of column.items) if (item.status === 'EDITING') item.status = 'READY'
  }
}

export function startRename(item: ExplorerItem): void {
  cancelEditing()
  const live = explorer.columns[item.columnIndex]?.items.find((i) => i.path === item.path)
  if (live) live.status = 'EDITING'
}

/** Creates `<folder>/<name>/.emptyFolderPlaceholder`. */
export async function createFolder(io: ExplorerIo, folder: string, name: string): Promise<string> {
  const path = joinKey(folder, name)
  await io.api.uploadObject(io.ref, explorer.bucketId ?? '', placeholderOf(path), new Blob([]))
  return path
}

/**
 * Renames `item` to `name` in its folder: a file by one move, a folder by moving every object under it
 * (placeholders of empty folders too). Returns the number of moves that failed (a folder only).
 */
export async function renameItem(io: ExplorerIo, item: ExplorerItem, name: string): Promise<number> {
  const bucketId = explorer.bucketId ?? ''
  const to = joinKey(item.prefix, name)
  const move = (key: string) => io.api.moveObject(io.ref, bucketId, { from: key, to: `${to}${key.slice(item.path.length)}` })
  if (item.type === 'FILE') {
    await move(item.path)
    return 0
  }
  const { files, folders } = await objectsUnder(io.api, io.ref, bucketId, item.path)
  const moved = await runPool(files, STORAGE_FOLDER_RENAME_CONCURRENCY, move)
  // a placeholder is hidden from listings: try each folder's, and let a folder without one be
  await runPool(folders.map(placeholderOf), STORAGE_FOLDER_RENAME_CONCURRENCY, move)
  return moved.filter((r) => r.status === 'rejected').length
}

/** The row after a rename: ready under its new name, its stored data gone until its folder is listed again. */
export function settleRow(item: ExplorerItem, name: string, status: ExplorerItem['status'] = 'READY'): void {
  const column = explorer.columns[item.columnIndex]
  if (!column) return
  column.items = column.items.map((i) => (i.path === item.path ? finishEdit(i, name, status) : i))
}

/** The row after a rename that changed nothing (same name, or refused by the server): ready, as it was. */
export function rowReadyAgain(item: ExplorerItem): void {
  const live = explorer.columns[item.columnIndex]?.items.find((i) => i.path === item.path)
  if (live) live.status = 'READY'
}
