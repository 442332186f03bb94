/**
 * The bodies of storage-explorer.ts's commands: each binds the context and opens the route's bucket first.
 * The rows they act on are read through the explorer's one selector (explorer-view.ts) from ctx.queryClient.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import type {
  FocusMoveArgs, NewFolderArgs, OptionalPathArgs, PathArgs, PathEditArgs, PathGoArgs, RenameArgs, SearchArgs, SetSortArgs,
  SetViewArgs,
} from './storage-explorer'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import {
  bindExplorer, cancelSearch, closeLastColumn, enterBucket, loadMore, openFolder, openPath, refetchAll, reloadFolder,
  searchFolder,
} from '../src/web/model/storage/explorer/explorer-data'
import {
  addFolderPlaceholder, cancelEditing, createFolder, placeholderCreating, removeFolderPlaceholder, renameItem, rowReadyAgain,
  rowRenaming, settleRow, startRename,
} from '../src/web/model/storage/explorer/explorer-edit'
import { restorePreferences, savePreferences } from '../src/web/model/storage/explorer/explorer-prefs'
import { fileNameProblem, folderNameProblem, normalizePath } from '../src/web/model/storage/explorer/explorer-rules'
import {
  dismissTarget, findItem, focusedItem, moveFocus, previewFile, selectRange, toggleItem,
} from '../src/web/model/storage/explorer/explorer-select'
import {
  clearSelection, closePreview, currentFolder, explorer, forgetItems, type ExplorerItem,
} from '../src/web/model/storage/explorer/explorer-state'
import { columnItems, columnView } from '../src/web/model/storage/explorer/explorer-view'
import { errorMessage } from '../src/shared/error-message'

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
  const found = wanted === undefined ? undefined : findItem(ctx.queryClient, wanted)
  if (!found) throw new CommandError(wanted ? `${wanted} is not open in the explorer` : 'Pick a file or folder first', 'invalid-args')
  return found
}

export const openFolderCommand = async (ctx: CommandContext, { path }: z.infer<typeof PathArgs>) => {
  await ready(ctx)
  const folder = normalizePath(path)
  const parent = explorer.columns.findIndex((c) => c.id === folder.split('/').slice(0, -1).join('/'))
  if (folder && parent !== -1) await openFolder(folder, parent)
  else await openPath(folder)
  explorer.focus = null
}

export const goUp = async (ctx: CommandContext) => {
  await ready(ctx)
  if (explorer.columns.length < 2) return
  // the search, if any, was of the folder left: it ends with it
  const left = closeLastColumn()
  closePreview()
  clearSelection()
  cancelEditing()
  explorer.focus = left ? { columnIndex: explorer.columns.length - 1, path: left.id } : null
}

export const reload = async (ctx: CommandContext) => {
  await ready(ctx)
  await refetchAll()
}

export const select = async (ctx: CommandContext, { path }: z.infer<typeof PathArgs>) => {
  const it = await item(ctx, path)
  if (it.status === 'EDITING') return
  if (it.type === 'FOLDER') await openFolder(it.path, it.columnIndex)
  else {
    clearSelection()
    previewFile(it)
  }
  explorer.lastSelected = it
}

export const activate = async (ctx: CommandContext, { path }: z.infer<typeof OptionalPathArgs>) => {
  const it = await item(ctx, path)
  if (it.type === 'FOLDER') await openFolder(it.path, it.columnIndex)
  else previewFile(it)
}

export const toggle = async (ctx: CommandContext, { path }: z.infer<typeof OptionalPathArgs>) => toggleItem(await item(ctx, path))

export const range = async (ctx: CommandContext, { path }: z.infer<typeof PathArgs>) => selectRange(ctx.queryClient, await item(ctx, path))

export const clear = () => clearSelection()

export const closePreviewCommand = () => closePreview()

export const focusMove = async (ctx: CommandContext, { direction, extend }: z.infer<typeof FocusMoveArgs>) => {
  await ready(ctx)
  const column = columnView(ctx.queryClient, explorer.focus?.columnIndex ?? explorer.columns.length - 1)
  const last = column?.items.at(-1)
  if (direction === 'down' && column?.hasMoreItems && last && explorer.focus?.path === last.path) await loadMore(column.id)
  // right goes into the folder under the cursor: open it first when another folder is open
  const at = focusedItem(ctx.queryClient)
  if (direction === 'right' && at?.type === 'FOLDER' && at.status === 'READY' && explorer.columns[at.columnIndex + 1]?.id !== at.path) {
    await openFolder(at.path, at.columnIndex)
  }
  return moveFocus(ctx.queryClient, direction, extend)?.path ?? null
}

export const dismiss = () => {
  const target = dismissTarget()
  if (target === 'editing') cancelEditing()
  else if (target === 'preview') closePreview()
  else if (target === 'selection') clearSelection()
  return target
}

export const newFolder = async (ctx: CommandContext, { name }: z.infer<typeof NewFolderArgs>) => {
  await ready(ctx)
  if (name === undefined) return addFolderPlaceholder()
  const column = columnView(ctx.queryClient, explorer.newFolder?.columnIndex ?? explorer.columns.length - 1)
  const folder = column?.id ?? currentFolder()
  const wanted = name.trim()
  if (!wanted) return removeFolderPlaceholder()
  const siblings = (column?.items ?? []).filter((i) => i !== column?.placeholder).map((i) => i.name)
  const problem = folderNameProblem(wanted, siblings, 'create')
  if (problem) throw new CommandError(problem, 'invalid-args')
  placeholderCreating()
  try {
    await createFolder(bindExplorer(ctx), folder, wanted)
  } finally {
    removeFolderPlaceholder()
  }
  await reloadFolder(folder)
}

export const renameStart = async (ctx: CommandContext, { path }: z.infer<typeof OptionalPathArgs>) => startRename(await item(ctx, path))

export const rename = async (ctx: CommandContext, { path, name }: z.infer<typeof RenameArgs>) => {
  const it = await item(ctx, path)
  const wanted = name.trim()
  if (!wanted || wanted === it.name) return rowReadyAgain(it)
  const siblings = columnItems(ctx.queryClient, it.columnIndex).filter((i) => i.path !== it.path).map((i) => i.name)
  const problem = it.type === 'FOLDER' ? folderNameProblem(wanted, siblings, 'rename') : fileNameProblem(wanted, siblings)
  if (problem) throw new CommandError(problem, 'invalid-args')
  rowRenaming(it)
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
  try {
    await reloadFolder(it.prefix)
  } finally {
    // listed again: the row is the listing's, under its new name
    rowReadyAgain(it)
  }
}

export const setView = async (ctx: CommandContext, { view }: z.infer<typeof SetViewArgs>) => {
  await ready(ctx)
  explorer.view = view
  // the list view shows the current folder alone: a cursor in another column would move unseen
  if (view === 'LIST' && explorer.focus && explorer.focus.columnIndex !== explorer.columns.length - 1) explorer.focus = null
  // the listing does not depend on the view: nothing to fetch again
  closePreview()
  savePreferences(ctx.ref)
}

export const setSort = async (ctx: CommandContext, { sortBy, order }: z.infer<typeof SetSortArgs>) => {
  await ready(ctx)
  if (sortBy) explorer.sortBy = sortBy
  if (order) explorer.sortByOrder = order
  closePreview()
  savePreferences(ctx.ref)
  await refetchAll()
}

export const search = async (ctx: CommandContext, { text }: z.infer<typeof SearchArgs>) => {
  await ready(ctx)
  await searchFolder(text.trim())
}

export const pathEdit = async (ctx: CommandContext, { open }: z.infer<typeof PathEditArgs>) => {
  await ready(ctx)
  if (open) await cancelSearch()
  explorer.pathEditing = open
}

export const pathGo = async (ctx: CommandContext, { path }: z.infer<typeof PathGoArgs>) => {
  await ready(ctx)
  explorer.pathEditing = false
  await openPath(normalizePath(path))
}

export const more = async (ctx: CommandContext, { path }: z.infer<typeof OptionalPathArgs>) => {
  await ready(ctx)
  await loadMore(path ?? currentFolder())
}
