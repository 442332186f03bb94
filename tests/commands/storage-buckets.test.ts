/**
 * Storage bucket commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set); every change is read back through the storage API and from storage.buckets.
 * Bucket and policy names carry a random suffix; what a test leaves is deleted at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/storage-buckets'
import '../../commands/storage-explorer'
import { allCommands, disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import type { Bucket } from '../../src/shared/storage'
import type { Policy } from '../../src/shared/policies'
import { bucketFormDefaults, parseMimeTypes } from '../../src/web/model/storage/buckets/bucket-form'
import { bucketsState } from '../../src/web/model/storage/buckets/bucket-state'
import { bucketPolicies, bucketsError } from '../../src/web/model/storage/buckets/queries'
import { largestWholeUnit, toBytes } from '../../src/web/model/storage/buckets/size-units'
import { explorer } from '../../src/web/model/storage/explorer/explorer-state'
import { columnView } from '../../src/web/model/storage/explorer/explorer-view'
import { headlessContext, storageTargets, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe('bucket rules', () => {
  it('converts sizes with factor 1024 and shows a limit in its largest whole unit', () => {
    expect(toBytes(5, 'MB')).toBe(5 * 1024 ** 2)
    expect(largestWholeUnit(50 * 1024 ** 2)).toEqual({ value: 50, unit: 'MB' })
    expect(largestWholeUnit(1536)).toEqual({ value: 1536, unit: 'bytes' })
    expect(largestWholeUnit(3 * 1024 ** 3)).toEqual({ value: 3, unit: 'GB' })
    expect(bucketFormDefaults({ file_size_limit: 2048 } as Bucket)).toMatchObject({ limitEnabled: true, limit: '2', unit: 'KB' })
    expect(bucketFormDefaults()).toMatchObject({ public: false, limitEnabled: false, allowedMimeTypes: '' })
  })

  it('splits MIME types on commas, trimmed; blank means any', () => {
    expect(parseMimeTypes(' image/* ,video/mp4, ')).toEqual(['image/*', 'video/mp4'])
    expect(parseMimeTypes(' , ')).toBeNull()
  })

  it('finds the policies naming a bucket, and says why the list failed', () => {
    const p = (id: number, definition: string | null, check: string | null = null, table = 'objects') =>
      ({ id, schema: 'storage', table, definition, check }) as Policy
    const policies = [p(1, "(bucket_id = 'docs'::text)"), p(2, null, "(bucket_id = 'docs'::text)"), p(3, "(bucket_id = 'docs-2'::text)"), p(4, "(bucket_id = 'docs'::text)", null, 'buckets')]
    expect(bucketPolicies(policies, 'docs').map((x) => x.id)).toEqual([1, 2])
    expect(bucketsError(new Error('Tenant config not found'), true)).toBe(MSG.bucketsPreviewBranch)
    expect(bucketsError(new Error('Tenant config not found'), false)).toBe(MSG.bucketsFetchFailed)
    expect(bucketsError(new Error('boom'), true)).toBe(MSG.bucketsFetchFailed)
  })
})

describe.each(storageTargets())('storage bucket commands on $name, bytes on $store', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const made: string[] = []
  let ctx: HeadlessContext
  const name = (what: string) => {
    const n = `cmd-${what}-${suffix}`
    made.push(n)
    return n
  }
  const dbBucket = async (id: string) =>
    (await ctx.api.query<{ id: string; public: boolean; file_size_limit: string | number | null; allowed_mime_types: string[] | null }>(
      ref, `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = '${id}'`,
    ))[0]
  const objectCount = async (id: string) =>
    Number((await ctx.api.query<{ n: number }>(ref, `select count(*)::int as n from storage.objects where bucket_id = '${id}'`))[0]!.n)

  beforeAll(() => {
    ctx = headlessContext(target, paths.storageBuckets(ref))
  })
  afterAll(async () => {
    for (const id of made) {
      await ctx.api.emptyBucket(ref, id).catch(() => {})
      await ctx.api.deleteBucket(ref, id).catch(() => {})
    }
  })

  it('creates a bucket with its settings and opens it', async () => {
    const id = name('create')
    const bucket = await run('storage.bucket.create', {
      name: id, public: true, fileSizeLimit: 5, unit: 'MB', allowedMimeTypes: ' image/* , application/pdf ,',
    })
    expect(bucket).toMatchObject({ id, name: id, public: true, file_size_limit: 5 * 1024 ** 2, allowed_mime_types: ['image/*', 'application/pdf'] })
    expect(await ctx.api.bucket(ref, id)).toMatchObject({ public: true, file_size_limit: 5 * 1024 ** 2 })
    const row = await dbBucket(id)
    expect(row).toMatchObject({ id, public: true, allowed_mime_types: ['image/*', 'application/pdf'] })
    expect(Number(row!.file_size_limit)).toBe(5 * 1024 ** 2)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.bucketCreated(id) })
    expect(ctx.location.pathname).toBe(paths.storageBucket(ref, id))

    const plain = name('plain')
    await run('storage.bucket.create', { name: plain, allowedMimeTypes: '  ' })
    expect(await dbBucket(plain)).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null })
  })

  it('refuses bad names and limits with the spec messages, creating nothing', async () => {
    const before = (await ctx.api.buckets(ref)).length
    await expect(run('storage.bucket.create', { name: '' })).rejects.toThrow(MSG.bucketNameRequired)
    await expect(run('storage.bucket.create', { name: `cmd-space-${suffix} ` })).rejects.toThrow(MSG.bucketNameTrailingSpace)
    await expect(run('storage.bucket.create', { name: 'public' })).rejects.toThrow(MSG.bucketNameReserved)
    await expect(run('storage.bucket.create', { name: `Cmd_Upper_${suffix}` })).rejects.toThrow(MSG.bucketNameRule)
    await expect(run('storage.bucket.create', { name: `cmd-neg-${suffix}`, fileSizeLimit: -1 })).rejects.toThrow(MSG.bucketSizeLimitMin)
    expect((await ctx.api.buckets(ref)).length).toBe(before)

    const id = name('dup')
    await run('storage.bucket.create', { name: id })
    await expect(run('storage.bucket.create', { name: id })).rejects.toThrow(/^Failed to create bucket: /)
  })

  it('updates public, the size limit and MIME types', async () => {
    const id = name('update')
    await run('storage.bucket.create', { name: id })
    await run('storage.bucket.update', { bucketId: id, public: true, fileSizeLimit: 2, unit: 'KB', allowedMimeTypes: 'text/plain' })
    const row = await dbBucket(id)
    expect(row).toMatchObject({ public: true, allowed_mime_types: ['text/plain'] })
    expect(Number(row!.file_size_limit)).toBe(2048)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.bucketUpdated(id) })

    await run('storage.bucket.update', { bucketId: id, public: false, fileSizeLimit: null, allowedMimeTypes: '' })
    expect(await dbBucket(id)).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null })
    expect(await ctx.api.bucket(ref, id)).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null })
    await expect(run('storage.bucket.update', { bucketId: `cmd-missing-${suffix}`, public: true })).rejects.toThrow(MSG.bucketNotFound)
  })

  it('empties a bucket after confirmation', async () => {
    const id = name('empty')
    await run('storage.bucket.create', { name: id })
    await ctx.api.uploadObject(ref, id, 'a.txt', new Blob(['a'], { type: 'text/plain' }))
    await ctx.api.uploadObject(ref, id, 'dir/b.txt', new Blob(['b'], { type: 'text/plain' }))
    ctx.confirmAnswers.push(false)
    expect(await run('storage.bucket.empty', { bucketId: id })).toBe(false)
    expect(await objectCount(id)).toBe(2)
    expect(await run('storage.bucket.empty', { bucketId: id })).toBe(true)
    expect(ctx.confirms.at(-1)?.title).toBe(`Empty bucket ${id}`)
    expect(await objectCount(id)).toBe(0)
    expect(await ctx.api.listObjects(ref, id, { path: '' })).toEqual([])
    expect(await dbBucket(id)).toBeDefined()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.bucketEmptied(id) })
  })

  it('puts the explorer open on an emptied bucket back at its empty root', async () => {
    const id = name('emptyopen')
    await run('storage.bucket.create', { name: id })
    await ctx.api.uploadObject(ref, id, 'a.txt', new Blob(['a'], { type: 'text/plain' }))
    await ctx.api.uploadObject(ref, id, 'dir/b.txt', new Blob(['b'], { type: 'text/plain' }))
    await run('storage.bucket.open', { bucketId: id })
    await run('storage.folder.open', { path: 'dir' })
    await run('storage.item.select', { path: 'dir/b.txt' })
    await run('storage.item.toggle', { path: 'a.txt' })
    expect([explorer.columns.map((c) => c.id), explorer.preview?.path, explorer.selected.length]).toEqual([['', 'dir'], 'dir/b.txt', 1])
    expect(await run('storage.bucket.empty', { bucketId: id })).toBe(true)
    const root = columnView(ctx.queryClient, 0)
    expect([explorer.columns.map((c) => c.id), root?.status, root?.items]).toEqual([[''], 'READY', []])
    expect([explorer.bucketId, explorer.preview, explorer.selected, explorer.focus]).toEqual([id, null, [], null])
    await ctx.navigate({ to: paths.storageBuckets(ref) })
  })

  it('deletes a bucket, its files and its policies once the name is typed', async () => {
    const id = name('delete')
    const keep = name('keep')
    await run('storage.bucket.create', { name: id })
    await run('storage.bucket.create', { name: keep })
    await ctx.api.uploadObject(ref, id, 'x/y.txt', new Blob(['y'], { type: 'text/plain' }))
    const policy = (what: string, bucket: string, clause: 'using' | 'with check') =>
      ctx.api.query(ref, `create policy "cmd ${what} ${suffix}" on storage.objects for ${clause === 'using' ? 'select' : 'insert'} to authenticated ${clause} (bucket_id = '${bucket}')`)
    await policy('read', id, 'using')
    await policy('upload', id, 'with check')
    await policy('other', keep, 'using')
    const policyNames = async () =>
      (await ctx.api.query<{ policyname: string }>(ref, `select policyname from pg_policies where schemaname = 'storage' and policyname like 'cmd % ${suffix}'`))
        .map((p) => p.policyname).sort()

    await ctx.navigate({ to: paths.storageBucket(ref, id) })
    await expect(run('storage.bucket.delete', { bucketId: id, confirmName: `${id}x` })).rejects.toThrow(MSG.valueMismatch)
    expect(await dbBucket(id)).toBeDefined()
    expect(await objectCount(id)).toBe(1)
    expect(await policyNames()).toHaveLength(3)

    await run('storage.bucket.delete', { bucketId: id, confirmName: id })
    expect(await dbBucket(id)).toBeUndefined()
    expect(await objectCount(id)).toBe(0)
    await expect(ctx.api.bucket(ref, id)).rejects.toThrow(MSG.bucketNotFound)
    expect(await policyNames()).toEqual([`cmd other ${suffix}`])
    expect(await dbBucket(keep)).toBeDefined()
    expect(ctx.location.pathname).toBe(paths.storageBuckets(ref))
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.bucketDeleted(id) })
    await ctx.api.query(ref, `drop policy "cmd other ${suffix}" on storage.objects`)
  })

  it('opens a bucket and offers the buckets to pick', async () => {
    const id = name('open')
    await run('storage.bucket.create', { name: id, public: true })
    await ctx.navigate({ to: paths.storageSettings(ref) })
    await run('storage.bucket.open', { bucketId: id })
    expect(ctx.location.pathname).toBe(paths.storageBucket(ref, id))
    const options = await getCommand('storage.bucket.open')!.argOptions!.bucketId!(ctx, {})
    // the bucket open in the explorer comes first, so Enter takes it
    expect(options[0]).toEqual({ value: id, label: id, hint: 'this bucket · Public' })
    await ctx.navigate({ to: paths.storageSettings(ref) })
    const elsewhere = await getCommand('storage.bucket.open')!.argOptions!.bucketId!(ctx, {})
    expect(elsewhere).toContainEqual({ value: id, label: id, hint: 'Public' })
    await run('storage.bucket.edit-dialog.open', { bucketId: id })
    expect(bucketsState.dialog).toEqual({ kind: 'edit', bucketId: id })
    await run('storage.bucket.delete-dialog.open', { bucketId: id })
    expect(bucketsState.dialog).toEqual({ kind: 'delete', bucketId: id })
  })
})

/** Which commands show where, the dialogs and the permission reasons: no database involved, so once. */
describe.each(targets().slice(0, 1))('storage bucket commands (no database: once) on $name', (target) => {
  let ctx: HeadlessContext
  beforeAll(() => {
    ctx = headlessContext(target, paths.storageBuckets(ref))
  })

  it('lists its commands in storage only', async () => {
    const ids = allCommands().filter((c) => c.id.startsWith('storage.bucket.')).map((c) => c.id)
    expect(ids.sort()).toEqual([
      'storage.bucket.create', 'storage.bucket.create-dialog.open', 'storage.bucket.delete', 'storage.bucket.delete-dialog.open',
      'storage.bucket.edit-dialog.open', 'storage.bucket.empty', 'storage.bucket.open', 'storage.bucket.update',
    ])
    await ctx.navigate({ to: paths.project(ref) })
    await expect(run('storage.bucket.create-dialog.open')).rejects.toThrow('New bucket is not available here')
    await ctx.navigate({ to: paths.storageBuckets(ref) })
    await run('storage.bucket.create-dialog.open')
    expect(bucketsState.dialog).toEqual({ kind: 'create' })
  })

  it('is disabled without storage admin write', async () => {
    ctx.denied.add('storageAdminWrite')
    try {
      expect(disabledReason(getCommand('storage.bucket.create-dialog.open')!, ctx)).toBe(MSG.createBucketsPermission)
      await expect(run('storage.bucket.create', { name: 'cmd-denied-never-made' })).rejects.toThrow(MSG.createBucketsPermission)
      expect(disabledReason(getCommand('storage.bucket.delete')!, ctx)).toBe(MSG.noPermission('change storage'))
      expect(disabledReason(getCommand('storage.bucket.open')!, ctx)).toBeNull()
    } finally {
      ctx.denied.delete('storageAdminWrite')
    }
  })
})
