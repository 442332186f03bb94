/**
 * Selection, preview and the keyboard cursor of the explorer (spec 4): click, ⌘/Ctrl-click, shift-click
 * ranges, arrows within and across columns. Called by commands/storage-explorer.ts.
 */
import { explorer, type ExplorerItem } from './explorer-state'
import { itemKey, rangeSelection, toggleSelection } from './explorer-rules'

/** The item at `path` in the open columns (the deepest column holding it), if loaded. */
export function findItem(path: string): ExplorerItem | undefined {
  for (let i = explorer.columns.length - 1; i >= 0; i--) {
    const hit = explorer.columns[i]?.items.find((item) => item.path === path)
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
  explorer.columns = explorer.columns.slice(0, item.columnIndex + 1)
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
export function selectRange(item: ExplorerItem): void {
  const column = explorer.columns[item.columnIndex]?.items ?? []
  const anchor = explorer.lastSelected && explorer.lastSelected.columnIndex === item.columnIndex ? explorer.lastSelected : null
  explorer.selected = rangeSelection(explorer.selected, column, anchor, item)
  if (!isSelected(item)) anchorOnLastSelected()
  else if (!anchor) explorer.lastSelected = item
  explorer.focus = { columnIndex: item.columnIndex, path: item.path }
}

export type Direction = 'up' | 'down' | 'left' | 'right'

/** The item under the keyboard cursor, if any. */
export function focusedItem(): ExplorerItem | undefined {
  const at = explorer.focus
  return at ? explorer.columns[at.columnIndex]?.items.find((i) => i.path === at.path) : undefined
}

/**
 * Moves the keyboard cursor: up/down within its column, left to the parent column (onto the open folder),
 * right into the column of the folder under the cursor (its caller opens it first when it is not open; a
 * file has nowhere to go). `extend` adds the range from the anchor (Shift+arrows). Returns the item now
 * under the cursor.
 */
export function moveFocus(direction: Direction, extend: boolean): ExplorerItem | undefined {
  const columns = explorer.columns
  const at = explorer.focus
  let columnIndex = at ? at.columnIndex : columns.length - 1
  let column = columns[columnIndex]
  if (!column) return undefined
  let row = at ? column.items.findIndex((i) => i.path === at.path) : -1
  if (direction === 'up') row = row <= 0 ? 0 : row - 1
  else if (direction === 'down') row = Math.min(column.items.length - 1, row + 1)
  else {
    const next = columnIndex + (direction === 'left' ? -1 : 1)
    const target = columns[next]
    const opensTarget = column.items[row]?.type === 'FOLDER' && target?.id === at?.path
    if (!target || (direction === 'right' && !opensTarget)) return undefined
    const open = direction === 'left' ? columns[columnIndex]?.id : undefined
    columnIndex = next
    column = target
    row = Math.max(0, open === undefined ? 0 : target.items.findIndex((i) => i.path === open))
  }
  const item = column.items[row]
  if (!item) return undefined
  if (extend) {
    if (!explorer.lastSelected) explorer.lastSelected = columns[columnIndex]?.items.find((i) => i.path === at?.path) ?? item
    const anchor = explorer.lastSelected
    const keep = explorer.selected.filter((s) => s.columnIndex !== columnIndex)
    explorer.selected = [...keep, ...rangeSelection([], column.items, anchor, item)]
  }
  explorer.focus = { columnIndex, path: item.path }
  return item
}

/** Escape: cancels editing, else closes the preview, else clears the selection. What it did, or null. */
export function dismissTarget(): 'editing' | 'preview' | 'selection' | null {
  if (explorer.columns.some((c) => c.items.some((i) => i.status === 'EDITING'))) return 'editing'
  if (explorer.preview) return 'preview'
  if (explorer.selected.length) return 'selection'
  return null
}
