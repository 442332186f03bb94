/**
 * Storage explorer commands, run headless against a real studio on every target: a bucket of our own with
 * files uploaded through the dashboard API, then the commands, then the storage read back with listObjects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/storage-buckets'
import '../../commands/storage-explorer'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { explorer } from '../../src/web/model/storage/explorer/explorer-state'
import { columnView } from '../../src/web/model/storage/explorer/explorer-view'
import { headlessContext, storageTargets, type HeadlessContext } from '../support/context'
import { bucketName } from '../server/support/storage'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const FILES = ['a.txt', 'b.txt', 'c.txt', 'docs/one.md', 'docs/two.md', 'docs/deep/three.md', 'img/cat.png']

describe.each(storageTargets())('storage explorer commands on $name, bytes on $store', (target) => {
  let ctx: HeadlessContext
  const bucket = bucketName('gx')
  // the rows as the screen shows them: the listing from the query cache with the edit status over it
  const view = (column: number) => columnView(ctx.queryClient, column)
  const viewOf = (path: string) => view(explorer.columns.findIndex((c) => c.id === path))
  const names = (column: number) => view(column)?.items.map((i) => i.name)
  const ids = () => explorer.columns.map((c) => c.id)
  const row = (path: string) => explorer.columns.flatMap((_, i) => view(i)?.items ?? []).find((i) => i.path === path)
  const list = async (path: string) =>
    (await ctx.api.listObjects(ref, bucket, { path, options: { limit: 1000 } })).map((e) => e.name)

  beforeAll(async () => {
    ctx = headlessContext(target, paths.storageBucket(ref, bucket))
    await ctx.api.createBucket(ref, { id: bucket })
    for (const path of FILES) await ctx.api.uploadObject(ref, bucket, path, new Blob([`content of ${path}`], { type: 'text/plain' }))
  })

  afterAll(async () => {
    await ctx.api.emptyBucket(ref, bucket)
    await ctx.api.deleteBucket(ref, bucket)
  })

  it('opens the bucket, then folders as columns, and goes up', async () => {
    await ctx.navigate({ to: paths.storageBuckets(ref) })
    await run('storage.bucket.open', { bucketId: bucket })
    expect(ctx.location.pathname).toBe(paths.storageBucket(ref, bucket))
    // in the browser the bucket's page enters it; headless the next explorer command does
    await run('storage.explorer.reload')
    expect(names(0)).toEqual(['a.txt', 'b.txt', 'c.txt', 'docs', 'img'])
    await run('storage.folder.open', { path: 'docs' })
    await run('storage.item.select', { path: 'docs/deep' })
    expect(explorer.columns.map((c) => c.id)).toEqual(['', 'docs', 'docs/deep'])
    expect(names(2)).toEqual(['three.md'])
    // opening a folder from an earlier column closes the columns to its right
    await run('storage.item.select', { path: 'img' })
    expect(explorer.columns.map((c) => c.id)).toEqual(['', 'img'])
    await run('storage.explorer.up')
    expect(explorer.columns.map((c) => c.id)).toEqual([''])
  })

  it('previews a file, and selects by toggle, range and clear', async () => {
    await run('storage.item.select', { path: 'b.txt' })
    expect(explorer.preview?.path).toBe('b.txt')
    // the range from the clicked file (the anchor)
    await run('storage.item.select-range', { path: 'a.txt' })
    expect(explorer.selected.map((s) => s.name)).toEqual(['a.txt', 'b.txt'])
    await run('storage.item.toggle', { path: 'c.txt' })
    expect(explorer.selected.map((s) => s.name)).toEqual(['a.txt', 'b.txt', 'c.txt'])
    // shift-click on a selected item deselects the range from the anchor (c.txt, toggled last)
    await run('storage.item.select-range', { path: 'b.txt' })
    expect(explorer.selected.map((s) => s.name)).toEqual(['a.txt'])
    // a ⌘-click that deselects hands the anchor to the last item still selected: the range runs from a.txt
    await run('storage.item.toggle', { path: 'c.txt' })
    await run('storage.item.toggle', { path: 'c.txt' })
    expect(explorer.lastSelected?.path).toBe('a.txt')
    await run('storage.item.select-range', { path: 'b.txt' })
    expect(explorer.selected.map((s) => s.name)).toEqual(['a.txt', 'b.txt'])
    await run('storage.item.toggle', { path: 'a.txt' })
    await run('storage.item.toggle', { path: 'b.txt' })
    expect([explorer.selected, explorer.lastSelected]).toEqual([[], null])
    await run('storage.item.toggle', { path: 'a.txt' })
    await run('storage.selection.clear')
    expect(explorer.selected).toEqual([])
    // Escape: the preview first, then the selection
    await run('storage.item.toggle', { path: 'a.txt' })
    expect(await run('storage.explorer.dismiss')).toBe('preview')
    expect(await run('storage.explorer.dismiss')).toBe('selection')
    expect(explorer.selected).toEqual([])
  })

  it('storage.preview.close closes the preview only: the selection, the columns and the file stay', async () => {
    await run('storage.explorer.path.go', { path: 'docs' })
    await run('storage.item.select', { path: 'docs/one.md' })
    expect(explorer.preview?.path).toBe('docs/one.md')
    await run('storage.item.toggle', { path: 'docs/two.md' })
    const columns = ids()
    expect(columns).toEqual(['', 'docs'])

    await run('storage.preview.close')
    expect(explorer.preview).toBeNull()
    expect(explorer.selected.map((s) => s.path)).toEqual(['docs/two.md'])
    expect(ids()).toEqual(columns)
    expect(await list('docs')).toEqual(expect.arrayContaining(['one.md', 'two.md']))
    // nothing left to close: still nothing, no error
    await run('storage.preview.close')
    expect(explorer.preview).toBeNull()
    await run('storage.selection.clear')

    // only in a bucket
    await ctx.navigate({ to: paths.storageBuckets(ref) })
    await expect(run('storage.preview.close')).rejects.toMatchObject({ kind: 'unavailable' })
    await ctx.navigate({ to: paths.storageBucket(ref, bucket) })
  })

  it('moves the cursor through and across columns, extends with shift, opens with Enter', async () => {
    await run('storage.explorer.path.go', { path: '' })
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'docs']) {
      expect(await run('storage.item.focus-move', { direction: 'down' })).toBe(name)
    }
    await run('storage.item.activate')
    expect(explorer.columns.map((c) => c.id)).toEqual(['', 'docs'])
    expect(await run('storage.item.focus-move', { direction: 'right' })).toBe('docs/deep')
    expect(await run('storage.item.focus-move', { direction: 'down', extend: true })).toBe('docs/one.md')
    expect(explorer.selected.map((s) => s.path)).toEqual(['docs/deep', 'docs/one.md'])
    await run('storage.item.activate')
    expect(explorer.preview?.path).toBe('docs/one.md')
    expect(await run('storage.item.focus-move', { direction: 'left' })).toBe('docs')
  })

  it('ArrowRight goes into the folder under the cursor, opening it when another is open', async () => {
    await run('storage.explorer.path.go', { path: '' })
    await run('storage.item.select', { path: 'img' })
    expect(await run('storage.item.focus-move', { direction: 'up' })).toBe('docs')
    expect(await run('storage.item.focus-move', { direction: 'right' })).toBe('docs/deep')
    expect(ids()).toEqual(['', 'docs'])
    expect(explorer.focus).toEqual({ columnIndex: 1, path: 'docs/deep' })
    // a file has no column to go into
    await run('storage.item.focus-move', { direction: 'left' })
    expect(await run('storage.item.focus-move', { direction: 'up' })).toBe('c.txt')
    expect(await run('storage.item.focus-move', { direction: 'right' })).toBeNull()
    expect([ids(), explorer.focus?.path]).toEqual([['', 'docs'], 'c.txt'])
  })

  it('creates a folder from the placeholder, checking its name', async () => {
    await run('storage.explorer.path.go', { path: '' })
    await run('storage.folder.create')
    expect(view(0)?.items[0]).toMatchObject({ name: MSG.untitledFolder, status: 'EDITING', type: 'FOLDER' })
    await expect(run('storage.folder.create', { name: 'bad.name' })).rejects.toThrow(MSG.folderNameInvalidChars)
    // slashes are invalid characters in a new folder's name (the slash message is a rename's)
    await expect(run('storage.folder.create', { name: 'a/b' })).rejects.toThrow(MSG.folderNameInvalidChars)
    await expect(run('storage.folder.create', { name: 'a\\b' })).rejects.toThrow(MSG.folderNameInvalidChars)
    await expect(run('storage.folder.create', { name: 'docs' })).rejects.toThrow(MSG.folderNameExists('docs'))
    await run('storage.folder.create', { name: 'new stuff' })
    expect(explorer.newFolder).toBeNull()
    expect(await list('')).toContain('new stuff')
    expect(names(0)).toContain('new stuff')
    // an empty name removes the placeholder and creates nothing
    await run('storage.folder.create')
    await run('storage.folder.create', { name: '  ' })
    expect(names(0)?.filter((n) => n === MSG.untitledFolder)).toEqual([])
  })

  it('refuses a new folder without the storage write permission', async () => {
    ctx.denied.add('storageAdminWrite')
    try {
      await expect(run('storage.folder.create', { name: 'nope' })).rejects.toThrow(MSG.createFoldersPermission)
    } finally {
      ctx.denied.delete('storageAdminWrite')
    }
  })

  it('renames a file by a move', async () => {
    await run('storage.item.rename-start', { path: 'c.txt' })
    expect(row('c.txt')?.status).toBe('EDITING')
    await run('storage.item.rename', { path: 'c.txt', name: 'renamed.txt' })
    expect(await list('')).toEqual(expect.arrayContaining(['renamed.txt']))
    expect(await list('')).not.toContain('c.txt')
    expect(names(0)).toContain('renamed.txt')
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.renamed('c.txt', 'renamed.txt') })
  })

  it('keeps a row\'s data when a rename changes nothing or fails', async () => {
    const before = { ...row('a.txt')! }
    expect(before.id).toBeTruthy()
    await run('storage.item.rename-start', { path: 'a.txt' })
    await run('storage.item.rename', { path: 'a.txt', name: 'a.txt' })
    expect(row('a.txt')).toEqual({ ...before, status: 'READY' })
    // the file went behind the explorer's back: the move is refused and the row is as it was
    await ctx.api.uploadObject(ref, bucket, 'ghost.txt', new Blob(['boo'], { type: 'text/plain' }))
    await run('storage.explorer.reload')
    const ghost = { ...row('ghost.txt')! }
    await ctx.api.deleteObjects(ref, bucket, { paths: ['ghost.txt'] })
    await run('storage.item.rename-start', { path: 'ghost.txt' })
    await run('storage.item.rename', { path: 'ghost.txt', name: 'spirit.txt' })
    expect(ctx.toasts.at(-1)?.message).toMatch(/^Failed to rename file: /)
    expect(row('ghost.txt')).toEqual({ ...ghost, status: 'READY' })
    expect(await list('')).not.toContain('spirit.txt')
    await run('storage.explorer.reload')
  })

  it('renames a folder by moving everything under it, empty folders included', async () => {
    await ctx.api.uploadObject(ref, bucket, 'docs/empty/.emptyFolderPlaceholder', new Blob([]))
    await run('storage.explorer.reload')
    await expect(run('storage.item.rename', { path: 'docs', name: 'a/b' })).rejects.toThrow(MSG.folderNameSlashes)
    await run('storage.item.rename', { path: 'docs', name: 'papers' })
    expect(await list('')).toContain('papers')
    expect(await list('')).not.toContain('docs')
    expect(await list('papers')).toEqual(['deep', 'empty', 'one.md', 'two.md'])
    expect(await list('papers/deep')).toEqual(['three.md'])
    expect(names(0)).toContain('papers')
  })

  it('sets the view and the sort, which close the preview; the sort refetches the folders, the view does not', async () => {
    await run('storage.item.select', { path: 'a.txt' })
    const listed = view(0)?.items
    await run('storage.explorer.view.set', { view: 'LIST' })
    expect([explorer.view, explorer.preview]).toEqual(['LIST', null])
    expect(view(0)?.items).toBe(listed)
    await run('storage.explorer.sort.set', { sortBy: 'name', order: 'desc' })
    const files = view(0)?.items.filter((i) => i.type === 'FILE').map((i) => i.name)
    expect(files).toEqual([...(files ?? [])].sort().reverse())
    await run('storage.explorer.sort.set', { order: 'asc' })
    await run('storage.explorer.view.set', { view: 'COLUMNS' })
    expect(explorer.sortByOrder).toBe('asc')
  })

  it('in list view, opening a folder puts the cursor in it, the one folder shown', async () => {
    await run('storage.explorer.path.go', { path: '' })
    await run('storage.item.select', { path: 'papers' })
    expect(explorer.focus).toEqual({ columnIndex: 0, path: 'papers' })
    // switching to the list hides the root column: the cursor leaves it
    await run('storage.explorer.view.set', { view: 'LIST' })
    expect(explorer.focus).toBeNull()
    try {
      await run('storage.explorer.up')
      expect(explorer.focus).toEqual({ columnIndex: 0, path: 'papers' })
      await run('storage.item.select', { path: 'papers' })
      expect(explorer.focus).toBeNull()
      expect(await run('storage.item.focus-move', { direction: 'down' })).toBe('papers/deep')
      await run('storage.explorer.up')
      await run('storage.item.activate')
      expect(ids()).toEqual(['', 'papers'])
      expect(await run('storage.item.focus-move', { direction: 'down' })).toBe('papers/deep')
      expect(explorer.focus?.columnIndex).toBe(1)
    } finally {
      await run('storage.explorer.view.set', { view: 'COLUMNS' })
    }
  })

  it('searches the current folder, and the path box cancels the search', async () => {
    await run('storage.explorer.path.go', { path: '' })
    await run('storage.explorer.search', { text: 're' })
    expect(names(0)).toEqual(['renamed.txt'])
    await run('storage.explorer.path.edit', { open: true })
    expect([explorer.pathEditing, explorer.search]).toEqual([true, ''])
    expect(names(0)).toContain('a.txt')
    await run('storage.explorer.path.go', { path: '/papers/deep/' })
    expect(explorer.pathEditing).toBe(false)
    expect(explorer.columns.map((c) => c.id)).toEqual(['', 'papers', 'papers/deep'])
    expect(names(2)).toEqual(['three.md'])
  })

  it('going up or opening a folder ends the search, and no column stays filtered', async () => {
    await run('storage.explorer.path.go', { path: 'papers' })
    await run('storage.explorer.search', { text: 'one' })
    expect(names(1)).toEqual(['one.md'])
    await run('storage.explorer.up')
    expect([ids(), explorer.search]).toEqual([[''], ''])
    expect(names(0)).toContain('a.txt')
    // a folder opened from search results: its column lists everything again
    await run('storage.explorer.search', { text: 'pap' })
    expect(names(0)).toEqual(['papers'])
    await run('storage.item.select', { path: 'papers' })
    expect(explorer.search).toBe('')
    expect(names(0)).toEqual(expect.arrayContaining(['a.txt', 'papers']))
    await run('storage.explorer.up')
    expect(names(0)).toEqual(expect.arrayContaining(['a.txt', 'papers']))
  })

  it('pages a folder of more than 200 files with load more', async () => {
    const keys = Array.from({ length: 205 }, (_, i) => `many/f-${String(i).padStart(3, '0')}.txt`)
    for (let i = 0; i < keys.length; i += 20) {
      await Promise.all(keys.slice(i, i + 20).map((k) => ctx.api.uploadObject(ref, bucket, k, new Blob(['x']))))
    }
    await run('storage.folder.open', { path: 'many' })
    const column = () => viewOf('many')
    expect([column()?.items.length, column()?.hasMoreItems]).toEqual([200, true])
    await run('storage.explorer.load-more', { path: 'many' })
    expect([column()?.items.length, column()?.hasMoreItems, column()?.items.at(-1)?.name]).toEqual([205, false, 'f-204.txt'])
  })

  it('does not load more while the folder is being listed again, so the new listing stays', async () => {
    await run('storage.folder.open', { path: 'many' })
    const column = () => viewOf('many')!
    expect([column().items.length, column().hasMoreItems]).toEqual([200, true])
    await ctx.api.uploadObject(ref, bucket, 'many/a-new.txt', new Blob(['new']))
    const reloading = run('storage.explorer.reload')
    for (let i = 0; i < 100 && column().status !== 'LOADING'; i++) await Promise.resolve()
    expect(column().status).toBe('LOADING')
    await run('storage.explorer.load-more', { path: 'many' })
    await reloading
    expect([column().items[0]?.name, column().items.length, column().hasMoreItems]).toEqual(['a-new.txt', 200, true])
    await run('storage.explorer.load-more', { path: 'many' })
    expect([column().items.length, column().items.at(-1)?.name]).toEqual([206, 'f-204.txt'])
  })

  it('toasts a listing that fails: a folder opened names it, a reload says folders; the rows listed before stay', async () => {
    const gone = bucketName('gy')
    await ctx.api.createBucket(ref, { id: gone })
    await ctx.api.uploadObject(ref, gone, 'x/a.txt', new Blob(['a']))
    await ctx.navigate({ to: paths.storageBucket(ref, gone) })
    await run('storage.explorer.reload')
    expect(names(0)).toEqual(['x'])
    // the bucket goes behind the explorer's back: its listings fail
    await ctx.api.emptyBucket(ref, gone)
    await ctx.api.deleteBucket(ref, gone)
    await run('storage.folder.open', { path: 'x' })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'error', message: expect.stringContaining(MSG.folderContentsFailed('x', '')) })
    expect(viewOf('x')).toMatchObject({ status: 'ERROR', items: [] })
    const before = ctx.toasts.length
    await run('storage.explorer.reload')
    expect(ctx.toasts.slice(before)).toEqual(Array(2).fill({ kind: 'error', message: expect.stringContaining(MSG.fetchFoldersFailed('')) }))
    expect([view(0)?.status, names(0)]).toEqual(['ERROR', ['x']])
  })
})
