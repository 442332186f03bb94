/**
 * Listing for the explorer (spec 4, 8, 9): loads a bucket's folders into the columns, 200 entries a page,
 * with the current sort and search. A late answer for a column that was closed or reloaded since is
 * dropped silently (it counts as aborted). Commands bind their context first with `bindExplorer`.
 */
import type { CommandContext } from '../../app/context'
import { STORAGE_FOLDER_PAGE_SIZE } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import type { ListObjectsBody } from '../../../../shared/storage'
import {
  clearSelection, closePreview, explorer, toExplorerItem, type ExplorerColumn,
} from './explorer-state'
import { errorMessage } from '../../../../shared/error-message'

export type ExplorerIo = Pick<CommandContext, 'api' | 'ref' | 'toast'>

let io: ExplorerIo | null = null
/** Each load of a column gets a ticket; only the latest ticket of a column may write its answer. */
const tickets = new Map<string, number>()
let nextTicket = 1

export function bindExplorer(ctx: ExplorerIo): ExplorerIo {
  io = ctx
  explorer.ref = ctx.ref
  return ctx
}

function bound(): ExplorerIo {
  if (!io) throw new Error('The explorer is not bound to a context')
  return io
}

function listBody(path: string, offset: number, search = ''): ListObjectsBody {
  return {
    path,
    options: {
      limit: STORAGE_FOLDER_PAGE_SIZE, offset, search,
      sortBy: { column: explorer.sortBy, order: explorer.sortByOrder },
    },
  }
}

function emptyColumn(path: string): ExplorerColumn {
  return {
    id: path, name: path.split('/').at(-1) ?? '', status: 'LOADING', error: null, items: [], search: '',
    hasMoreItems: false, isLoadingMoreItems: false,
  }
}

/**
 * Loads a page of the open column `path`: offset 0 replaces its items (and supersedes any load in flight),
 * else appends (only through `loadMore`, never while the first page is loading).
 */
async function loadPage(path: string, offset: number, errorText: (m: string) => string): Promise<void> {
  const { api, ref, toast } = bound()
  const bucketId = explorer.bucketId
  const index = explorer.columns.findIndex((c) => c.id === path)
  const column = explorer.columns[index]
  if (!bucketId || !column) return
  const ticket = nextTicket++
  tickets.set(path, ticket)
  if (offset === 0) column.status = 'LOADING'
  else column.isLoadingMoreItems = true
  const search = index === explorer.columns.length - 1 ? explorer.search : ''
  try {
    const page = await api.listObjects(ref, bucketId, listBody(path, offset, search))
    const live = explorer.columns.find((c) => c.id === path)
    if (!live || tickets.get(path) !== ticket || explorer.bucketId !== bucketId) return
    const items = page.map((entry) => toExplorerItem(entry, path, index))
    const placeholder = explorer.newFolderColumn === index ? live.items.slice(0, 1) : []
    const keep = offset === 0 ? placeholder : live.items
    live.items = [...keep, ...items]
    live.search = search
    live.hasMoreItems = page.length === STORAGE_FOLDER_PAGE_SIZE
    live.status = 'READY'
    live.error = null
  } catch (e) {
    const live = explorer.columns.find((c) => c.id === path)
    if (!live || tickets.get(path) !== ticket) return
    live.status = 'ERROR'
    live.error = errorMessage(e)
    toast.error(errorText(errorMessage(e)))
  } finally {
    const live = explorer.columns.find((c) => c.id === path)
    if (live && tickets.get(path) === ticket) live.isLoadingMoreItems = false
  }
}

const contentsError = (path: string) => (m: string) => MSG.folderContentsFailed(path || explorer.bucketId || '', m)

/** Selecting a bucket: clears the columns, the preview and the selection, then lists the bucket's root. */
export async function enterBucket(bucketId: string): Promise<void> {
  explorer.bucketId = bucketId
  explorer.columns = [emptyColumn('')]
  explorer.search = ''
  explorer.pathEditing = false
  explorer.focus = null
  explorer.newFolderColumn = null
  clearSelection()
  closePreview()
  await loadPage('', 0, contentsError(''))
}

/**
 * Opens the folder `path` shown in column `columnIndex`: closes the preview, clears the selection and the
 * search, closes the columns to its right. The cursor stays on the folder's row; in list view, which shows
 * the new column alone, it goes to that column.
 */
export async function openFolder(path: string, columnIndex: number): Promise<void> {
  closePreview()
  clearSelection()
  explorer.newFolderColumn = null
  explorer.columns = [...explorer.columns.slice(0, columnIndex + 1), emptyColumn(path)]
  explorer.focus = explorer.view === 'LIST' ? null : { columnIndex, path }
  await Promise.all([cancelSearch(), loadPage(path, 0, contentsError(path))])
}

/** Opens every folder down to `path` (the path box, breadcrumbs). */
export async function openPath(path: string): Promise<void> {
  const parts = path ? path.split('/') : []
  closePreview()
  clearSelection()
  explorer.newFolderColumn = null
  explorer.search = ''
  explorer.focus = null
  explorer.columns = ['', ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))].map(emptyColumn)
  await Promise.all(explorer.columns.map((c) => loadPage(c.id, 0, MSG.fetchFoldersFailed)))
}

/** Every open column again from its first page (after a change of sort). */
export async function refetchAll(): Promise<void> {
  await Promise.all(explorer.columns.map((c) => loadPage(c.id, 0, MSG.fetchFoldersFailed)))
}

/** The next page of the column `path`; nothing while its first page is (re)loading, which the append would void. */
export async function loadMore(path: string): Promise<void> {
  const column = explorer.columns.find((c) => c.id === path)
  if (!column || column.status === 'LOADING' || !column.hasMoreItems || column.isLoadingMoreItems) return
  const placeholder = explorer.newFolderColumn === explorer.columns.indexOf(column) ? 1 : 0
  await loadPage(path, column.items.length - placeholder, contentsError(path))
}

/** The search filters the current folder: it is listed again with the text. */
export async function searchFolder(text: string): Promise<void> {
  explorer.search = text
  explorer.pathEditing = false
  const path = explorer.columns.at(-1)?.id
  if (path !== undefined) await loadPage(path, 0, contentsError(path))
}

/**
 * The search is over (a folder opened or left, the path box opened): the search text is cleared, and an
 * open column still filtered by it is listed again in full.
 */
export async function cancelSearch(): Promise<void> {
  explorer.search = ''
  await Promise.all(explorer.columns.filter((c) => c.search).map((c) => loadPage(c.id, 0, contentsError(c.id))))
}

/** Refetches the folder `path` if one of its columns is open (its first page again, keeping the column). */
export async function reloadFolder(path: string): Promise<void> {
  if (io && explorer.columns.some((c) => c.id === path)) await loadPage(path, 0, contentsError(path))
}
