/**
 * Storage explorer commands (issue 6; spec 2 Storage explorer header, 4 Storage explorer, 5 Folders and
 * files, 8, 9): open a folder, go up, select (click, toggle, range), the keyboard cursor, new
 * folder, rename, view, sort, search, the path box. State and listing live in
 * src/web/screens/storage/explorer; these bind the context, make sure the route's bucket is open, and act.
 */
import { z } from 'zod'
import { defineCommand, CommandError } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { STORAGE_SORT_COLUMNS, STORAGE_VIEWS } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import {
  bindExplorer, cancelSearch, enterBucket, loadMore, openFolder, openPath, refetchAll, reloadFolder, searchFolder,
} from '../src/web/model/storage/explorer/explorer-data'
import {
  addFolderPlaceholder, cancelEditing, createFolder, removeFolderPlaceholder, renameItem, rowReadyAgain, settleRow,
  startRename,
} from '../src/web/model/storage/explorer/explorer-edit'
import { SORT_LABELS, restorePreferences, savePreferences } from '../src/web/model/storage/explorer/explorer-prefs'
import { fileNameProblem, folderNameProblem, normalizePath } from '../src/web/model/storage/explorer/explorer-rules'
import {
  dismissTarget, findItem, focusedItem, moveFocus, previewFile, selectRange, toggleItem,
} from '../src/web/model/storage/explorer/explorer-select'
import {
  clearSelection, closePreview, currentFolder, explorer, forgetItems, type ExplorerItem,
} from '../src/web/model/storage/explorer/explorer-state'
import { errorMessage } from '../src/shared/error-message'

const AREA = 'storage'
const inBucket = (ctx: CommandContext) => ctx.route.id === 'storage.bucket'
const canWrite = (denied: string) => (ctx: CommandContext) => ctx.can('storageAdminWrite') || denied

/** Binds the context and opens the route's bucket when the explorer shows another (or none). */
async function ready(ctx: CommandContext): Promise<void> {
  bindExplorer(ctx)
  const bucketId = ctx.route.params.bucketId ?? ''
  if (bucketId && (explorer.bucketId !== bucketId || explorer.columns.length === 0)) {
    restorePreferences(ctx.ref)
    await enterBucket(bucketId)
  }
}

async function item(ctx: CommandContext, path: string | undefined): Promise<ExplorerItem> {
  await ready(ctx)
  const wanted = path ?? explorer.focus?.path ?? explorer.preview?.path ?? (explorer.selected.length === 1 ? explorer.selected[0]?.path : undefined)
  const found = wanted === undefined ? undefined : findItem(wanted)
  if (!found) throw new CommandError(wanted ? `${wanted} is not open in the explorer` : 'Pick a file or folder first', 'invalid-args')
  return found
}

const pathArg = z.object({ path: z.string() })
const optionalPath = z.object({ path: z.string().optional() })

export const openFolderCommand = defineCommand({
  id: 'storage.folder.open', title: 'Open folder', area: AREA, args: pathArg, argLabels: { path: 'Folder path' }, when: inBucket,
  run: async (ctx, { path }) => {
    await ready(ctx)
    const folder = normalizePath(path)
    const parent = explorer.columns.findIndex((c) => c.id === folder.split('/').slice(0, -1).join('/'))
    if (folder && parent !== -1) await openFolder(folder, parent)
    else await openPath(folder)
    explorer.focus = null
  },
})

export const goUp = defineCommand({
  id: 'storage.explorer.up', title: 'Go up one folder', area: AREA, when: inBucket,
  run: async (ctx) => {
    await ready(ctx)
    if (explorer.columns.length < 2) return
    const left = explorer.columns.pop()
    closePreview()
    clearSelection()
    cancelEditing()
    explorer.focus = left ? { columnIndex: explorer.columns.length - 1, path: left.id } : null
    // the search was of the folder just left
    await cancelSearch()
  },
})

export const reload = defineCommand({
  id: 'storage.explorer.reload', title: 'Reload folders', area: AREA, when: inBucket,
  run: async (ctx) => {
    await ready(ctx)
    await refetchAll()
  },
})

export const select = defineCommand({
  id: 'storage.item.select', title: 'Open file or folder', area: AREA, args: pathArg, when: inBucket,
  run: async (ctx, { path }) => {
    const it = await item(ctx, path)
    if (it.status === 'EDITING') return
    if (it.type === 'FOLDER') await openFolder(it.path, it.columnIndex)
    else {
      clearSelection()
      previewFile(it)
    }
    explorer.lastSelected = it
  },
})

export const activate = defineCommand({
  id: 'storage.item.activate', title: 'Open the item under the cursor', area: AREA, args: optionalPath, when: inBucket,
  run: async (ctx, { path }) => {
    const it = await item(ctx, path)
    if (it.type === 'FOLDER') await openFolder(it.path, it.columnIndex)
    else previewFile(it)
  },
})

export const toggle = defineCommand({
  id: 'storage.item.toggle', title: 'Toggle selection', area: AREA, args: optionalPath, when: inBucket,
  run: async (ctx, { path }) => toggleItem(await item(ctx, path)),
})

export const range = defineCommand({
  id: 'storage.item.select-range', title: 'Select range', area: AREA, args: pathArg, when: inBucket,
  run: async (ctx, { path }) => selectRange(await item(ctx, path)),
})

export const clear = defineCommand({
  id: 'storage.selection.clear', title: 'Clear selection', area: AREA, when: inBucket,
  run: () => clearSelection(),
})

export const closePreviewCommand = defineCommand({
  id: 'storage.preview.close', title: 'Close the file preview', area: AREA, when: inBucket,
  run: () => closePreview(),
})

export const focusMove = defineCommand({
  id: 'storage.item.focus-move', title: 'Move the cursor', area: AREA, when: inBucket,
  args: z.object({ direction: z.enum(['up', 'down', 'left', 'right']), extend: z.boolean().default(false) }),
  run: async (ctx, { direction, extend }) => {
    await ready(ctx)
    const column = explorer.columns[explorer.focus?.columnIndex ?? explorer.columns.length - 1]
    const last = column?.items.at(-1)
    if (direction === 'down' && column?.hasMoreItems && last && explorer.focus?.path === last.path) await loadMore(column.id)
    // right goes into the folder under the cursor: open it first when another folder is open
    const at = focusedItem()
    if (direction === 'right' && at?.type === 'FOLDER' && at.status === 'READY' && explorer.columns[at.columnIndex + 1]?.id !== at.path) {
      await openFolder(at.path, at.columnIndex)
    }
    return moveFocus(direction, extend)?.path ?? null
  },
})

export const dismiss = defineCommand({
  id: 'storage.explorer.dismiss', title: 'Cancel editing, close the preview or clear the selection', area: AREA, when: inBucket,
  run: () => {
    const target = dismissTarget()
    if (target === 'editing') cancelEditing()
    else if (target === 'preview') closePreview()
    else if (target === 'selection') clearSelection()
    return target
  },
})

export const newFolder = defineCommand({
  id: 'storage.folder.create', title: 'Create folder', area: AREA, keywords: ['new folder', 'mkdir'], when: inBucket,
  args: z.object({ name: z.string().optional() }),
  argLabels: { name: 'Folder name (skip: name it in the column)' },
  enabled: canWrite(MSG.createFoldersPermission),
  run: async (ctx, { name }) => {
    await ready(ctx)
    if (name === undefined) return addFolderPlaceholder()
    const columnIndex = explorer.newFolderColumn ?? explorer.columns.length - 1
    const column = explorer.columns[columnIndex]
    const folder = column?.id ?? currentFolder()
    const wanted = name.trim()
    if (!wanted) return removeFolderPlaceholder()
    const placeholder = explorer.newFolderColumn === columnIndex ? column?.items[0] : undefined
    const siblings = (column?.items ?? []).filter((i) => i !== placeholder).map((i) => i.name)
    const problem = folderNameProblem(wanted, siblings, 'create')
    if (problem) throw new CommandError(problem, 'invalid-args')
    if (placeholder) placeholder.status = 'LOADING'
    try {
      await createFolder(bindExplorer(ctx), folder, wanted)
    } finally {
      removeFolderPlaceholder()
    }
    await reloadFolder(folder)
  },
})

export const renameStart = defineCommand({
  id: 'storage.item.rename-start', title: 'Rename file or folder', area: AREA, args: optionalPath, when: inBucket,
  enabled: canWrite(MSG.noPermission('rename files')),
  run: async (ctx, { path }) => startRename(await item(ctx, path)),
})

export const rename = defineCommand({
  id: 'storage.item.rename', title: 'Rename to…', area: AREA, when: inBucket,
  args: z.object({ path: z.string().min(1), name: z.string() }),
  enabled: canWrite(MSG.noPermission('rename files')),
  run: async (ctx, { path, name }) => {
    const it = await item(ctx, path)
    const wanted = name.trim()
    if (!wanted || wanted === it.name) return rowReadyAgain(it)
    const siblings = (explorer.columns[it.columnIndex]?.items ?? []).filter((i) => i.path !== it.path).map((i) => i.name)
    const problem = it.type === 'FOLDER' ? folderNameProblem(wanted, siblings, 'rename') : fileNameProblem(wanted, siblings)
    if (problem) throw new CommandError(problem, 'invalid-args')
    const live = findItem(it.path)
    if (live) live.status = 'LOADING'
    ctx.toast.info(MSG.renaming(it.name))
    try {
      const failed = await renameItem(bindExplorer(ctx), it, wanted)
      if (failed) ctx.toast.error(MSG.renamedFolderWithErrors)
      else ctx.toast.success(MSG.renamed(it.name, wanted))
    } catch (e) {
      rowReadyAgain(it)
      ctx.toast.error(MSG.renameFileFailed(errorMessage(e)))
      return
    }
    settleRow(it, wanted)
    forgetItems([it])
    await reloadFolder(it.prefix)
  },
})

export const setView = defineCommand({
  id: 'storage.explorer.view.set', title: 'View files as…', area: AREA, when: inBucket,
  args: z.object({ view: z.enum(STORAGE_VIEWS) }),
  argOptions: { view: () => [{ value: 'COLUMNS', label: 'As columns' }, { value: 'LIST', label: 'As list' }] },
  checked: () => explorer.view === 'LIST',
  run: async (ctx, { view }) => {
    await ready(ctx)
    explorer.view = view
    // the list view shows the current folder alone: a cursor in another column would move unseen
    if (view === 'LIST' && explorer.focus && explorer.focus.columnIndex !== explorer.columns.length - 1) explorer.focus = null
    // the listing does not depend on the view: nothing to fetch again
    closePreview()
    savePreferences(ctx.ref)
  },
})

export const setSort = defineCommand({
  id: 'storage.explorer.sort.set', title: 'Sort files by…', area: AREA, when: inBucket,
  args: z.object({ sortBy: z.enum(STORAGE_SORT_COLUMNS).optional(), order: z.enum(['asc', 'desc']).optional() }),
  argOptions: {
    sortBy: () => Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label })),
    order: () => [{ value: 'asc', label: 'Ascending' }, { value: 'desc', label: 'Descending' }],
  },
  run: async (ctx, { sortBy, order }) => {
    await ready(ctx)
    if (sortBy) explorer.sortBy = sortBy
    if (order) explorer.sortByOrder = order
    closePreview()
    savePreferences(ctx.ref)
    await refetchAll()
  },
})

export const search = defineCommand({
  id: 'storage.explorer.search', title: 'Search files in this folder', area: AREA, when: inBucket,
  args: z.object({ text: z.string() }), argLabels: { text: 'Search for a file or folder' },
  run: async (ctx, { text }) => {
    await ready(ctx)
    await searchFolder(text.trim())
  },
})

export const pathEdit = defineCommand({
  id: 'storage.explorer.path.edit', title: 'Edit the folder path', area: AREA, when: inBucket,
  args: z.object({ open: z.boolean().default(true) }),
  run: async (ctx, { open }) => {
    await ready(ctx)
    if (open) await cancelSearch()
    explorer.pathEditing = open
  },
})

export const pathGo = defineCommand({
  id: 'storage.explorer.path.go', title: 'Go to folder', area: AREA, when: inBucket,
  args: z.object({ path: z.string() }), argLabels: { path: MSG.folderPathPlaceholder },
  run: async (ctx, { path }) => {
    await ready(ctx)
    explorer.pathEditing = false
    await openPath(normalizePath(path))
  },
})

export const more = defineCommand({
  id: 'storage.explorer.load-more', title: 'Load more files', area: AREA, args: optionalPath, when: inBucket,
  run: async (ctx, { path }) => {
    await ready(ctx)
    await loadMore(path ?? currentFolder())
  },
})
