/**
 * Listing for the explorer (spec 4, 8, 9): which folders the columns show, and fetching their listings
 * (folder-query.ts, react-query infinite queries) when they open, when the sort or the search changes and
 * when their contents change. Every load lists afresh from the first page, as a column that opens (a newer
 * request cancels an older one in flight); load more fetches the next page. react-query keeps the answers
 * and drops the cancelled ones, so there is no hand-made request tracking here. A failure is toasted
 * unless its column was closed or shows another listing since. Commands bind their context first with
 * `bindExplorer`.
 */
import { InfiniteQueryObserver, hashKey, isCancelledError } from '@tanstack/react-query'
import type { CommandContext } from '../../app/context'
import { MSG } from '../../../../shared/messages'
import { keys } from '../../project/keys'
import { clearSelection, closePreview, explorer, setColumns, type ExplorerColumn } from './explorer-state'
import { columnKey, columnQuery, columnView } from './explorer-view'
import { errorMessage } from '../../../../shared/error-message'

export type ExplorerIo = Pick<CommandContext, 'api' | 'ref' | 'toast' | 'queryClient'>

let io: ExplorerIo | null = null

export function bindExplorer(ctx: ExplorerIo): ExplorerIo {
  io = ctx
  explorer.ref = ctx.ref
  return ctx
}

function bound(): ExplorerIo {
  if (!io) throw new Error('The explorer is not bound to a context')
  return io
}

const openColumn = (path: string): ExplorerColumn => ({ id: path, name: path.split('/').at(-1) ?? '' })

/** The query of the open column `path`, and its key's hash to tell whether the column still shows it. */
function queryOf(path: string) {
  const index = explorer.columns.findIndex((c) => c.id === path)
  if (index === -1 || !explorer.bucketId) return null
  const options = columnQuery(bound().api, explorer, index)
  return { options, key: hashKey(options.queryKey) }
}

/** A failed listing is toasted, unless it was cancelled or no open column shows it any more. */
function report(e: unknown, key: string, errorText: (m: string) => string): void {
  const shown = explorer.columns.some((_, i) => hashKey(columnKey(explorer, i)) === key)
  if (!isCancelledError(e) && shown) bound().toast.error(errorText(errorMessage(e)))
}

/**
 * Lists the open column `path` afresh from its first page (the pages loaded after it go, as when it
 * opened). A request for it still under way is cancelled first: its answer may predate a change.
 */
async function load(path: string, errorText: (m: string) => string): Promise<void> {
  const query = queryOf(path)
  if (!query) return
  const { queryClient } = bound()
  await queryClient.cancelQueries({ queryKey: query.options.queryKey, exact: true })
  try {
    await queryClient.infiniteQuery({ ...query.options, pages: 1, staleTime: 0 })
  } catch (e) {
    report(e, query.key, errorText)
  }
}

const contentsError = (path: string) => (m: string) => MSG.folderContentsFailed(path || explorer.bucketId || '', m)

/** The search is over: its text is cleared. Answers the folder it filtered, if any. */
function endSearch(): string | undefined {
  const searched = explorer.search ? explorer.columns.at(-1)?.id : undefined
  explorer.search = ''
  return searched
}

/** Lists again the folder a search filtered (now unfiltered), if its column is still open. */
async function unfilter(searched: string | undefined): Promise<void> {
  if (searched !== undefined && explorer.columns.some((c) => c.id === searched)) await load(searched, contentsError(searched))
}

/** Selecting a bucket: clears the columns, the preview and the selection, then lists the bucket's root. */
export async function enterBucket(bucketId: string): Promise<void> {
  explorer.bucketId = bucketId
  explorer.search = ''
  explorer.pathEditing = false
  explorer.focus = null
  explorer.newFolder = null
  explorer.editing = null
  explorer.settling = {}
  setColumns([openColumn('')])
  clearSelection()
  closePreview()
  await load('', contentsError(''))
}

/**
 * Opens the folder `path` shown in column `columnIndex`: closes the preview, clears the selection and the
 * search, closes the columns to its right. The cursor stays on the folder's row; in list view, which shows
 * the new column alone, it goes to that column.
 */
export async function openFolder(path: string, columnIndex: number): Promise<void> {
  closePreview()
  clearSelection()
  explorer.newFolder = null
  const searched = endSearch()
  setColumns([...explorer.columns.slice(0, columnIndex + 1), openColumn(path)])
  explorer.focus = explorer.view === 'LIST' ? null : { columnIndex, path }
  await Promise.all([unfilter(searched), load(path, contentsError(path))])
}

/** Opens every folder down to `path` (the path box, breadcrumbs). */
export async function openPath(path: string): Promise<void> {
  const parts = path ? path.split('/') : []
  closePreview()
  clearSelection()
  explorer.newFolder = null
  explorer.search = ''
  explorer.focus = null
  setColumns(['', ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))].map(openColumn))
  await Promise.all(explorer.columns.map((c) => load(c.id, MSG.fetchFoldersFailed)))
}

/** Every open column again (the reload button, a change of sort). */
export async function refetchAll(): Promise<void> {
  await Promise.all(explorer.columns.map((c) => load(c.id, MSG.fetchFoldersFailed)))
}

/** The next page of the column `path`; nothing while its listing is fetched from the start, which would void it. */
export async function loadMore(path: string): Promise<void> {
  const index = explorer.columns.findIndex((c) => c.id === path)
  const view = columnView(bound().queryClient, index)
  const query = queryOf(path)
  if (!query || !view || view.status === 'LOADING' || !view.hasMoreItems || view.isLoadingMoreItems) return
  try {
    // an observer fetches the one page after those loaded (it is not subscribed: it fetches only this)
    await new InfiniteQueryObserver(bound().queryClient, query.options).fetchNextPage({ throwOnError: true })
  } catch (e) {
    report(e, query.key, contentsError(path))
  }
}

/** The search filters the current folder: it is listed again with the text. */
export async function searchFolder(text: string): Promise<void> {
  explorer.search = text
  explorer.pathEditing = false
  const path = explorer.columns.at(-1)?.id
  if (path !== undefined) await load(path, contentsError(path))
}

/**
 * The search is over (the path box opened): the search text is cleared, and the folder it filtered is
 * listed again in full. Before a column change, `endSearch` through openFolder or goUp does the same.
 */
export async function cancelSearch(): Promise<void> {
  await unfilter(endSearch())
}

/** Going up: the deepest column closes (ending a search, which was of that folder). */
export function closeLastColumn(): ExplorerColumn | undefined {
  endSearch()
  const left = explorer.columns.at(-1)
  setColumns(explorer.columns.slice(0, -1))
  return left
}

/**
 * The contents of folder `path` changed: each of its listings is stale (fetched again when next shown),
 * and its open column lists it again now.
 */
export async function reloadFolder(path: string): Promise<void> {
  if (!io || !explorer.bucketId) return
  await io.queryClient.invalidateQueries({ queryKey: keys.storageFolderListings(explorer.ref, explorer.bucketId, path), refetchType: 'none' })
  if (explorer.columns.some((c) => c.id === path)) await load(path, contentsError(path))
}
