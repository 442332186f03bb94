/**
 * A folder's listing as the server has it (spec 4, 8, 9): a react-query infinite query of
 * STORAGE_FOLDER_PAGE_SIZE entries a page, in a sort and with a search; a full page means there may be more.
 * The next page starts after the last entry seen (keyset: flat cost per page when sorted by name without a
 * search) or, in the other listings, at the count of entries seen (offset). Keyed under the bucket's
 * objects (keys.storageFolder), so one invalidation of a bucket or of a folder refreshes every listing of
 * it. Not retried: a failure is reported at once.
 */
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import { STORAGE_FOLDER_PAGE_SIZE, type StorageSortColumn } from '../../../../shared/constants'
import type { StorageItem } from '../../../../shared/storage'
import { keys } from '../../project/keys'

export interface FolderListing {
  sortBy: StorageSortColumn
  order: 'asc' | 'desc'
  /** '' for every entry */
  search: string
}

/** Where a page starts: after an entry (when the server can use it) and, else, at an offset. */
export interface FolderPageParam {
  offset: number
  startAfter?: Pick<StorageItem, 'name' | 'type'>
}

export type FolderPages = InfiniteData<StorageItem[], FolderPageParam>

/** Another page may follow the last one loaded: it came back full. */
export const hasMorePages = (pages: readonly StorageItem[][]): boolean => pages.at(-1)?.length === STORAGE_FOLDER_PAGE_SIZE

export function folderQuery(api: Api, ref: string, bucketId: string, path: string, listing: FolderListing) {
  return infiniteQueryOptions({
    queryKey: keys.storageFolder(ref, bucketId, path, listing),
    queryFn: ({ pageParam }) =>
      api.listObjects(ref, bucketId, {
        path,
        options: {
          limit: STORAGE_FOLDER_PAGE_SIZE, offset: pageParam.offset, search: listing.search,
          sortBy: { column: listing.sortBy, order: listing.order },
          ...(pageParam.startAfter ? { startAfter: pageParam.startAfter } : {}),
        },
      }),
    initialPageParam: { offset: 0 } as FolderPageParam,
    getNextPageParam: (last, pages): FolderPageParam | undefined => {
      if (!hasMorePages(pages)) return undefined
      const { name, type } = last.at(-1)!
      return { offset: pages.reduce((n, page) => n + page.length, 0), startAfter: { name, type } }
    },
    retry: false,
  })
}

/** The objects of a bucket changed (emptied): every listing of it is stale, and is fetched again when next shown. */
export function bucketListingsChanged(queryClient: QueryClient, ref: string, bucketId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.storageObjects(ref, bucketId), refetchType: 'none' })
}

/** A bucket went away: its listings go too (a new bucket of the same name starts empty). */
export function forgetBucketListings(queryClient: QueryClient, ref: string, bucketId: string): void {
  queryClient.removeQueries({ queryKey: keys.storageObjects(ref, bucketId) })
}
