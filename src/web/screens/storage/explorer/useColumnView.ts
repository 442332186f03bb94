/**
 * An open column as the screen shows it: subscribes to its folder's listing (the same infinite query the
 * commands fetch, so the screen draws their answers, and fetches the listing itself when there is none)
 * and derives the rows with the explorer's one selector, from the explorer's snapshot. A column drawn
 * again (the view changed) shows its listing as it is: listing again is the commands' to decide.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { useApi } from '../../../commands-context'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { columnQuery, columnView, type ColumnView, type ExplorerUi } from '../../../model/storage/explorer/explorer-view'

export function useColumnView(columnIndex: number): ColumnView | undefined {
  const snap: ExplorerUi = useSnapshot(explorer)
  const api = useApi()
  const queryClient = useQueryClient()
  // every change of the query's state draws again: the selector reads it from the cache
  useInfiniteQuery({
    ...columnQuery(api, snap, columnIndex),
    enabled: Boolean(snap.bucketId && snap.columns[columnIndex]),
    notifyOnChangeProps: 'all',
    refetchOnMount: false,
  })
  return columnView(queryClient, columnIndex, snap)
}
