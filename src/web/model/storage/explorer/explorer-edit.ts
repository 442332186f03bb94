/**
 * Naming in the explorer (spec 4, 5 Folders and files, 8, 9): the 'Untitled folder' placeholder and its
 * creation (an empty `.emptyFolderPlaceholder` object keeps the folder), and renaming a file (one move) or
 * a folder (every object under it moved, 2 at a time). Rows go EDITING → LOADING → READY: that status is
 * the explorer's UI state (`newFolder`, `editing`, `settling`), laid over the listed rows by explorer-view.ts.
 */
import { STORAGE_FOLDER_RENAME_CONCURRENCY } from '../../../../shared/constants'
import { joinKey, runPool } from './actions/object-paths'
import { objectsUnder, placeholderOf } from './actions/storage-walk'
import type { ExplorerIo } from './explorer-data'
import { explorer, type ExplorerItem } from './explorer-state'

/** Adds 'Untitled folder', in editing state, at the top of the current column. */
export function addFolderPlaceholder(): void {
  cancelEditing()
  const columnIndex = explorer.columns.length - 1
  if (columnIndex < 0) return
  explorer.newFolder = { columnIndex, status: 'EDITING', at: new Date().toISOString() }
}

/** Removes the placeholder row, if there is one. */
export function removeFolderPlaceholder(): void {
  explorer.newFolder = null
}

/** The placeholder's folder is being created: its row shows it loading. */
export function placeholderCreating(): void {
  if (explorer.newFolder) explorer.newFolder.status = 'LOADING'
}

/** Escape: the placeholder goes away, a row being renamed is ready again under its old name. */
export function cancelEditing(): void {
  removeFolderPlaceholder()
  explorer.editing = null
}

export function startRename(item: ExplorerItem): void {
  cancelEditing()
  explorer.editing = item.path
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

/** A rename is sent: the row shows it loading, under its old name. */
export function rowRenaming(item: ExplorerItem): void {
  if (explorer.editing === item.path) explorer.editing = null
  explorer.settling[item.path] = { name: item.name, status: 'LOADING', at: new Date().toISOString() }
}

/** The row after a rename: ready under its new name, its stored data gone until its folder is listed again. */
export function settleRow(item: ExplorerItem, name: string): void {
  explorer.settling[item.path] = { name, status: 'READY', at: new Date().toISOString() }
}

/** The row after a rename that changed nothing (same name, or refused by the server), or once listed again: as listed. */
export function rowReadyAgain(item: ExplorerItem): void {
  if (explorer.editing === item.path) explorer.editing = null
  delete explorer.settling[item.path]
}
