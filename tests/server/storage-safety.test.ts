/**
 * Storage safety: hostile keys, size and type limits, and broken uploads leave no row and no bytes (no file
 * on disk; no object and no multipart upload in S3); the dashboard's storage calls work as service_role and
 * are refused without the permissions they need.
 */
import { request as httpRequest } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorageClient } from '@supabase/storage-js'
import { startStudio, type Studio } from '../../src/server/app'
import { STORAGE_FREE_TIER_LIMIT_BYTES, STORAGE_GLOBAL_UPLOAD_LIMIT, STORAGE_SETTINGS_MAX_BYTES } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS, type Grant, type PermissionName } from '../../src/shared/permissions'
import { storageTargets } from '../support/context'
import { client, REF } from './support/http'
import { bucketFiles, bucketName, settings, storageClient, uploadsInFlight, type Keys } from './support/storage'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'

/** A request whose path goes out exactly as written (fetch would normalise '..' and '%2e%2e'). */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  const { hostname, port } = new URL(url)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe.each(storageTargets())('storage safety on $name, bytes on $store', (target) => {
  const { sql, send } = client(target.url)
  const bucket = bucketName('safe')
  let s: Keys
  let service: StorageClient
  let auth: Record<string, string>
  const rows = async (b = bucket) => (await sql<{ name: string }>(`select name from storage.objects where bucket_id = '${b}' order by name`)).map((r) => r.name)
  const apiPath = (rest: string) => `/api/projects/${REF}/storage/v1${rest}`
  // temporary files on disk, multipart uploads in S3
  const temporaryFiles = () => uploadsInFlight(target)

  beforeAll(async () => {
    s = await settings(target.url)
    service = storageClient(s, s.service_role_key)
    auth = { authorization: `Bearer ${s.service_role_key}`, 'content-type': 'text/plain' }
    expect((await service.createBucket(bucket)).error).toBeNull()
  })
  afterAll(async () => {
    await service.emptyBucket(bucket)
    await service.deleteBucket(bucket)
  })

  it('refuses keys that try to leave the bucket, and keeps nothing', async () => {
    const hostile = ['../x', 'a/../../x', '%2e%2e/x', '%2E%2E%2Fx', '%252e%252e/x', 'a%5Cb', 'a%00b', '/abs', 'a//b', './x', 'a/.']
    for (const key of hostile) {
      const res = await raw(target.url, 'POST', apiPath(`/object/${bucket}/${key}`), auth, 'evil')
      expect(res.status, key).toBeGreaterThanOrEqual(400)
      expect(res.status, key).toBeLessThan(500)
    }
    expect(await rows()).toEqual([])
    expect(await bucketFiles(target, bucket)).toEqual([])
    await expect.poll(temporaryFiles, { timeout: 10_000 }).toEqual([])
  })

  it('refuses hostile bucket names', async () => {
    for (const name of ['..', 'public', 'UPPER', 'a/b', 'a b']) {
      expect((await service.createBucket(name)).error, name).toMatchObject({ status: 400 })
    }
    expect(await send('POST', `/platform/storage/${REF}/buckets`, { id: 'public' })).toEqual({ status: 400, body: { message: MSG.bucketNameReserved, code: 400 } })
    expect(await send('POST', `/platform/storage/${REF}/buckets`, { id: 'name ' })).toEqual({ status: 400, body: { message: MSG.bucketNameTrailingSpace, code: 400 } })
    expect(await send('POST', `/platform/storage/${REF}/buckets`, { id: '' })).toEqual({ status: 400, body: { message: MSG.bucketNameRequired, code: 400 } })
  })

  it('enforces the bucket size limit and allowed types while uploading (413, 415), keeping nothing', async () => {
    const limited = bucketName('lim')
    await service.createBucket(limited, { public: false, fileSizeLimit: 10, allowedMimeTypes: ['image/*', 'text/plain'] })
    try {
      const big = await service.from(limited).upload('big.txt', 'x'.repeat(11), { contentType: 'text/plain' })
      expect(big.error).toMatchObject({ status: 413, message: MSG.objectTooLarge })
      // a body with no declared length is cut while streaming
      const streamed = await service.from(limited).upload('stream.txt', new Blob(['y'.repeat(5000)], { type: 'text/plain' }))
      expect(streamed.error).toMatchObject({ status: 413 })
      const typed = await service.from(limited).upload('doc.pdf', 'pdf', { contentType: 'application/pdf' })
      expect(typed.error).toMatchObject({ status: 415 })
      expect((await service.from(limited).upload('ok.png', 'png', { contentType: 'image/png' })).error).toBeNull()
      expect(await rows(limited)).toEqual(['ok.png'])
      expect(await bucketFiles(target, limited)).toHaveLength(1)
    } finally {
      await service.emptyBucket(limited)
      await service.deleteBucket(limited)
    }
  })

  it('leaves no object and no temporary file when an upload is cut off', async () => {
    const { hostname, port } = new URL(target.url)
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        hostname, port, method: 'POST', path: apiPath(`/object/${bucket}/cut.bin`),
        headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(4 * 1024 * 1024) },
      })
      req.on('error', () => resolve())
      req.write(Buffer.alloc(1024 * 1024), () => setTimeout(() => {
        req.destroy()
        resolve()
      }, 200))
    })
    // other test files upload to this studio meanwhile: wait for a moment with no temporary file at all
    await expect.poll(temporaryFiles, { timeout: 10_000 }).toEqual([])
    expect(await rows()).toEqual([])
    expect(await bucketFiles(target, bucket)).toEqual([])
    expect(await service.from(bucket).exists('cut.bin')).toMatchObject({ data: false })
  })

  it('reads uploads sent as forms, and refuses broken ones keeping nothing', async () => {
    const form = (...parts: string[]) => parts.map((p) => `--XyZ\r\n${p}\r\n`).join('')
    const headers = { authorization: auth.authorization!, 'content-type': 'multipart/form-data; boundary=XyZ' }
    const post = (key: string, body: string, h: Record<string, string> = headers) => raw(target.url, 'POST', apiPath(`/object/${bucket}/${key}`), h, body)
    const file = (content: string) => `Content-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: text/plain\r\n\r\n${content}`
    const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`

    const ok = await post('form/ok.txt', `${form(field('cacheControl', '120'), file('a body with --XyZ inside, and\r\n--Xy too'))}--XyZ--\r\n`)
    expect(ok.status, ok.body).toBe(200)
    expect(await (await service.from(bucket).download('form/ok.txt')).data?.text()).toBe('a body with --XyZ inside, and\r\n--Xy too')
    expect((await service.from(bucket).info('form/ok.txt')).data).toMatchObject({ cacheControl: 'max-age=120', contentType: 'text/plain' })

    const broken = {
      'no file': `${form(field('cacheControl', '60'))}--XyZ--\r\n`,
      'cut off in the file': `--XyZ\r\n${file('half of it')}`,
      'a huge field': `${form(field('metadata', 'x'.repeat(1024 * 1024 + 10)), file('x'))}--XyZ--\r\n`,
      'bad metadata': `${form(field('metadata', '[1, 2'), file('x'))}--XyZ--\r\n`,
      'not a form at all': 'just bytes',
    }
    for (const [why, body] of Object.entries(broken)) {
      const res = await post(`form/${why.replaceAll(' ', '-')}.txt`, body)
      expect(res.status, why).toBe(400)
    }
    const noBoundary = await post('form/no-boundary.txt', 'x', { ...headers, 'content-type': 'multipart/form-data' })
    expect(noBoundary.status).toBe(400)
    expect(await rows()).toEqual(['form/ok.txt'])
    expect(await bucketFiles(target, bucket)).toHaveLength(1)
    await service.from(bucket).remove(['form/ok.txt'])
  })

  it('leaves no temporary file when a form upload is cut off mid-file', async () => {
    const { hostname, port } = new URL(target.url)
    const head = `--XyZ\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        hostname, port, method: 'POST', path: apiPath(`/object/${bucket}/cut-form.bin`),
        headers: { authorization: auth.authorization!, 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(4 * 1024 * 1024) },
      })
      req.on('error', () => resolve())
      req.write(Buffer.concat([Buffer.from(head), Buffer.alloc(1024 * 1024)]), () => setTimeout(() => {
        req.destroy()
        resolve()
      }, 300))
    })
    // other test files upload to this studio meanwhile: wait for a moment with no temporary file at all
    await expect.poll(temporaryFiles, { timeout: 10_000 }).toEqual([])
    expect(await rows()).toEqual([])
    expect(await bucketFiles(target, bucket)).toEqual([])
  })

  it('keeps a form upload refused before its bytes from holding the connection', async () => {
    const body = `--XyZ\r\nContent-Disposition: form-data; name=""; filename="x.exe"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(200_000)}\r\n--XyZ--\r\n`
    const headers = { authorization: `Bearer ${s.anon_key}`, 'content-type': 'multipart/form-data; boundary=XyZ' }
    // anon may not insert here: refused by RLS before any byte is stored, and the answer still arrives
    const res = await raw(target.url, 'POST', apiPath(`/object/${bucket}/refused.txt`), headers, body)
    expect(res.status).toBeGreaterThanOrEqual(400)
    const bad = await raw(target.url, 'POST', apiPath(`/object/${bucket}/bad-cache.txt`), { authorization: auth.authorization!, 'content-type': 'multipart/form-data; boundary=XyZ' },
      `--XyZ\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\nmax-age=1\u0001\r\n${body}`)
    expect(bad.status).toBe(400)
    expect(await rows()).toEqual([])
  })

  it('offers the dashboard calls as service_role', async () => {
    const dash = `/platform/storage/${REF}/buckets`
    const name = bucketName('dash')
    expect(await send('POST', dash, { id: name, public: true, file_size_limit: null, allowed_mime_types: null }))
      .toMatchObject({ status: 200, body: { id: name, public: true } })
    try {
      const put = (path: string, body: string) =>
        fetch(`${target.url}${dash}/${name}/objects/upload?path=${encodeURIComponent(path)}`, { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body })
      expect((await put('folder/.emptyFolderPlaceholder', '')).status).toBe(200)
      expect((await put('folder/file.txt', 'dashboard')).status).toBe(200)
      expect((await put('top.txt', 'top')).status).toBe(200)
      expect((await put('top.txt', 'again')).status).toBe(409)
      const info = await service.from(name).info('top.txt')
      expect(info.data).toMatchObject({ cacheControl: 'max-age=3600' })

      const list = await send('POST', `${dash}/${name}/objects/list`, { path: '', options: { limit: 200, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } } })
      expect(list.body.map((i: { name: string; type: string; id: string | null }) => [i.name, i.type, i.id === null])).toEqual([['folder', 'FOLDER', true], ['top.txt', 'FILE', false]])
      const inner = await send('POST', `${dash}/${name}/objects/list`, { path: 'folder' })
      expect(inner.body.map((i: { name: string }) => i.name)).toEqual(['file.txt'])

      const signed = await send('POST', `${dash}/${name}/objects/sign`, { path: 'folder/file.txt', expiresIn: 60 })
      expect(await (await fetch(signed.body.signedUrl)).text()).toBe('dashboard')
      const pub = await send('POST', `${dash}/${name}/objects/public-url`, { path: 'top.txt' })
      expect(await (await fetch(pub.body.publicUrl)).text()).toBe('top')
      const dl = await fetch(`${target.url}${dash}/${name}/objects/download`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ path: 'top.txt' }) })
      expect(await dl.text()).toBe('top')

      expect(await send('POST', `${dash}/${name}/objects/move`, { from: 'top.txt', to: 'folder/moved.txt' })).toMatchObject({ status: 200 })
      expect(await send('DELETE', `${dash}/${name}/objects`, { paths: ['folder/moved.txt'] })).toMatchObject({ status: 200, body: [{ name: 'folder/moved.txt' }] })
      expect(await send('PATCH', `${dash}/${name}`, { public: false, file_size_limit: 1024 })).toMatchObject({ status: 200, body: { public: false, file_size_limit: 1024 } })
      expect((await send('GET', dash)).body.map((b: { id: string }) => b.id)).toContain(name)
    } finally {
      expect(await send('POST', `${dash}/${name}/empty`)).toMatchObject({ status: 200 })
      expect(await send('DELETE', `${dash}/${name}`)).toMatchObject({ status: 200 })
    }
    expect(await send('GET', `${dash}/${name}`)).toEqual({ status: 404, body: { message: 'Bucket not found', code: 404 } })
  })
})

/**
 * The project-wide upload limit is the studio's own setting: this test changes it on a studio of its own,
 * so no other test file sees a limit it did not set.
 */
describe('the project upload limit', () => {
  let dir: string
  let own: Studio

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-limit-'))
    own = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, serveStatic: false, logger: false })
  })
  afterAll(async () => {
    await own?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('is enforced from storage settings, within its bounds', async () => {
    const { send, sql } = client(own.url)
    const s = await settings(own.url)
    const service = storageClient(s, s.service_role_key)
    const bucket = bucketName('limit')
    expect((await service.createBucket(bucket)).error).toBeNull()
    expect(await send('GET', `/platform/projects/${REF}/config/storage`)).toEqual({ status: 200, body: { fileSizeLimit: STORAGE_FREE_TIER_LIMIT_BYTES, isFreeTier: false } })
    const over = await send('PATCH', `/platform/projects/${REF}/config/storage`, { fileSizeLimit: STORAGE_SETTINGS_MAX_BYTES + 1 })
    expect(over).toEqual({ status: 400, body: { message: MSG.storageLimitMax(STORAGE_SETTINGS_MAX_BYTES, 'bytes'), code: 400 } })
    const aboveGlobal = await send('PATCH', `/platform/projects/${REF}/config/storage`, { fileSizeLimit: STORAGE_GLOBAL_UPLOAD_LIMIT + 1 })
    expect(aboveGlobal).toEqual({ status: 400, body: { message: 'Upload file size limit must be up to 50GB (bytes)', code: 400 } })
    await send('PATCH', `/platform/projects/${REF}/config/storage`, { fileSizeLimit: 20_000 })
    const res = await service.from(bucket).upload('project-limit.bin', new Uint8Array(30_000), { contentType: 'application/octet-stream' })
    expect(res.error).toMatchObject({ status: 413 })
    expect(await sql(`select name from storage.objects where bucket_id = '${bucket}'`)).toEqual([])
    expect((await service.from(bucket).upload('small.bin', new Uint8Array(10_000), { contentType: 'application/octet-stream' })).error).toBeNull()
  })
})

describe.each(storageTargets())('the dashboard storage client on $name, bytes on $store', (target) => {
  const { api } = client(target.url)

  it('creates a bucket, uploads, lists, signs, downloads, deletes with the api client', async () => {
    const name = bucketName('api')
    expect(await api.createBucket(REF, { id: name })).toMatchObject({ id: name, public: false })
    try {
      await api.uploadObject(REF, name, 'a/b.txt', new Blob(['bytes'], { type: 'text/plain' }))
      expect((await api.listObjects(REF, name, { path: 'a' })).map((i) => [i.name, i.type])).toEqual([['b.txt', 'FILE']])
      const { signedUrl } = await api.signObject(REF, name, { path: 'a/b.txt', expiresIn: 60 })
      expect(await (await fetch(signedUrl)).text()).toBe('bytes')
      expect(await (await api.downloadObject(REF, name, 'a/b.txt')).text()).toBe('bytes')
      expect(await api.apiSettings(REF)).toMatchObject({ anon_key: expect.any(String), service_role_key: expect.any(String) })
      expect(await api.storageConfig(REF)).toMatchObject({ isFreeTier: false })
    } finally {
      await api.emptyBucket(REF, name)
      await api.deleteBucket(REF, name)
    }
    expect((await api.buckets(REF)).map((b) => b.id)).not.toContain(name)
  })
})

const grant = (...names: PermissionName[]): Grant[] =>
  names.map((name) => ({ actions: [PERMISSIONS[name].action], resources: [PERMISSIONS[name].resource] }))

describe('storage permissions on the server', () => {
  let dir: string
  let reader: Studio

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-storage-perm-'))
    reader = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, serveStatic: false, logger: false, grants: grant('tenantSqlAdminRead') })
    await reader.storage.buckets.create(undefined, { id: 'kept' })
  }, 120_000)
  afterAll(async () => {
    await reader?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('lets a reader list but not change buckets, objects or settings', async () => {
    const { send } = client(reader.url)
    const dash = `/platform/storage/${REF}/buckets`
    const refused = (message: string) => ({ status: 403, body: { message, code: 403 } })
    expect((await send('GET', dash)).body.map((b: { id: string }) => b.id)).toEqual(['kept'])
    expect(await send('POST', dash, { id: 'new-one' })).toEqual(refused(MSG.createBucketsPermission))
    expect(await send('PATCH', `${dash}/kept`, { public: true })).toEqual(refused(MSG.noPermission('change storage')))
    expect(await send('POST', `${dash}/kept/empty`)).toEqual(refused(MSG.noPermission('change storage')))
    expect(await send('DELETE', `${dash}/kept`)).toEqual(refused(MSG.noPermission('change storage')))
    expect(await send('DELETE', `${dash}/kept/objects`, { paths: ['a'] })).toEqual(refused(MSG.deleteFilePermission))
    expect(await send('POST', `${dash}/kept/objects/move`, { from: 'a', to: 'b' })).toEqual(refused(MSG.noPermission('change storage')))
    const upload = await fetch(`${reader.url}${dash}/kept/objects/upload?path=a.txt`, { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: 'x' })
    expect({ status: upload.status, body: await upload.json() }).toEqual(refused(MSG.uploadFilesPermission))
    expect(await send('PATCH', `/platform/projects/${REF}/config/storage`, { fileSizeLimit: 1 })).toEqual(refused(MSG.updateStorageSettingsPermission))
    expect(await send('POST', `${dash}/kept/objects/list`, { path: '' })).toEqual({ status: 200, body: [] })
    expect((await reader.db.query(`select count(*)::int as n from storage.buckets`)).rows).toEqual([{ n: 1 }])
  })

  it('shows a reader the URLs and the anon key but withholds the service key and the JWT secret', async () => {
    const { body } = await client(reader.url).send('GET', `/platform/projects/${REF}/settings`)
    expect(body).toMatchObject({ anon_key: expect.any(String), service_role_key: null, jwt_secret: null })
    expect(body.storage_url).toMatch(/\/api\/projects\/default\/storage\/v1$/)
  })
})
