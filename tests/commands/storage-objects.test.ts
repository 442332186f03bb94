/**
 * The explorer's object actions, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): upload (relative paths, duplicate suffixes), download (one file, a zip),
 * delete, move, signed and public URLs. Every change is read back through the storage calls and from
 * storage.objects. Buckets carry a random name and are deleted at the end.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../commands/storage-buckets'
import '../../commands/storage-objects'
import '../../commands/storage-explorer'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, STORAGE_EMPTY_FOLDER_PLACEHOLDER } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { objectDialogs } from '../../src/web/model/storage/explorer/actions/dialog-state'
import { explorer } from '../../src/web/model/storage/explorer/explorer-state'
import { columnView } from '../../src/web/model/storage/explorer/explorer-view'
import { bucketName } from '../server/support/storage'
import { headlessContext, storageTargets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const blob = (text: string, type = 'text/plain') => new Blob([text], { type })

/** A hidden <input type=file> as openPicker makes it: what it was set to, and a pick or cancel to answer it. */
class FakeFileInput {
  type = ''
  multiple = false
  hidden = false
  webkitdirectory = false
  files: File[] | null = null
  attached = false
  clicked = false
  removed = false
  readonly #listeners = new Map<string, (() => void)[]>()
  addEventListener(type: string, listener: () => void) {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener])
  }
  click() {
    this.clicked = true
  }
  remove() {
    this.removed = true
  }
  pick(files: File[]) {
    this.files = files
    for (const l of this.#listeners.get('change') ?? []) l()
  }
  cancel() {
    for (const l of this.#listeners.get('cancel') ?? []) l()
  }
}
/** A file from a picked folder: the browser gives its path from that folder as webkitRelativePath. */
const picked = (path: string, text: string) =>
  Object.defineProperty(new File([text], path.split('/').at(-1)!, { type: 'text/plain' }), 'webkitRelativePath', { value: path })

describe.each(storageTargets())('storage object commands on $name, bytes on $store', (target) => {
  const made: string[] = []
  let ctx: HeadlessContext
  let bucket: string

  /** every object key of the bucket, from the database */
  const keys = async (id = bucket) => {
    const res = await ctx.api.runQuery(ref, { query: `select name from storage.objects where bucket_id = '${id}' order by name` })
    return res.results.at(-1)!.rows.map((r) => String(r.name))
  }
  const text = async (path: string) => (await ctx.api.downloadObject(ref, bucket, path)).text()
  const newBucket = async (isPublic = false) => {
    const id = bucketName('obj')
    await ctx.api.createBucket(ref, { id, public: isPublic })
    made.push(id)
    ctx = headlessContext(target, paths.storageBucket(ref, id))
    return id
  }
  /** a focused window with a clipboard, as in the browser; answers what was written to it */
  const stubClipboard = () => {
    const writeText = vi.fn(async (_: string) => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    vi.stubGlobal('document', { hasFocus: () => true })
    return writeText
  }
  const upload = (files: { name: string; data: Blob }[], folder?: string) =>
    run('storage.objects.upload-files', { files, folder })
  /**
   * The document as far as the upload pickers use it: each file input made is kept, and the test picks files
   * (or cancels) for the person, as the browser's own dialog would.
   */
  const stubPicker = () => {
    const inputs: FakeFileInput[] = []
    vi.stubGlobal('document', {
      createElement: (tag: string) => {
        expect(tag).toBe('input')
        const input = new FakeFileInput()
        inputs.push(input)
        return input
      },
      body: { append: (input: FakeFileInput) => void (input.attached = true) },
    })
    return inputs
  }

  beforeAll(async () => {
    ctx = headlessContext(target)
    bucket = await newBucket()
  })
  beforeEach(() => {
    ctx = headlessContext(target, paths.storageBucket(ref, bucket))
    explorer.selected = []
    explorer.preview = null
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  afterAll(async () => {
    for (const id of made) {
      await ctx.api.emptyBucket(ref, id).catch(() => {})
      await ctx.api.deleteBucket(ref, id).catch(() => {})
    }
  })

  it('uploads files and folders with their relative paths and cache-control 3600', async () => {
    const result = await upload([
      { name: 'top.txt', data: blob('top') },
      { name: 'photos/a.txt', data: blob('A') },
      { name: 'photos/deep/b.txt', data: blob('B') },
    ], 'up')
    expect(result.failed).toEqual([])
    expect(await keys()).toEqual(['up/photos/a.txt', 'up/photos/deep/b.txt', 'up/top.txt'])
    expect(await text('up/photos/deep/b.txt')).toBe('B')
    const listed = await ctx.api.listObjects(ref, bucket, { path: 'up' })
    const top = listed.find((i) => i.name === 'top.txt')!
    expect(top.metadata?.cacheControl).toBe('max-age=3600')
    expect(top.metadata?.mimetype).toBe('text/plain')
    expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.uploaded(3) })
  })

  it('storage.objects.upload-folder opens a folder picker and uploads what is picked into the open folder, paths kept', async () => {
    await upload([{ name: 'here.txt', data: blob('here') }], 'into')
    await run('storage.folder.open', { path: 'into' })
    const inputs = stubPicker()
    await run('storage.objects.upload-folder')
    expect(inputs).toHaveLength(1)
    const input = inputs[0]!
    expect(input).toMatchObject({ type: 'file', multiple: true, hidden: true, webkitdirectory: true, attached: true, clicked: true })
    expect(await keys()).not.toContain('into/album/cover.txt')

    // the person picks a folder: the browser gives each file with its path from the folder picked
    input.pick([picked('album/cover.txt', 'cover'), picked('album/2024/one.txt', 'one')])
    expect(input.removed).toBe(true)
    await vi.waitFor(() => expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.uploaded(2) }), { timeout: 10_000 })
    expect((await keys()).filter((k) => k.startsWith('into/'))).toEqual(['into/album/2024/one.txt', 'into/album/cover.txt', 'into/here.txt'])
    expect(await text('into/album/2024/one.txt')).toBe('one')

    // cancelled: the input goes, nothing is uploaded
    await run('storage.objects.upload-folder')
    inputs[1]!.cancel()
    expect(inputs[1]!.removed).toBe(true)
    expect((await keys()).filter((k) => k.startsWith('into/'))).toHaveLength(3)

    // refused without the permission, and outside a bucket: no picker opens
    ctx.denied.add('storageAdminWrite')
    await expect(run('storage.objects.upload-folder')).rejects.toThrow(MSG.uploadFilesPermission)
    ctx.denied.clear()
    await ctx.navigate({ to: paths.storageBuckets(ref) })
    await expect(run('storage.objects.upload-folder')).rejects.toMatchObject({ kind: 'unavailable' })
    expect(inputs).toHaveLength(2)
    await ctx.navigate({ to: paths.storageBucket(ref, bucket) })
    await run('storage.explorer.path.go', { path: '' })
  })

  it('gives a duplicate name a numeric suffix in parentheses', async () => {
    await upload([{ name: 'dup.txt', data: blob('one') }], 'dups')
    await upload([{ name: 'dup.txt', data: blob('two') }, { name: 'dup.txt', data: blob('three') }], 'dups')
    await upload([{ name: 'dup.txt', data: blob('four') }], 'dups')
    expect((await keys()).filter((k) => k.startsWith('dups/'))).toEqual([
      'dups/dup (1).txt', 'dups/dup (2).txt', 'dups/dup (3).txt', 'dups/dup.txt',
    ])
    expect(await text('dups/dup.txt')).toBe('one')
    expect(await text('dups/dup (3).txt')).toBe('four')
  })

  it('reports each file that fails and a summary, keeping the others', async () => {
    const limited = await newBucket()
    await ctx.api.updateBucket(ref, limited, { file_size_limit: 10 })
    const result = await upload([
      { name: 'small.txt', data: blob('ok') },
      { name: 'big.txt', data: blob('x'.repeat(100)) },
    ], '')
    expect(result.uploaded).toEqual(['small.txt'])
    expect(await keys(limited)).toEqual(['small.txt'])
    expect(ctx.toasts).toContainEqual({ kind: 'error', message: MSG.uploadFileFailed('big.txt', MSG.objectTooLarge) })
    expect(ctx.toasts).toContainEqual({ kind: 'error', message: MSG.uploadFilesFailedCount(1) })
  })

  it('uploads ten at a time without losing any of many files', async () => {
    const files = Array.from({ length: 23 }, (_, i) => ({ name: `f${String(i).padStart(2, '0')}.txt`, data: blob(`n${i}`) }))
    const result = await upload(files, 'many')
    expect(result.uploaded).toHaveLength(23)
    expect((await keys()).filter((k) => k.startsWith('many/'))).toHaveLength(23)
  })

  it('downloads one file as itself, and several or a folder as a zip', async () => {
    await upload([{ name: 'z/one.txt', data: blob('first') }, { name: 'z/sub/two.txt', data: blob('second') }], 'dl')
    const one = (await run('storage.objects.download', { paths: ['dl/z/one.txt'] }))!
    expect(one.fileName).toBe('one.txt')
    expect(await one.blob.text()).toBe('first')

    const zip = (await run('storage.objects.download', { paths: ['dl/z'] }))!
    expect(zip.fileName).toBe('z.zip')
    expect([...zip.entries].sort()).toEqual(['z/one.txt', 'z/sub/two.txt'])
    const dir = await mkdtemp(join(tmpdir(), 'zip-'))
    try {
      await writeFile(join(dir, 'z.zip'), Buffer.from(await zip.blob.arrayBuffer()))
      expect(execFileSync('unzip', ['-p', join(dir, 'z.zip'), 'z/sub/two.txt']).toString()).toBe('second')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.downloaded('z.zip') })
  })

  it('says which file could not be downloaded', async () => {
    const res = await run('storage.objects.download', { paths: ['nope/missing.txt'] })
    expect(res).toBeNull()
    expect(ctx.toasts).toContainEqual({ kind: 'error', message: MSG.downloadFailed('missing.txt') })
  })

  it('moves files and folders to a destination (leading slash stripped) and to the bucket root', async () => {
    await upload([{ name: 'm.txt', data: blob('m') }, { name: 'box/in.txt', data: blob('in') }, { name: 'box/deeper/x.txt', data: blob('x') }], 'mv')
    const res = await run('storage.objects.move', { paths: ['mv/m.txt', 'mv/box'], destination: '/archive/2024' })
    expect(res.destination).toBe('archive/2024')
    const after = await keys()
    expect(after.filter((k) => k.startsWith('archive/'))).toEqual(['archive/2024/box/deeper/x.txt', 'archive/2024/box/in.txt', 'archive/2024/m.txt'])
    expect(after.filter((k) => k.startsWith('mv/'))).toEqual([])
    expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.moved(2, 'archive/2024') })

    await run('storage.objects.move', { paths: ['archive/2024/m.txt'], destination: '  ' })
    expect(await keys()).toContain('m.txt')
    expect(await text('m.txt')).toBe('m')
  })

  it('says which item could not be moved', async () => {
    await run('storage.objects.move', { paths: ['ghost.txt'], destination: 'x' })
    expect(ctx.toasts).toContainEqual({ kind: 'error', message: MSG.moveItemFailed('ghost.txt') })
  })

  it('opens the Move dialog on the selection', async () => {
    await run('storage.objects.move-dialog.open', { paths: ['m.txt'] })
    expect(objectDialogs.move).toEqual(['m.txt'])
    objectDialogs.move = null
  })

  it('deletes after confirming: a folder takes everything under it; the preview closes if it went', async () => {
    await upload([{ name: 'a.txt', data: blob('a') }, { name: 'b/c.txt', data: blob('c') }, { name: 'b/d/e.txt', data: blob('e') }, { name: 'keep.txt', data: blob('k') }], 'del')
    ctx.confirmAnswers.push(false)
    await run('storage.objects.delete', { paths: ['del/a.txt'] })
    expect(await keys()).toContain('del/a.txt')

    explorer.preview = { path: 'del/b/c.txt' } as typeof explorer.preview
    const res = await run('storage.objects.delete', { paths: ['del/a.txt', 'del/b'] })
    expect(ctx.confirms.at(-1)?.title).toBe(MSG.deleteConfirmTitle(2))
    expect([...res.deleted].sort()).toEqual(['del/a.txt', 'del/b/c.txt', 'del/b/d/e.txt'])
    expect((await keys()).filter((k) => k.startsWith('del/'))).toEqual(['del/keep.txt'])
    expect(explorer.preview).toBeNull()
    expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.deleted(3) })
  })

  it('closes the open columns of a deleted or moved folder, with the preview and the cursor in them', async () => {
    await upload([{ name: 'gone/sub/x.txt', data: blob('x') }, { name: 'gone/y.txt', data: blob('y') }, { name: 'go/in/w.txt', data: blob('w') }, { name: 'stay/z.txt', data: blob('z') }], 'cols')
    const ids = () => explorer.columns.map((c) => c.id)
    const names = (path: string) => columnView(ctx.queryClient, explorer.columns.findIndex((c) => c.id === path))?.items.map((i) => i.name)
    await run('storage.bucket.open', { bucketId: bucket })
    await run('storage.folder.open', { path: 'cols/gone/sub' })
    await run('storage.item.select', { path: 'cols/gone/sub/x.txt' })
    expect([ids(), explorer.preview?.path, explorer.focus]).toEqual([['', 'cols', 'cols/gone', 'cols/gone/sub'], 'cols/gone/sub/x.txt', { columnIndex: 3, path: 'cols/gone/sub/x.txt' }])
    await run('storage.objects.delete', { paths: ['cols/gone'] })
    expect([ids(), names('cols'), explorer.preview, explorer.focus]).toEqual([['', 'cols'], ['go', 'stay'], null, null])

    await run('storage.folder.open', { path: 'cols/go/in' })
    await run('storage.item.focus-move', { direction: 'down' })
    expect(explorer.focus).toEqual({ columnIndex: 3, path: 'cols/go/in/w.txt' })
    await run('storage.objects.move', { paths: ['cols/go'], destination: 'cols/stay' })
    expect([ids(), names('cols'), explorer.focus]).toEqual([['', 'cols'], ['stay'], null])
    expect((await keys()).filter((k) => k.startsWith('cols/'))).toEqual(['cols/stay/go/in/w.txt', 'cols/stay/z.txt'])
    // a file's column stays: only a folder stands for what is under it
    await run('storage.folder.open', { path: 'cols/stay' })
    await run('storage.objects.delete', { paths: ['cols/stay/z.txt'] })
    expect([ids(), names('cols/stay')]).toEqual([['', 'cols', 'cols/stay'], ['go']])
  })

  it('moves and deletes an empty folder with its hidden placeholder', async () => {
    await upload([{ name: STORAGE_EMPTY_FOLDER_PLACEHOLDER, data: blob('') }], 'hollow')
    await run('storage.objects.move', { paths: ['hollow'], destination: 'moved' })
    expect((await keys()).filter((k) => k.includes('hollow'))).toEqual([`moved/hollow/${STORAGE_EMPTY_FOLDER_PLACEHOLDER}`])
    await run('storage.objects.delete', { paths: ['moved/hollow'] })
    expect((await keys()).filter((k) => k.includes('hollow'))).toEqual([])
  })

  it('deletes the selection when no paths are given', async () => {
    await upload([{ name: 'sel.txt', data: blob('s') }], '')
    explorer.selected = [{ path: 'sel.txt', type: 'FILE' } as (typeof explorer.selected)[number]]
    await run('storage.objects.delete')
    expect(await keys()).not.toContain('sel.txt')
  })

  it('signs a URL that serves the file, and one that has expired is refused', async () => {
    await upload([{ name: 'signed.txt', data: blob('secret bytes') }], 'url')
    const writeText = stubClipboard()
    const url = await run('storage.object.sign-url', { path: 'url/signed.txt', expiresIn: 60 })
    expect(writeText).toHaveBeenLastCalledWith(url)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('secret bytes')
    expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.urlCopied('signed.txt') })

    const short = await run('storage.object.sign-url', { path: 'url/signed.txt', expiresIn: 1 })
    // the expiry is the server's clock (a JWT exp in whole seconds, checked in the studio's process): real
    // time must pass, so poll until the server says so instead of sleeping a fixed 2 s
    const refusal = async () => {
      const res = await fetch(short)
      if (res.ok) {
        await res.arrayBuffer()
        return 'served'
      }
      return `${res.status} ${((await res.json()) as { message?: string }).message}`
    }
    await expect.poll(refusal, { timeout: 5_000, interval: 200 }).toBe('400 jwt expired')
    await expect(run('storage.object.sign-url', { path: 'url/signed.txt', expiresIn: 0 })).rejects.toThrow(MSG.expiryTooSmall)
  })

  it('signs the previewed file when no path is given, and opens the URL dialog on it', async () => {
    explorer.preview = { path: 'url/signed.txt' } as typeof explorer.preview
    const writeText = stubClipboard()
    const url = await run('storage.object.sign-url', { expiresIn: 604_800 })
    expect(writeText).toHaveBeenLastCalledWith(url)
    expect(await (await fetch(url)).text()).toBe('secret bytes')
    await run('storage.object.url-dialog.open')
    expect(objectDialogs.url).toEqual({ path: 'url/signed.txt', isPublic: false })
    objectDialogs.url = null
  })

  it('gives a public bucket\'s file its public URL', async () => {
    const pub = await newBucket(true)
    await upload([{ name: 'open.txt', data: blob('for everyone') }], '')
    const writeText = stubClipboard()
    const url = await run('storage.object.public-url', { path: 'open.txt' })
    expect(writeText).toHaveBeenLastCalledWith(url)
    expect(ctx.toasts).toContainEqual({ kind: 'success', message: MSG.urlCopied('open.txt') })
    expect(await (await fetch(url)).text()).toBe('for everyone')
    await run('storage.object.url-dialog.open', { path: 'open.txt' })
    expect(objectDialogs.url).toEqual({ path: 'open.txt', isPublic: true })
    objectDialogs.url = null
    expect(pub).toBeTruthy()
  })

  it('is refused without storage admin write, with the spec reasons', async () => {
    ctx.denied.add('storageAdminWrite')
    expect(disabledReason(getCommand('storage.objects.upload')!, ctx)).toBe(MSG.uploadFilesPermission)
    expect(disabledReason(getCommand('storage.objects.upload-files')!, ctx)).toBe(MSG.uploadFilesPermission)
    expect(disabledReason(getCommand('storage.objects.delete')!, ctx)).toBe(MSG.deleteFilePermission)
    await expect(upload([{ name: 'no.txt', data: blob('no') }])).rejects.toThrow(MSG.uploadFilesPermission)
    await expect(run('storage.objects.delete', { paths: ['m.txt'] })).rejects.toThrow(MSG.deleteFilePermission)
    expect(await keys()).toContain('m.txt')
  })
})
