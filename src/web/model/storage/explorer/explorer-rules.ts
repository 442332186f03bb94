/**
 * The explorer's pure rules (spec 2 Storage explorer header, 4 Storage explorer, 5 Folders and files):
 * range selection, folder names, breadcrumbs, finishing an edit. No state, no I/O.
 */
import { STORAGE_BREADCRUMBS_MAX } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import type { ExplorerItem, ItemStatus } from './explorer-state'

/** An item's identity: a file's id, else its path (folders have no id). */
export const itemKey = (item: Pick<ExplorerItem, 'id' | 'path'>): string => item.id ?? `folder:${item.path}`

/**
 * Shift-click: the items between the anchor and the clicked one (both included, in column order). If the
 * clicked item is already selected the range is deselected, else it is added without duplicates by id.
 * Without an anchor in the same column the clicked item alone is the range.
 */
export function rangeSelection(
  selected: readonly ExplorerItem[], column: readonly ExplorerItem[], anchor: ExplorerItem | null, clicked: ExplorerItem,
): ExplorerItem[] {
  const to = column.findIndex((i) => i.path === clicked.path)
  const found = anchor ? column.findIndex((i) => i.path === anchor.path) : -1
  const from = found === -1 ? to : found
  const range = column.slice(Math.min(from, to), Math.max(from, to) + 1)
  const keys = new Set(range.map(itemKey))
  if (selected.some((s) => itemKey(s) === itemKey(clicked))) return selected.filter((s) => !keys.has(itemKey(s)))
  const have = new Set(selected.map(itemKey))
  return [...selected, ...range.filter((i) => !have.has(itemKey(i)))]
}

/** ⌘/Ctrl-click: adds the item, or removes it when already selected. */
export function toggleSelection(selected: readonly ExplorerItem[], item: ExplorerItem): ExplorerItem[] {
  const key = itemKey(item)
  return selected.some((s) => itemKey(s) === key) ? selected.filter((s) => itemKey(s) !== key) : [...selected, item]
}

/**
 * Why a folder name is refused, or null. `siblings` are the names already in the folder (the item being
 * named excluded). A new folder takes letters, digits, underscore, hyphen and whitespace only; a rename
 * names slashes in particular first. An empty name is not a problem here: it means "remove the placeholder".
 */
export function folderNameProblem(name: string, siblings: readonly string[], naming: 'create' | 'rename'): string | null {
  if (naming === 'rename' && /[/\\]/.test(name)) return MSG.folderNameSlashes
  if (!/^[\p{L}\p{N}_\-\s]+$/u.test(name)) return MSG.folderNameInvalidChars
  if (siblings.includes(name)) return MSG.folderNameExists(name)
  return null
}

/** Why a file's new name is refused, or null: no slashes, not a sibling's name. */
export function fileNameProblem(name: string, siblings: readonly string[]): string | null {
  if (/[/\\]/.test(name)) return MSG.fileNameSlashes
  if (siblings.includes(name)) return MSG.folderNameExists(name)
  return null
}

export type Crumb = { name: string; path: string } | { ellipsis: true }

/**
 * Breadcrumbs for the list view: the bucket, then each folder of `path`. Above 5 entries they collapse to
 * the first two and the last two with an ellipsis between.
 */
export function breadcrumbs(bucketId: string, path: string): Crumb[] {
  const parts = path ? path.split('/') : []
  const all: Crumb[] = [{ name: bucketId, path: '' }, ...parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }))]
  if (all.length <= STORAGE_BREADCRUMBS_MAX) return all
  return [...all.slice(0, 2), { ellipsis: true }, ...all.slice(-2)]
}

/** An edit is over: the row takes the new name and a status, timestamps now, metadata and id cleared. */
export function finishEdit(item: ExplorerItem, name: string, status: ItemStatus = 'READY', now = new Date()): ExplorerItem {
  const at = now.toISOString()
  return {
    ...item, name, status, path: item.prefix ? `${item.prefix}/${name}` : name,
    created_at: at, updated_at: at, last_accessed_at: at, metadata: null, id: null,
  }
}

/** 'a/b/' or '/a/b' typed in the path box → 'a/b'. */
export function normalizePath(path: string): string {
  return path.split('/').map((s) => s.trim()).filter(Boolean).join('/')
}
