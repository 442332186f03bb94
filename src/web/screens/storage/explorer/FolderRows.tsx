/**
 * The rows of one open folder, virtualized (row height 37, spec 9) so a 10,000-file folder scrolls to its
 * last file: a 'Load more' row ends a column that came back with exactly 200 entries, and is loaded by
 * itself when scrolled into view. The rows are the column's listing with its edit status (useColumnView).
 * Used by a Miller column and by the list view.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { useVirtualizer } from '@tanstack/react-virtual'
import { STORAGE_ROW_HEIGHT } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { Button, EmptyState, Spinner } from '../../../ui'
import { itemKey } from '../../../model/storage/explorer/explorer-rules'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { ItemRow } from './ItemRow'
import { useColumnView } from './useColumnView'

export function FolderRows({ columnIndex, list }: { columnIndex: number; list: boolean }) {
  const snap = useSnapshot(explorer)
  const column = useColumnView(columnIndex)
  const scrollRef = useRef<HTMLDivElement>(null)
  const items = column?.items ?? []
  const count = items.length + (column?.hasMoreItems ? 1 : 0)
  const virtualizer = useVirtualizer({
    count, getScrollElement: () => scrollRef.current, estimateSize: () => STORAGE_ROW_HEIGHT, overscan: 12,
  })
  const rows = virtualizer.getVirtualItems()
  const lastShown = rows.at(-1)?.index ?? -1
  const scrolled = (scrollRef.current?.scrollTop ?? 0) > 0

  const path = column?.id
  const canLoadMore = Boolean(column?.hasMoreItems && !column.isLoadingMoreItems && column.status !== 'LOADING')
  useEffect(() => {
    if (path !== undefined && canLoadMore && scrolled && lastShown === count - 1) press('storage.explorer.load-more', { path })
  }, [path, canLoadMore, scrolled, lastShown, count])

  // each row's index by path, built again only when the items change (not on every render or cursor move)
  const rowOf = useMemo(() => {
    const rows = new Map<string, number>()
    items.forEach((item, index) => rows.has(item.path) || rows.set(item.path, index))
    return rows
  }, [items])
  const focusRow = snap.focus?.columnIndex === columnIndex ? (rowOf.get(snap.focus.path) ?? -1) : -1
  useEffect(() => {
    if (focusRow >= 0) virtualizer.scrollToIndex(focusRow, { align: 'auto' })
  }, [focusRow, virtualizer])

  if (!column) return null
  if (column.status === 'LOADING' && items.length === 0) {
    return <div className="sx-rows__state"><Spinner /></div>
  }
  if (column.status === 'ERROR' && items.length === 0) {
    return <div className="sx-rows__state sx-rows__state--error">{column.error}</div>
  }
  if (items.length === 0) {
    const searching = columnIndex === snap.columns.length - 1 && snap.search
    return <EmptyState title={searching ? MSG.noSearchResults : MSG.folderEmpty} />
  }
  const selectedKeys = new Set(snap.selected.map(itemKey))
  const nextOpen = snap.columns[columnIndex + 1]?.id
  return (
    <div ref={scrollRef} className="sx-rows" role="rowgroup">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const item = items[row.index]
          return (
            <div key={item ? itemKey(item) + row.index : 'more'} className="sx-rows__slot" style={{ transform: `translateY(${row.start}px)`, height: STORAGE_ROW_HEIGHT }}>
              {item ? (
                <ItemRow
                  item={item}
                  list={list}
                  placeholder={item === column.placeholder}
                  selected={selectedKeys.has(itemKey(item))}
                  focused={row.index === focusRow}
                  active={item.path === nextOpen || item.path === snap.preview?.path}
                  anySelected={snap.selected.length > 0}
                />
              ) : (
                <div className="sx-row sx-row--more">
                  <Button size="sm" variant="ghost" loading={column.isLoadingMoreItems} disabled={column.status === 'LOADING'} onClick={() => press('storage.explorer.load-more', { path: column.id })}>
                    Load more
                  </Button>
                </div>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
