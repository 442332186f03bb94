/**
 * Naming in the explorer (spec 4, 5 Folders and files, 8, 9): the 'Untitled folder' placeholder and its
 * creation (an empty `.emptyFolderPlaceholder` object keeps the folder), and renaming a file (one move) or
 * a folder (every object under it moved, 2 at a time). Rows go EDITING → LOADING → READY.
 */
import {
  STORAGE_EMPTY_FOLDER_PLACEHOLDER, STORAGE_FOLDER_RENAME_CONCURRENCY, STORAGE_RECURSIVE_PAGE_SIZE,
} from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import type { ExplorerIo } from './explorer-data'
import { explorer, joinPath, type ExplorerItem } from './explorer-state'
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
    path: joinPath(column.id, MSG.untitledFolder), columnIndex,
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
  const path = joinPath(folder, name)
  await io.api.uploadObject(io.ref, explorer.bucketId ?? '', `${path}/${STORAGE_EMPTY_FOLDER_PLACEHOLDER}`, new Blob([]))
  return path
}

/** Runs `fn` over `items`, at most `limit` at once; the failures' count. */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<number> {
  let next = 0
  let failed = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await fn(item).catch(() => failed++)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return failed
}

/** Every object key under `folder` and every folder path under it (itself included). */
async function listRecursive(io: ExplorerIo, bucketId: string, folder: string): Promise<{ files: string[]; folders: string[] }> {
  const files: string[] = []
  const folders: string[] = [folder]
  for (let i = 0; i < folders.length; i++) {
    const path = folders[i] as string
    for (let offset = 0; ; offset += STORAGE_RECURSIVE_PAGE_SIZE) {
      const page = await io.api.listObjects(io.ref, bucketId, {
        path, options: { limit: STORAGE_RECURSIVE_PAGE_SIZE, offset, search: '', sortBy: { column: 'name', order: 'asc' } },
      })
      for (const entry of page) (entry.id ? files : folders).push(joinPath(path, entry.name))
      if (page.length < STORAGE_RECURSIVE_PAGE_SIZE) break
    }
  }
  return { files, folders }
}

/**
 * Renames `item` to `name` in its folder: a file by one move, a folder by moving every object under it
 * (placeholders of empty folders too). Returns the number of moves that failed (a folder only).
 */
export async function renameItem(io: ExplorerIo, item: ExplorerItem, name: string): Promise<number> {
  const bucketId = explorer.bucketId ?? ''
  const to = joinPath(item.prefix, name)
  if (item.type === 'FILE') {
    await io.api.moveObject(io.ref, bucketId, { from: item.path, to })
    return 0
  }
  const { files, folders } = await listRecursive(io, bucketId, item.path)
  const moved = (key: string) => `${to}${key.slice(item.path.length)}`
  const failed = await pool(files, STORAGE_FOLDER_RENAME_CONCURRENCY, (key) =>
    io.api.moveObject(io.ref, bucketId, { from: key, to: moved(key) }),
  )
  // a placeholder is hidden from listings: try each folder's, and let a folder without one be
  await pool(folders, STORAGE_FOLDER_RENAME_CONCURRENCY, (path) => {
    const key = `${path}/${STORAGE_EMPTY_FOLDER_PLACEHOLDER}`
    return io.api.moveObject(io.ref, bucketId, { from: key, to: moved(key) })
  })
  return failed
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
