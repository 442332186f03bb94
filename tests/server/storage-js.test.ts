/** @supabase/storage-js, unchanged from npm, against the studio's storage API: every call it offers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorageClient } from '@supabase/storage-js'
import { storageTargets } from '../support/context'
import { bucketFiles, bucketName, settings, storageClient, type Keys } from './support/storage'

describe.each(storageTargets())('storage-js on $name, bytes on $store', (target) => {
  let s: Keys
  let storage: StorageClient
  const bucket = bucketName('js')
  const other = bucketName('js2')

  beforeAll(async () => {
    s = await settings(target.url)
    storage = storageClient(s, s.service_role_key)
  })
  afterAll(async () => {
    for (const b of [bucket, other]) {
      await storage.emptyBucket(b)
      await storage.deleteBucket(b)
    }
  })

  it('creates, gets, lists and updates buckets', async () => {
    expect(await storage.createBucket(bucket, { public: false })).toEqual({ data: { name: bucket }, error: null })
    expect((await storage.createBucket(other, { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['text/*'] })).error).toBeNull()
    const dup = await storage.createBucket(bucket)
    expect(dup.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' })

    const got = await storage.getBucket(other)
    expect(got.data).toMatchObject({ id: other, name: other, public: true, file_size_limit: 1024 * 1024, allowed_mime_types: ['text/*'] })
    const listed = await storage.listBuckets()
    expect(listed.data?.map((b) => b.id)).toEqual(expect.arrayContaining([bucket, other]))
    expect((await storage.listBuckets({ search: bucket })).data?.map((b) => b.id)).toEqual([bucket])

    expect(await storage.updateBucket(other, { public: true, fileSizeLimit: 2048, allowedMimeTypes: null as unknown as string[] }))
      .toEqual({ data: { message: 'Successfully updated' }, error: null })
    expect((await storage.getBucket(other)).data).toMatchObject({ file_size_limit: 2048 })
    const missing = await storage.getBucket(bucketName('none'))
    expect(missing.error).toMatchObject({ status: 404, message: 'Bucket not found' })
    expect((await storage.createBucket('Bad Name')).error).toMatchObject({ status: 400 })
  })

  it('uploads (raw and as a form), updates, downloads and describes objects', async () => {
    const files = storage.from(bucket)
    const up = await files.upload('docs/readme.txt', 'hello', { contentType: 'text/plain', cacheControl: '60', metadata: { a: 1 } })
    expect(up.error).toBeNull()
    expect(up.data).toEqual({ path: 'docs/readme.txt', id: expect.any(String), fullPath: `${bucket}/docs/readme.txt` })
    const blob = await files.upload('docs/data.json', new Blob(['{"x":1}'], { type: 'application/json' }), { metadata: { kind: 'form' } })
    expect(blob.error).toBeNull()

    const again = await files.upload('docs/readme.txt', 'nope')
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' })
    expect((await files.upload('docs/readme.txt', 'hello again', { upsert: true, contentType: 'text/plain' })).error).toBeNull()
    expect((await files.update('docs/data.json', new Blob(['{"x":2}'], { type: 'application/json' }))).error).toBeNull()

    const text = await files.download('docs/readme.txt')
    expect(await text.data?.text()).toBe('hello again')
    const json = await files.download('docs/data.json')
    expect(await json.data?.text()).toBe('{"x":2}')
    expect(json.data?.type).toBe('application/json')
    const stream = await files.download('docs/readme.txt').asStream()
    expect(stream.data).toBeInstanceOf(ReadableStream)
    await stream.data?.cancel()

    const info = await files.info('docs/data.json')
    expect(info.data).toMatchObject({ name: 'docs/data.json', bucketId: bucket, size: 7, contentType: 'application/json', cacheControl: 'max-age=3600' })
    const first = await files.info('docs/readme.txt')
    expect(first.data).toMatchObject({ size: 11, cacheControl: 'max-age=3600' })
    expect(await files.exists('docs/readme.txt')).toEqual({ data: true, error: null })
    expect((await files.exists('docs/none.txt')).data).toBe(false)
    expect((await files.download('docs/none.txt')).error).toMatchObject({ status: 404, message: 'Object not found' })
    // only the latest version's bytes are kept
    expect(await bucketFiles(target, bucket)).toHaveLength(2)
  })

  it('lists folders with prefix, limit, offset, search and sortBy, and list-v2', async () => {
    const files = storage.from(bucket)
    for (const name of ['c.txt', 'a.txt', 'b.txt', 'sub/x.txt']) await files.upload(`list/${name}`, name)
    const all = await files.list('list')
    expect(all.data?.map((e) => [e.name, e.id === null])).toEqual([['a.txt', false], ['b.txt', false], ['c.txt', false], ['sub', true]])
    expect((await files.list('list/', { limit: 2, offset: 1 })).data?.map((e) => e.name)).toEqual(['b.txt', 'c.txt'])
    expect((await files.list('list', { search: 'b' })).data?.map((e) => e.name)).toEqual(['b.txt'])
    expect((await files.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((e) => e.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt'])
    const root = await files.list()
    expect(root.data?.map((e) => e.name)).toEqual(['docs', 'list'])
    const file = all.data?.[0]
    expect(file?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain;charset=UTF-8' })

    const flat = await files.listV2({ prefix: 'list/' })
    expect(flat.data?.objects.map((o) => o.name)).toEqual(['list/a.txt', 'list/b.txt', 'list/c.txt', 'list/sub/x.txt'])
    const grouped = await files.listV2({ prefix: 'list/', with_delimiter: true, limit: 3 })
    expect(grouped.data).toMatchObject({ hasNext: true, objects: [{ name: 'list/a.txt' }, { name: 'list/b.txt' }, { name: 'list/c.txt' }] })
    const next = await files.listV2({ prefix: 'list/', with_delimiter: true, limit: 3, cursor: grouped.data!.nextCursor })
    expect(next.data).toMatchObject({ hasNext: false, folders: [{ name: 'list/sub/' }], objects: [] })
  })

  it('moves, copies and removes objects', async () => {
    const files = storage.from(bucket)
    await files.upload('mv/one.txt', 'one')
    expect(await files.move('mv/one.txt', 'mv/two.txt')).toEqual({ data: { message: 'Successfully moved' }, error: null })
    expect((await files.exists('mv/one.txt')).data).toBe(false)
    expect(await (await files.download('mv/two.txt')).data?.text()).toBe('one')
    expect(await files.copy('mv/two.txt', 'mv/three.txt')).toEqual({ data: { path: `${bucket}/mv/three.txt` }, error: null })
    expect((await files.copy('mv/two.txt', 'copied.txt', { destinationBucket: other })).error).toBeNull()
    expect(await (await storage.from(other).download('copied.txt')).data?.text()).toBe('one')
    expect((await files.move('mv/three.txt', 'moved.txt', { destinationBucket: other })).error).toBeNull()
    expect(await (await storage.from(other).download('moved.txt')).data?.text()).toBe('one')
    expect((await files.move('mv/none.txt', 'x.txt')).error).toMatchObject({ status: 404 })

    const removed = await files.remove(['mv/two.txt', 'mv/none.txt'])
    expect(removed.data?.map((r) => r.name)).toEqual(['mv/two.txt'])
    expect((await files.list('mv')).data).toEqual([])
  })

  it('signs URLs that serve the object until they expire', async () => {
    const files = storage.from(bucket)
    await files.upload('signed/a.txt', 'signed a')
    await files.upload('signed/b c.txt', 'signed b')
    const one = await files.createSignedUrl('signed/b c.txt', 60)
    const res = await fetch(one.data!.signedUrl)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('signed b')
    const dl = await files.createSignedUrl('signed/a.txt', 60, { download: 'named.txt' })
    expect((await fetch(dl.data!.signedUrl)).headers.get('content-disposition')).toContain('named.txt')

    const many = await files.createSignedUrls(['signed/a.txt', 'signed/none.txt'], 60)
    expect(many.data?.map((d) => [d.path, d.error === null])).toEqual([['signed/a.txt', true], ['signed/none.txt', false]])
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('signed a')

    // A token for one object does not open another.
    const token = new URL(one.data!.signedUrl).searchParams.get('token')!
    const other = await fetch(`${s.storage_url}/object/sign/${bucket}/signed/a.txt?token=${token}`)
    expect(other.status).toBe(400)

    const short = await files.createSignedUrl('signed/a.txt', 1)
    await new Promise((r) => setTimeout(r, 2100))
    const expired = await fetch(short.data!.signedUrl)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ message: 'jwt expired' })
  })

  it('hands out signed upload URLs', async () => {
    const files = storage.from(bucket)
    const signed = await files.createSignedUploadUrl('uploads/by-url.txt')
    expect(signed.data).toMatchObject({ path: 'uploads/by-url.txt', token: expect.any(String) })
    const put = await storageClient(s, s.anon_key).from(bucket).uploadToSignedUrl('uploads/by-url.txt', signed.data!.token, 'via url')
    expect(put).toEqual({ data: { path: 'uploads/by-url.txt', fullPath: `${bucket}/uploads/by-url.txt` }, error: null })
    expect(await (await files.download('uploads/by-url.txt')).data?.text()).toBe('via url')
    const again = await files.uploadToSignedUrl('uploads/by-url.txt', signed.data!.token, 'twice')
    expect(again.error).toMatchObject({ status: 409 })
    const wrong = await files.uploadToSignedUrl('uploads/other.txt', signed.data!.token, 'x')
    expect(wrong.error).toMatchObject({ status: 400 })

    // A download link's token cannot upload, an upload token cannot download, and neither is an API key.
    await files.remove(['uploads/by-url.txt'])
    const download = await files.createSignedUrl('docs/readme.txt', 600)
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!
    const asUpload = await storageClient(s, s.anon_key).from(bucket).uploadToSignedUrl('docs/readme.txt', downloadToken, 'overwrite?', { upsert: true })
    expect(asUpload.error).toMatchObject({ status: 400, message: 'The signed url does not match the requested object' })
    const fresh = await files.createSignedUploadUrl('uploads/fresh.txt')
    const asDownload = await fetch(`${s.storage_url}/object/sign/${bucket}/uploads/fresh.txt?token=${fresh.data!.token}`)
    expect(asDownload.status).toBe(400)
    const asKey = await storageClient(s, downloadToken).listBuckets()
    expect(asKey.error).toMatchObject({ status: 400, statusCode: '403' })
    expect(await (await files.download('docs/readme.txt')).data?.text()).not.toBe('overwrite?')
    expect((await files.exists('uploads/by-url.txt')).data).toBe(false)
  })

  it('serves public URLs only for public buckets', async () => {
    await storage.from(other).upload('pub.txt', 'public!', { contentType: 'text/plain' })
    const { data } = storage.from(other).getPublicUrl('pub.txt')
    const res = await fetch(data.publicUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain')
    expect(await res.text()).toBe('public!')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe('sandbox')
    const range = async (value: string) => {
      const r = await fetch(data.publicUrl, { headers: { range: value } })
      return [r.status, await r.text()]
    }
    expect(await range('bytes=1-3')).toEqual([206, 'ubl'])
    expect(await range('bytes=4-')).toEqual([206, 'ic!'])
    expect(await range('bytes=-2')).toEqual([206, 'c!'])
    // ranges we do not serve are ignored (the whole object); ones past the end are refused
    expect(await range('bytes=3-1')).toEqual([200, 'public!'])
    expect(await range('bytes=0-1,3-4')).toEqual([200, 'public!'])
    expect(await range('items=0-1')).toEqual([200, 'public!'])
    expect(await range('bytes=7-')).toEqual([416, ''])
    expect(await range('bytes=-0')).toEqual([416, ''])
    const priv = storage.from(bucket).getPublicUrl('docs/readme.txt')
    expect((await fetch(priv.data.publicUrl)).status).toBe(404)
  })

  it('empties and deletes buckets; a non-empty bucket is not deleted', async () => {
    const name = bucketName('gone')
    await storage.createBucket(name)
    await storage.from(name).upload('f.txt', 'f')
    expect((await storage.deleteBucket(name)).error).toMatchObject({ status: 409, message: 'The bucket you tried to delete is not empty' })
    expect(await storage.emptyBucket(name)).toEqual({ data: { message: 'Successfully emptied' }, error: null })
    expect(await bucketFiles(target, name)).toEqual([])
    expect(await storage.deleteBucket(name)).toEqual({ data: { message: 'Successfully deleted' }, error: null })
    expect((await storage.getBucket(name)).error).toMatchObject({ status: 404 })
  })

  it('refuses a request without a valid token', async () => {
    const forged = storageClient(s, `${s.service_role_key.slice(0, -4)}AAAA`)
    expect((await forged.listBuckets()).error).toMatchObject({ status: 400, statusCode: '403', message: 'invalid signature' })
    const res = await fetch(`${s.storage_url}/bucket`)
    expect(res.status).toBe(400)
  })
})
