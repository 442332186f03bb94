/**
 * What an open column shows (spec 4, 9): its folder's listing from the react-query cache (the pages
 * flattened into explorer items) with the explorer's edit status laid over it: the 'Untitled folder'
 * placeholder first while a folder is named, the row being renamed EDITING, a rename under way LOADING
 * and, once done, under its new name until the folder is listed again. While a listing loads for the
 * first time (another sort or search), the folder's last listing in another sort or search stays shown.
 *
 * The one selector of the explorer's rows: commands call `columnView(ctx.queryClient, i)`, screens call it
 * through their hook (screens/storage/explorer/useColumnView.ts) with the explorer's snapshot, after
 * subscribing to the same query (`columnQuery`).
 */
import type { QueryClient, QueryState } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import { errorMessage } from '../../../../shared/error-message'
import { MSG } from '../../../../shared/messages'
import { keys } from '../../project/keys'
import { joinKey, parentOf } from './actions/object-paths'
import { finishEdit } from './explorer-rules'
import {
  explorer, toExplorerItem, type ExplorerColumn, type ExplorerItem, type ExplorerState, type NewFolder, type Settling,
} from './explorer-state'
import { folderQuery, hasMorePages, type FolderListing, type FolderPages } from './folder-query'

/** The explorer's UI state the rows depend on, live (commands) or as a snapshot (screens). */
export interface ExplorerUi extends Readonly<Pick<ExplorerState, 'ref' | 'bucketId' | 'sortBy' | 'sortByOrder' | 'search' | 'editing'>> {
  readonly columns: readonly Readonly<ExplorerColumn>[]
  readonly newFolder: Readonly<NewFolder> | null
  readonly settling: Readonly<Record<string, Readonly<Settling>>>
}

export interface ColumnView {
  /** the folder's path ('' for the bucket root) */
  id: string
  name: string
  /** LOADING while its listing is fetched from the first page (the rows shown meanwhile stay) */
  status: 'LOADING' | 'READY' | 'ERROR'
  error: string | null
  items: ExplorerItem[]
  /** the placeholder row (items[0]) while a folder is named in this column */
  placeholder: ExplorerItem | null
  hasMoreItems: boolean
  isLoadingMoreItems: boolean
}

/** The listing column `index` shows: the explorer's sort; the search filters the current folder only. */
export function columnListing(state: ExplorerUi, index: number): FolderListing {
  return { sortBy: state.sortBy, order: state.sortByOrder, search: index === state.columns.length - 1 ? state.search : '' }
}

/** The query of column `index` (an open column of the open bucket). */
export function columnQuery(api: Api, state: ExplorerUi, index: number) {
  return folderQuery(api, state.ref, state.bucketId ?? '', state.columns[index]?.id ?? '', columnListing(state, index))
}

export function columnKey(state: ExplorerUi, index: number) {
  return keys.storageFolder(state.ref, state.bucketId ?? '', state.columns[index]?.id ?? '', columnListing(state, index))
}

/** The items of a listing, built once per answer (a screen's memo and a test's identity check hold). */
const built = new WeakMap<FolderPages, Map<number, ExplorerItem[]>>()

function listedItems(data: FolderPages, prefix: string, index: number): ExplorerItem[] {
  let byColumn = built.get(data)
  if (!byColumn) built.set(data, (byColumn = new Map()))
  let items = byColumn.get(index)
  if (!items) byColumn.set(index, (items = data.pages.flat().map((entry) => toExplorerItem(entry, prefix, index))))
  return items
}

/** The folder's most recent listing in another sort or search, shown while this one loads. */
function lastListing(queryClient: QueryClient, state: ExplorerUi, path: string): FolderPages | undefined {
  const queries = queryClient.getQueryCache().findAll({ queryKey: keys.storageFolderListings(state.ref, state.bucketId ?? '', path) })
  const listed = queries.filter((q) => q.state.data !== undefined).sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
  return listed[0]?.state.data as FolderPages | undefined
}

function placeholderRow(state: ExplorerUi, path: string, index: number): ExplorerItem | null {
  const adding = state.newFolder
  if (!adding || adding.columnIndex !== index) return null
  return {
    id: null, name: MSG.untitledFolder, type: 'FOLDER', status: adding.status, isCorrupted: false, metadata: null,
    created_at: adding.at, updated_at: adding.at, last_accessed_at: adding.at, prefix: path,
    path: joinKey(path, MSG.untitledFolder), columnIndex: index,
  }
}

/** A listed row with its edit status: renamed (or being renamed), or its name being typed. */
function withEditStatus(state: ExplorerUi, item: ExplorerItem): ExplorerItem {
  const settling = state.settling[item.path]
  if (settling) {
    return settling.name === item.name ? { ...item, status: settling.status } : finishEdit(item, settling.name, settling.status, new Date(settling.at))
  }
  return item.path === state.editing ? { ...item, status: 'EDITING' } : item
}

function rows(state: ExplorerUi, path: string, index: number, listed: ExplorerItem[]): { items: ExplorerItem[]; placeholder: ExplorerItem | null } {
  const placeholder = placeholderRow(state, path, index)
  const edited = (state.editing !== null && parentOf(state.editing) === path) || Object.keys(state.settling).some((p) => parentOf(p) === path)
  const items = edited ? listed.map((item) => withEditStatus(state, item)) : listed
  return { items: placeholder ? [placeholder, ...items] : items, placeholder }
}

/** What the query's state says of the column. */
function statusOf(query: QueryState<FolderPages> | undefined): Pick<ColumnView, 'status' | 'error' | 'isLoadingMoreItems'> {
  const fetching = query?.fetchStatus === 'fetching'
  const more = fetching && (query.fetchMeta as { fetchMore?: unknown } | null)?.fetchMore !== undefined
  const error = query?.status === 'error' ? errorMessage(query.error) : null
  const status = !query || query.status === 'pending' || (fetching && !more) ? 'LOADING' : error !== null ? 'ERROR' : 'READY'
  return { status, error, isLoadingMoreItems: more }
}

/** Column `index` as shown, or undefined when it is not open. `state` defaults to the live explorer. */
export function columnView(queryClient: QueryClient, index: number, state: ExplorerUi = explorer): ColumnView | undefined {
  const column = state.columns[index]
  if (!column || !state.bucketId) return undefined
  const query = queryClient.getQueryState<FolderPages>(columnKey(state, index))
  const data = query?.data ?? lastListing(queryClient, state, column.id)
  const listed = data ? listedItems(data, column.id, index) : []
  return {
    id: column.id,
    name: column.name,
    ...statusOf(query),
    ...rows(state, column.id, index, listed),
    hasMoreItems: query?.data ? hasMorePages(query.data.pages) : false,
  }
}

/** The rows of column `index` (none when it is not open). */
export function columnItems(queryClient: QueryClient, index: number): ExplorerItem[] {
  return columnView(queryClient, index)?.items ?? []
}

/** Every row of the open columns. */
export function shownItems(queryClient: QueryClient): ExplorerItem[] {
  return explorer.columns.flatMap((_, i) => columnItems(queryClient, i))
}
