/**
 * Storage explorer commands (issue 6; spec 2 Storage explorer header, 4 Storage explorer, 5 Folders and
 * files, 8, 9): open a folder, go up, select (click, toggle, range), the keyboard cursor, new
 * folder, rename, view, sort, search, the path box. In src/web/model/storage/explorer the UI state lives
 * in valtio (explorer-state.ts) and the folder listings in react-query (folder-query.ts), a column's rows
 * derived from both (explorer-view.ts); the bodies (in storage-explorer.run.ts, loaded on first use) bind
 * the context, make sure the route's bucket is open, and act.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { STORAGE_SORT_COLUMNS, STORAGE_VIEWS } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { SORT_LABELS } from '../src/web/model/storage/explorer/explorer-prefs'
import { explorer } from '../src/web/model/storage/explorer/explorer-state'

const load = () => import('./storage-explorer.run')

const AREA = 'storage'
const inBucket = (ctx: CommandContext) => ctx.route.id === 'storage.bucket'
const canWrite = (denied: string) => (ctx: CommandContext) => ctx.can('storageAdminWrite') || denied

export const PathArgs = z.object({ path: z.string() })
export const OptionalPathArgs = z.object({ path: z.string().optional() })

export const openFolderCommand = defineCommand({
  id: 'storage.folder.open', title: 'Open folder', area: AREA, args: PathArgs, argLabels: { path: 'Folder path' }, when: inBucket,
  run: lazyRun(load, 'openFolderCommand'),
})

export const goUp = defineCommand({
  id: 'storage.explorer.up', title: 'Go up one folder', area: AREA, when: inBucket,
  run: lazyRun(load, 'goUp'),
})

export const reload = defineCommand({
  id: 'storage.explorer.reload', title: 'Reload folders', area: AREA, when: inBucket,
  run: lazyRun(load, 'reload'),
})

export const select = defineCommand({
  id: 'storage.item.select', title: 'Open file or folder', area: AREA, args: PathArgs, when: inBucket,
  run: lazyRun(load, 'select'),
})

export const activate = defineCommand({
  id: 'storage.item.activate', title: 'Open the item under the cursor', area: AREA, args: OptionalPathArgs, when: inBucket,
  run: lazyRun(load, 'activate'),
})

export const toggle = defineCommand({
  id: 'storage.item.toggle', title: 'Toggle selection', area: AREA, args: OptionalPathArgs, when: inBucket,
  run: lazyRun(load, 'toggle'),
})

export const range = defineCommand({
  id: 'storage.item.select-range', title: 'Select range', area: AREA, args: PathArgs, when: inBucket,
  run: lazyRun(load, 'range'),
})

export const clear = defineCommand({
  id: 'storage.selection.clear', title: 'Clear selection', area: AREA, when: inBucket,
  run: lazyRun(load, 'clear'),
})

export const closePreviewCommand = defineCommand({
  id: 'storage.preview.close', title: 'Close the file preview', area: AREA, when: inBucket,
  run: lazyRun(load, 'closePreviewCommand'),
})

export const FocusMoveArgs = z.object({ direction: z.enum(['up', 'down', 'left', 'right']), extend: z.boolean().default(false) })

export const focusMove = defineCommand({
  id: 'storage.item.focus-move', title: 'Move the cursor', area: AREA, when: inBucket,
  args: FocusMoveArgs,
  run: lazyRun(load, 'focusMove'),
})

export const dismiss = defineCommand({
  id: 'storage.explorer.dismiss', title: 'Cancel editing, close the preview or clear the selection', area: AREA, when: inBucket,
  run: lazyRun(load, 'dismiss'),
})

export const NewFolderArgs = z.object({ name: z.string().optional() })

export const newFolder = defineCommand({
  id: 'storage.folder.create', title: 'Create folder', area: AREA, keywords: ['new folder', 'mkdir'], when: inBucket,
  args: NewFolderArgs,
  argLabels: { name: 'Folder name (skip: name it in the column)' },
  enabled: canWrite(MSG.createFoldersPermission),
  run: lazyRun(load, 'newFolder'),
})

export const renameStart = defineCommand({
  id: 'storage.item.rename-start', title: 'Rename file or folder', area: AREA, args: OptionalPathArgs, when: inBucket,
  enabled: canWrite(MSG.noPermission('rename files')),
  run: lazyRun(load, 'renameStart'),
})

export const RenameArgs = z.object({ path: z.string().min(1), name: z.string() })

export const rename = defineCommand({
  id: 'storage.item.rename', title: 'Rename to…', area: AREA, when: inBucket,
  args: RenameArgs,
  enabled: canWrite(MSG.noPermission('rename files')),
  run: lazyRun(load, 'rename'),
})

export const SetViewArgs = z.object({ view: z.enum(STORAGE_VIEWS) })

export const setView = defineCommand({
  id: 'storage.explorer.view.set', title: 'View files as…', area: AREA, when: inBucket,
  args: SetViewArgs,
  argOptions: { view: () => [{ value: 'COLUMNS', label: 'As columns' }, { value: 'LIST', label: 'As list' }] },
  checked: () => explorer.view === 'LIST',
  run: lazyRun(load, 'setView'),
})

export const SetSortArgs = z.object({ sortBy: z.enum(STORAGE_SORT_COLUMNS).optional(), order: z.enum(['asc', 'desc']).optional() })

export const setSort = defineCommand({
  id: 'storage.explorer.sort.set', title: 'Sort files by…', area: AREA, when: inBucket,
  args: SetSortArgs,
  argOptions: {
    sortBy: () => Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label })),
    order: () => [{ value: 'asc', label: 'Ascending' }, { value: 'desc', label: 'Descending' }],
  },
  run: lazyRun(load, 'setSort'),
})

export const SearchArgs = z.object({ text: z.string() })

export const search = defineCommand({
  id: 'storage.explorer.search', title: 'Search files in this folder', area: AREA, when: inBucket,
  args: SearchArgs,
  argLabels: { text: 'Search for a file or folder' },
  run: lazyRun(load, 'search'),
})

export const PathEditArgs = z.object({ open: z.boolean().default(true) })

export const pathEdit = defineCommand({
  id: 'storage.explorer.path.edit', title: 'Edit the folder path', area: AREA, when: inBucket,
  args: PathEditArgs,
  run: lazyRun(load, 'pathEdit'),
})

export const PathGoArgs = z.object({ path: z.string() })

export const pathGo = defineCommand({
  id: 'storage.explorer.path.go', title: 'Go to folder', area: AREA, when: inBucket,
  args: PathGoArgs,
  argLabels: { path: MSG.folderPathPlaceholder },
  run: lazyRun(load, 'pathGo'),
})

export const more = defineCommand({
  id: 'storage.explorer.load-more', title: 'Load more files', area: AREA, args: OptionalPathArgs, when: inBucket,
  run: lazyRun(load, 'more'),
})
