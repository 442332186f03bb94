/**
 * The storage explorer's UI state (spec 3 Storage item / Explorer column, spec 4 Storage explorer): the open
 * bucket, its Miller columns (the open folders, by path), the selection, the preview, the keyboard cursor,
 * the preferences, the search and the edit status (the 'Untitled folder' placeholder, the row being renamed,
 * renames under way). What a folder holds is server state: its listing lives in react-query
 * (folder-query.ts) and a column's rows are derived from it (explorer-view.ts). The functions that change
 * this state live beside the proxy; commands call them, screens read snapshots.
 *
 * Contract for the explorer's commands (commands/storage-explorer.ts, commands/storage-objects.ts):
 * `explorer.bucketId`, `currentFolder()`, `selectedItems()`, `explorer.preview`, `clearSelection()`,
 * `closePreview()`, `forgetItems(gone)`; `reloadFolder(path)` is explorer-data.ts's.
 */
import { proxy } from 'valtio'
import {
  STORAGE_CORRUPTED_AFTER_MS, type StorageSortColumn, type StorageView,
} from '../../../../shared/constants'
import type { ObjectMetadata, StorageItem } from '../../../../shared/storage'
import { joinKey, parentOf } from './actions/object-paths'

export type ItemStatus = 'LOADING' | 'READY' | 'EDITING'

export interface ExplorerItem {
  /** files only; a folder has none */
  id: string | null
  name: string
  type: 'FILE' | 'FOLDER'
  status: ItemStatus
  isCorrupted: boolean
  metadata: ObjectMetadata | null
  created_at: string | null
  updated_at: string | null
  last_accessed_at: string | null
  /** the folder holding it: '' at the bucket root, else 'a/b' (no slashes at either end) */
  prefix: string
  /** prefix + name: a file's object key, a folder's path */
  path: string
  columnIndex: number
}

/** An open folder: its rows are its listing's (explorer-view.ts). */
export interface ExplorerColumn {
  /** the folder's path ('' for the bucket root) */
  id: string
  name: string
}

/** The 'Untitled folder' placeholder: the first row of its column while a folder is named, then created. */
export interface NewFolder {
  columnIndex: number
  status: 'EDITING' | 'LOADING'
  /** when it was added: its row's dates */
  at: string
}

/** A rename under way (LOADING, old name) or done (READY, new name) until its folder is listed again. */
export interface Settling {
  name: string
  status: ItemStatus
  at: string
}

export interface ExplorerPreferences {
  view: StorageView
  sortBy: StorageSortColumn
  sortByOrder: 'asc' | 'desc'
}

export const DEFAULT_PREFERENCES: ExplorerPreferences = { view: 'COLUMNS', sortBy: 'name', sortByOrder: 'asc' }

export const explorer = proxy({
  ref: '',
  bucketId: null as string | null,
  /** columns[0] is the bucket root; each open folder adds one */
  columns: [] as ExplorerColumn[],
  selected: [] as ExplorerItem[],
  /** the last item clicked or selected: the anchor of a shift-click range */
  lastSelected: null as ExplorerItem | null,
  preview: null as ExplorerItem | null,
  ...DEFAULT_PREFERENCES,
  search: '',
  pathEditing: false,
  /** the keyboard cursor: an item of a column (arrows move it, Enter opens it) */
  focus: null as { columnIndex: number; path: string } | null,
  newFolder: null as NewFolder | null,
  /** the path of the row being renamed (its name is a text field) */
  editing: null as string | null,
  /** renames under way or just done, by the item's old path */
  settling: {} as Record<string, Settling>,
})

export type ExplorerState = typeof explorer

/** A listed entry as an explorer item: status and corruption by the spec's 15-minute rule. */
export function toExplorerItem(item: StorageItem, prefix: string, columnIndex: number, now = Date.now()): ExplorerItem {
  const type = item.id ? 'FILE' : 'FOLDER'
  const age = item.created_at ? now - Date.parse(item.created_at) : 0
  const noMetadata = type === 'FILE' && !item.metadata
  return {
    ...item,
    type,
    status: noMetadata && age < STORAGE_CORRUPTED_AFTER_MS ? 'LOADING' : 'READY',
    isCorrupted: noMetadata && age >= STORAGE_CORRUPTED_AFTER_MS,
    prefix,
    path: joinKey(prefix, item.name),
    columnIndex,
  }
}

/** The folder the explorer is in: the deepest open column's path ('' at the bucket root). */
export function currentFolder(): string {
  return explorer.columns.at(-1)?.id ?? ''
}

/**
 * The open columns change: the placeholder and a rename's text field go with the column that held them
 * (a column opened again later is listed afresh, without them).
 */
export function setColumns(columns: ExplorerColumn[]): void {
  explorer.columns = columns
  if (explorer.newFolder && explorer.newFolder.columnIndex >= columns.length) explorer.newFolder = null
  const editing = explorer.editing
  if (editing !== null && !columns.some((c) => c.id === parentOf(editing))) explorer.editing = null
}

/** What the selection header acts on: the selected items, or else the previewed file. */
export function selectedItems(): ExplorerItem[] {
  if (explorer.selected.length) return [...explorer.selected]
  return explorer.preview ? [explorer.preview] : []
}

export function clearSelection(): void {
  explorer.selected = []
  explorer.lastSelected = null
}

export function closePreview(): void {
  explorer.preview = null
}

/**
 * Items that went away (deleted, moved or renamed): the preview closes if its file went, they leave the
 * selection, the columns close from the first one at or under a gone folder, and the cursor goes when its
 * column closed or its row went. A file stands for its own path only, a folder for everything under it.
 */
export function forgetItems(gone: readonly Pick<ExplorerItem, 'path' | 'type'>[]): void {
  // a Set answers the exact paths; only the gone folders are tried as prefixes
  const gonePaths = new Set(gone.map((g) => g.path))
  const goneFolders = new Set(gone.filter((g) => g.type === 'FOLDER').map((g) => g.path))
  const prefixes = [...goneFolders].map((f) => `${f}/`)
  const underGoneFolder = (path: string) => prefixes.some((p) => path.startsWith(p))
  const isGone = (path: string) => gonePaths.has(path) || underGoneFolder(path)
  const folderGone = (path: string) => goneFolders.has(path) || underGoneFolder(path)
  if (explorer.preview && isGone(explorer.preview.path)) closePreview()
  explorer.selected = explorer.selected.filter((s) => !isGone(s.path))
  if (explorer.lastSelected && isGone(explorer.lastSelected.path)) explorer.lastSelected = explorer.selected.at(-1) ?? null
  const cut = explorer.columns.findIndex((c, i) => i > 0 && folderGone(c.id))
  if (cut !== -1) setColumns(explorer.columns.slice(0, cut))
  const focus = explorer.focus
  if (focus && (focus.columnIndex >= explorer.columns.length || isGone(focus.path))) explorer.focus = null
}
