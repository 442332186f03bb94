/**
 * Selection, preview and the keyboard cursor of the explorer (spec 4): click, ⌘/Ctrl-click, shift-click
 * ranges, arrows within and across columns. The rows come from the query cache (explorer-view.ts), the
 * selection and the cursor are the explorer's UI state. Called by commands/storage-explorer.ts.
 */
import type { QueryClient } from '@tanstack/react-query'
import { explorer, setColumns, type ExplorerItem } from './explorer-state'
import { itemKey, rangeSelection, toggleSelection } from './explorer-rules'
import { columnItems } from './explorer-view'

/** The item at `path` in the open columns (the deepest column holding it), if listed. */
export function findItem(queryClient: QueryClient, path: string): ExplorerItem | undefined {
  for (let i = explorer.columns.length - 1; i >= 0; i--) {
    const hit = columnItems(queryClient, i).find((item) => item.path === path)
    if (hit) return hit
  }
  return undefined
}

export function isSelected(item: ExplorerItem): boolean {
  const key = itemKey(item)
  return explorer.selected.some((s) => itemKey(s) === key)
}

/** Selecting a file closes the columns to its right and shows its preview. */
export function previewFile(item: ExplorerItem): void {
  setColumns(explorer.columns.slice(0, item.columnIndex + 1))
  explorer.preview = item
  explorer.lastSelected = item
  explorer.focus = { columnIndex: item.columnIndex, path: item.path }
}

/** After a deselection the range anchor is the last item still selected (or none). */
function anchorOnLastSelected(): void {
  explorer.lastSelected = explorer.selected.at(-1) ?? null
}

/** ⌘/Ctrl-click: an item selected becomes the range anchor; one deselected hands the anchor back. */
export function toggleItem(item: ExplorerItem): void {
  explorer.selected = toggleSelection(explorer.selected, item)
  if (isSelected(item)) explorer.lastSelected = item
  else anchorOnLastSelected()
  explorer.focus = { columnIndex: item.columnIndex, path: item.path }
}

/**
 * Shift-click: the range from the anchor (the last selected item, in this column) to `item`. A first
 * range without an anchor makes `item` the anchor; a range deselected hands the anchor back.
 */
export function selectRange(queryClient: QueryClient, item: ExplorerItem): void {
  const column = columnItems(queryClient, item.columnIndex)
  const anchor = explorer.lastSelected && explorer.lastSelected.columnIndex === item.columnIndex ? explorer.lastSelected : null
  explorer.selected = rangeSelection(explorer.selected, column, anchor, item)
  if (!isSelected(item)) anchorOnLastSelected()
  else if (!anchor) explorer.lastSelected = item
  explorer.focus = { columnIndex: item.columnIndex, path: item.path }
}

export type Direction = 'up' | 'down' | 'left' | 'right'

/** The item under the keyboard cursor, if any. */
export function focusedItem(queryClient: QueryClient): ExplorerItem | undefined {
  const at = explorer.focus
  return at ? columnItems(queryClient, at.columnIndex).find((i) => i.path === at.path) : undefined
}

/**
 * Moves the keyboard cursor: up/down within its column, left to the parent column (onto the open folder),
 * right into the column of the folder under the cursor (its caller opens it first when it is not open; a
 * file has nowhere to go). `extend` adds the range from the anchor (Shift+arrows). Returns the item now
 * under the cursor.
 */
export function moveFocus(queryClient: QueryClient, direction: Direction, extend: boolean): ExplorerItem | undefined {
  const columns = explorer.columns
  const at = explorer.focus
  let columnIndex = at ? at.columnIndex : columns.length - 1
  if (!columns[columnIndex]) return undefined
  let rows = columnItems(queryClient, columnIndex)
  let row = at ? rows.findIndex((i) => i.path === at.path) : -1
  if (direction === 'up') row = row <= 0 ? 0 : row - 1
  else if (direction === 'down') row = Math.min(rows.length - 1, row + 1)
  else {
    const next = columnIndex + (direction === 'left' ? -1 : 1)
    const target = columns[next]
    const opensTarget = rows[row]?.type === 'FOLDER' && target?.id === at?.path
    if (!target || (direction === 'right' && !opensTarget)) return undefined
    const open = direction === 'left' ? columns[columnIndex]?.id : undefined
    columnIndex = next
    rows = columnItems(queryClient, next)
    row = Math.max(0, open === undefined ? 0 : rows.findIndex((i) => i.path === open))
  }
  const item = rows[row]
  if (!item) return undefined
  if (extend) {
    if (!explorer.lastSelected) explorer.lastSelected = rows.find((i) => i.path === at?.path) ?? item
    const anchor = explorer.lastSelected
    const keep = explorer.selected.filter((s) => s.columnIndex !== columnIndex)
    explorer.selected = [...keep, ...rangeSelection([], rows, anchor, item)]
  }
  explorer.focus = { columnIndex, path: item.path }
  return item
}

/** Escape: cancels editing, else closes the preview, else clears the selection. What it did, or null. */
export function dismissTarget(): 'editing' | 'preview' | 'selection' | null {
  if (explorer.editing !== null || explorer.newFolder?.status === 'EDITING') return 'editing'
  if (explorer.preview) return 'preview'
  if (explorer.selected.length) return 'selection'
  return null
}
