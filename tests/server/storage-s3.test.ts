/**
 * Object bytes in an S3-compatible bucket (the local s3rver of global-setup): uploads streamed in parts,
 * ranged reads, moves and copies by server-side copy, and nothing kept (no object, no multipart upload) of
 * an upload refused mid-stream or cut off; the start-up sweep aborts only stale multipart uploads; two
 * studios (two processes: one here, one `node src/server/main.ts`) on one PostgreSQL database and one
 * bucket serve the same project; a configuration that cannot work stops the start with what to change.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AbortMultipartUploadCommand, CreateBucketCommand, CreateMultipartUploadCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { StorageClient } from '@supabase/storage-js'
import { startStudio, type Studio, type StudioOptions } from '../../src/server/app'
import { checkS3Options, s3OptionsFromEnv } from '../../src/server/storage/s3-config'
import { S3ObjectStore } from '../../src/server/storage/s3-store'
import { createApi } from '../../src/web/data/api'
import { AUTH, TEST_AUTH_OPTIONS, TEST_PASSWORD, TEST_TOKEN } from '../support/auth'
import type { Target } from '../support/global-setup'
import { listKeys, listUploads, s3Client } from '../support/s3-server'
import { REF } from './support/http'
import { appHeaders, signIn } from './support/session'
import { bucketFiles, bucketName, settings, storageClient, type Keys } from './support/storage'

const MB = 1024 * 1024
const hex = (id: string) => Buffer.from(id).toString('hex')
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

interface HeldUpload {
  /** sends the rest of the body; the studio's answer */
  finish(): Promise<{ status: number; body: string }>
  /** goes away mid-body */
  cut(): void
}

/** A raw upload of `body` whose first `first` bytes are sent now and the rest when asked. */
function heldUpload(url: string, path: string, headers: Record<string, string>, body: Buffer, first: number): Promise<HeldUpload> {
  const { hostname, port } = new URL(url)
  return new Promise((resolveHeld) => {
    let answer: (r: { status: number; body: string }) => void
    let fail: (e: Error) => void
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => ((answer = resolve), (fail = reject)))
    answered.catch(() => undefined)
    const req = httpRequest({ hostname, port, method: 'POST', path, headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => answer({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', (e) => fail(e))
    req.write(body.subarray(0, first), () =>
      resolveHeld({
        finish: () => {
          req.end(body.subarray(first))
          return answered
        },
        cut: () => req.destroy(),
      }))
  })
}

describe.each(inject('s3Targets') ?? [])('S3 object store on $name', (target: Target) => {
  const bucket = bucketName('s3')
  const other = bucketName('s3b')
  const client = s3Client(target.s3!)
  const partSize = target.s3!.partSize!
  const keysOf = (b: string) => listKeys(client, target.s3!.bucket, `objects/${hex(b)}/`)
  const uploadsOf = (b: string) => listUploads(client, target.s3!.bucket, `objects/${hex(b)}/`)
  const apiPath = (rest: string) => `/api/projects/${REF}/storage/v1${rest}`
  let s: Keys
  let service: StorageClient
  let auth: Record<string, string>

  beforeAll(async () => {
    s = await settings(target.url)
    service = storageClient(s, s.service_role_key)
    auth = { authorization: `Bearer ${s.service_role_key}`, 'content-type': 'application/octet-stream' }
    for (const b of [bucket, other]) expect((await service.createBucket(b)).error).toBeNull()
  })
  afterAll(async () => {
    for (const b of [bucket, other]) {
      await service.emptyBucket(b)
      await service.deleteBucket(b)
    }
  })

  it('streams an upload bigger than one part as a multipart upload, under way before the body has all come', async () => {
    const body = randomBytes(2 * partSize + 123)
    const held = await heldUpload(target.url, apiPath(`/object/${bucket}/big.bin`), auth, body, partSize + MB)
    // a part is sent while the client is still sending: the upload streams
    await expect.poll(() => uploadsOf(bucket), { timeout: 10_000 }).toHaveLength(1)
    expect(await keysOf(bucket)).toEqual([])
    expect(await held.finish()).toMatchObject({ status: 200 })
    expect(await uploadsOf(bucket)).toEqual([])
    const [version] = await bucketFiles(target, bucket)
    const head = await client.send(new HeadObjectCommand({ Bucket: target.s3!.bucket, Key: `objects/${hex(bucket)}/${version}` }))
    expect(head.ContentLength).toBe(body.length)
    const { data } = await service.from(bucket).download('big.bin')
    expect(sha(new Uint8Array(await data!.arrayBuffer()))).toBe(sha(body))
  })

  it('reads a byte range from S3, across a part boundary, and the end of the object', async () => {
    const body = randomBytes(partSize + 10)
    expect((await service.from(bucket).upload('range.bin', body, { contentType: 'application/octet-stream' })).error).toBeNull()
    const url = `${target.url}${apiPath(`/object/${bucket}/range.bin`)}`
    const res = await fetch(url, { headers: { ...auth, range: `bytes=${partSize - 4}-${partSize + 3}` } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes ${partSize - 4}-${partSize + 3}/${body.length}`)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body.subarray(partSize - 4, partSize + 4))
    const tail = await fetch(url, { headers: { ...auth, range: 'bytes=-5' } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(body.subarray(body.length - 5))
  })

  it('moves and copies between buckets by server-side copy, keeping one set of bytes per object', async () => {
    const earlier = new Set(await bucketFiles(target, bucket))
    expect((await service.from(bucket).upload('move/me.txt', 'moving bytes', { contentType: 'text/plain' })).error).toBeNull()
    const version = (await bucketFiles(target, bucket)).find((v) => !earlier.has(v))
    expect((await service.from(bucket).move('move/me.txt', 'moved.txt', { destinationBucket: other })).error).toBeNull()
    // the version keeps its id, its bytes copied to the other bucket's keys and gone from the first's
    const moved = await bucketFiles(target, other)
    expect(moved).toEqual([version])
    expect(await bucketFiles(target, bucket)).not.toContain(version)
    expect(await (await service.from(other).download('moved.txt')).data?.text()).toBe('moving bytes')

    expect((await service.from(other).copy('moved.txt', 'copied.txt', { destinationBucket: bucket })).error).toBeNull()
    expect(await (await service.from(bucket).download('copied.txt')).data?.text()).toBe('moving bytes')
    expect(await bucketFiles(target, other)).toEqual(moved)
    // renaming in a bucket moves no byte
    expect((await service.from(other).move('moved.txt', 'renamed.txt')).error).toBeNull()
    expect(await bucketFiles(target, other)).toEqual(moved)
    expect((await service.from(other).remove(['renamed.txt'])).error).toBeNull()
    expect(await bucketFiles(target, other)).toEqual([])
  })

  it('refuses an upload past the size limit mid-stream, keeping no object and no multipart upload', async () => {
    const limited = bucketName('s3lim')
    expect((await service.createBucket(limited, { public: false, fileSizeLimit: partSize + MB })).error).toBeNull()
    try {
      // no declared length: the limit is found while streaming, after a first part has gone to S3
      const res = await fetch(`${target.url}${apiPath(`/object/${limited}/too-big.bin`)}`, {
        method: 'POST',
        headers: { authorization: auth.authorization!, 'content-type': 'application/octet-stream' },
        body: new Blob([randomBytes(partSize * 2)]).stream(),
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(413)
      // the rest of the body is not read: the connection is not reused (the calls below get fresh ones)
      expect(res.headers.get('connection')).toBe('close')
      expect(await keysOf(limited)).toEqual([])
      expect(await uploadsOf(limited)).toEqual([])
      expect((await service.from(limited).list()).data).toEqual([])
    } finally {
      await service.deleteBucket(limited)
    }
  })

  it('keeps no object and no multipart upload of an upload cut off after its first part', async () => {
    const before = await bucketFiles(target, bucket)
    const held = await heldUpload(target.url, apiPath(`/object/${bucket}/cut.bin`), auth, randomBytes(3 * partSize), partSize + MB)
    await expect.poll(() => uploadsOf(bucket), { timeout: 10_000 }).toHaveLength(1)
    held.cut()
    await expect.poll(() => uploadsOf(bucket), { timeout: 10_000 }).toEqual([])
    expect(await service.from(bucket).exists('cut.bin')).toMatchObject({ data: false })
    expect(await bucketFiles(target, bucket)).toEqual(before)
  })

  it('aborts at start only multipart uploads a day old, never one under way', async () => {
    const own = `sweep-${randomUUID().slice(0, 8)}`
    await client.send(new CreateBucketCommand({ Bucket: own }))
    const store = new S3ObjectStore({ ...target.s3!, bucket: own })
    try {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: own, Key: `objects/${hex('b')}/${randomUUID()}` }))
      // someone else's key in the bucket: not the studio's to abort
      const foreign = await client.send(new CreateMultipartUploadCommand({ Bucket: own, Key: 'elsewhere/file' }))
      expect(await store.sweep()).toBe(0)
      expect(await listUploads(client, own)).toHaveLength(2)
      expect(await store.sweep(Date.now() + 25 * 3600 * 1000)).toBe(1)
      expect(await listUploads(client, own)).toEqual(['elsewhere/file'])
      expect(UploadId).toBeTruthy()
      await client.send(new AbortMultipartUploadCommand({ Bucket: own, Key: 'elsewhere/file', UploadId: foreign.UploadId }))
    } finally {
      await store.close()
    }
  })
})

describe('S3 configuration', () => {
  const s3 = inject('s3')
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-s3-config-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reads STORAGE_S3_* from the environment, path-style by default with an endpoint', () => {
    expect(s3OptionsFromEnv({ PATH: '/bin' })).toBeUndefined()
    const env = {
      STORAGE_S3_BUCKET: 'bytes', STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000', STORAGE_S3_REGION: 'eu-west-1',
      STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    }
    expect(checkS3Options(s3OptionsFromEnv(env)!)).toMatchObject({ bucket: 'bytes', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true })
    expect(checkS3Options(s3OptionsFromEnv({ ...env, STORAGE_S3_FORCE_PATH_STYLE: 'false' })!)).toMatchObject({ forcePathStyle: false })
    expect(checkS3Options(s3OptionsFromEnv({ ...env, STORAGE_S3_ENDPOINT: '' })!)).toMatchObject({ forcePathStyle: false, region: 'eu-west-1' })
    expect(() => s3OptionsFromEnv({ ...env, STORAGE_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('STORAGE_S3_FORCE_PATH_STYLE must be true or false, not "maybe"')
  })

  it('refuses to start with a bucket but no credentials, a bad name or endpoint, or no bucket at all', async () => {
    const start = (options: StudioOptions['s3']) =>
      startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, 'data'), serveStatic: false, logger: false, s3: options })
    await expect(start({ bucket: 'bytes' })).rejects.toThrow(
      'studio: STORAGE_S3_BUCKET is set but STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY are not: the studio needs the bucket\'s credentials to keep object bytes in S3',
    )
    await expect(start({ bucket: 'bytes', accessKeyId: 'id' })).rejects.toThrow('STORAGE_S3_SECRET_ACCESS_KEY is not')
    await expect(start({ bucket: 'b', accessKeyId: 'id', secretAccessKey: 'x' })).rejects.toThrow('STORAGE_S3_BUCKET "b" is not an S3 bucket name')
    await expect(start({ bucket: 'bytes', accessKeyId: 'id', secretAccessKey: 'x', endpoint: 'ftp://x' })).rejects.toThrow('STORAGE_S3_ENDPOINT "ftp://x" is not an http:// or https:// URL')
    await expect(start({ endpoint: 'http://127.0.0.1:9000', accessKeyId: 'id' })).rejects.toThrow(
      'studio: STORAGE_S3_ENDPOINT, STORAGE_S3_ACCESS_KEY_ID are set but STORAGE_S3_BUCKET is not',
    )
  })

  it('refuses to start when the bucket does not answer: no server, unknown credentials, no such bucket', async () => {
    expect(s3).not.toBeNull()
    const start = (options: StudioOptions['s3']) =>
      startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, 'data'), serveStatic: false, logger: false, s3: options })
    await expect(start({ ...s3!.options, endpoint: 'http://127.0.0.1:1' })).rejects.toThrow(
      /^studio: cannot reach S3 at http:\/\/127\.0\.0\.1:1 \(STORAGE_S3_ENDPOINT\) for bucket "studio-test": .*ECONNREFUSED/,
    )
    await expect(start({ ...s3!.options, accessKeyId: 'NOT-A-KEY' })).rejects.toThrow(
      `studio: S3 at ${s3!.endpoint} refused the credentials for bucket "studio-test" (403): check STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY`,
    )
    await expect(start({ ...s3!.options, bucket: 'no-such-bucket' })).rejects.toThrow(`studio: the S3 bucket "no-such-bucket" does not exist at ${s3!.endpoint}: create it first`)
    // each refusal let go of the port and the data directory: a good configuration starts there now
    // (its database is not opened by this test: the start is refused before, so this stays quick)
  })

  it('`npm start` prints the reason and exits 1 on a bucket without credentials', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', STUDIO_DATA_DIR: join(dir, 'main'), STORAGE_S3_BUCKET: 'bytes', STORAGE_S3_ENDPOINT: s3?.endpoint ?? 'http://127.0.0.1:1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr.trim()).toBe('studio: STORAGE_S3_BUCKET is set but STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY are not: the studio needs the bucket\'s credentials to keep object bytes in S3')
  })
})

/** `node src/server/main.ts` with `env`; resolves once it listens. */
function serve(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /Studio running at (\S+)/.exec(out)
      if (m) resolve({ url: m[1]!, child, stderr: () => err })
    })
    child.on('exit', (code) => reject(new Error(`studio exited with ${code}: ${out}${err}`)))
  })
}

const databaseUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!databaseUrl || !inject('s3'))('two studio processes on one PostgreSQL database and one S3 bucket', () => {
  const s3 = inject('s3')!
  const s3Bucket = `two-${randomUUID().slice(0, 8)}`
  const dbName = `studio_two_${Math.random().toString(36).slice(2, 10)}`
  let dir: string
  let url: string
  let a: Studio
  let b: Awaited<ReturnType<typeof serve>> | undefined
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    try {
      await c.query(sql)
    } finally {
      await c.end()
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-two-'))
    await admin(`create database ${dbName}`)
    const u = new URL(databaseUrl!)
    u.pathname = `/${dbName}`
    url = u.toString()
    await s3Client(s3.options).send(new CreateBucketCommand({ Bucket: s3Bucket }))
    a = await startStudio({
      ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, 'a'), databaseUrl: url, serveStatic: false, logger: false,
      s3: { ...s3.options, bucket: s3Bucket }, stallTimeoutMs: 120_000,
    })
  }, 60_000)
  afterAll(async () => {
    if (b) {
      const exited = new Promise((r) => b!.child.once('exit', r))
      b.child.kill('SIGTERM')
      await exited
    }
    await a?.close()
    await admin(`drop database if exists ${dbName} with (force)`)
    await rm(dir, { recursive: true, force: true })
  })

  it('serves one project from both: uploads under way on one survive the other\'s start; list, download, sign, delete anywhere', async () => {
    const keysA = await settings(a.url)
    const onA = storageClient(keysA, keysA.service_role_key)
    const bucket = bucketName('two')
    expect((await onA.createBucket(bucket)).error).toBeNull()
    const { partSize } = checkS3Options(s3.options)

    // an upload on A, one part already in S3, while B starts (and sweeps the bucket's unfinished uploads)
    const body = randomBytes(partSize + 2 * MB)
    const held = await heldUpload(a.url, `/api/projects/${REF}/storage/v1/object/${bucket}/shared.bin`,
      { authorization: `Bearer ${keysA.service_role_key}`, 'content-type': 'application/octet-stream' }, body, partSize + MB)
    const s3c = s3Client(s3.options)
    await expect.poll(() => listUploads(s3c, s3Bucket), { timeout: 10_000 }).toHaveLength(1)
    b = await serve({
      ...process.env, PORT: '0', HOST: '127.0.0.1', STUDIO_DATA_DIR: join(dir, 'b'), DATABASE_URL: url, PLATFORM_DATABASE_URL: '',
      STUDIO_TOKEN: TEST_TOKEN, STUDIO_PASSWORD: TEST_PASSWORD, STUDIO_STORAGE_DIR: '',
      STORAGE_S3_BUCKET: s3Bucket, STORAGE_S3_ENDPOINT: s3.endpoint, STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: s3.options.accessKeyId, STORAGE_S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
    })
    expect(await held.finish()).toMatchObject({ status: 200 })

    // the same keys (the platform store is the shared database's _studio schema)
    const keysB = await settings(b.url)
    expect(keysB.service_role_key).toBe(keysA.service_role_key)
    const onB = storageClient(keysB, keysB.service_role_key)
    expect((await onB.from(bucket).list()).data?.map((o) => o.name)).toEqual(['shared.bin'])
    const got = await onB.from(bucket).download('shared.bin')
    expect(sha(new Uint8Array(await got.data!.arrayBuffer()))).toBe(sha(body))
    const signed = await onA.from(bucket).createSignedUrl('shared.bin', 60)
    const onBUrl = signed.data!.signedUrl.replace(a.url, b.url)
    expect((await fetch(onBUrl)).status).toBe(200)

    expect((await onB.from(bucket).remove(['shared.bin'])).error).toBeNull()
    expect((await onA.from(bucket).list()).data).toEqual([])
    expect(await listKeys(s3c, s3Bucket)).toEqual([])
    expect(await listUploads(s3c, s3Bucket)).toEqual([])
    expect((await onA.deleteBucket(bucket)).error).toBeNull()
    // B's start printed no warning (the AWS SDK's Node version notice is silenced, nothing else)
    expect(b.stderr()).not.toMatch(/NodeVersionSupportWarning/)
  }, 60_000)

  it('opens on one studio an SQL result download link made on the other, once', async () => {
    const apiA = createApi(a.url, AUTH)
    const { token } = await apiA.prepareResultDownload(REF, { query: 'select g as n from generate_series(1, 3) g', format: 'csv' })
    const onB = await fetch(createApi(b!.url, AUTH).resultDownloadUrl(REF, token), { headers: AUTH })
    expect(onB.status).toBe(200)
    expect(await onB.text()).toBe('n\r\n1\r\n2\r\n3\r\n')
    const again = await fetch(apiA.resultDownloadUrl(REF, token), { headers: AUTH })
    expect(again.status).toBe(404)
  })

  it('keeps a session signed in on one studio good on the other, and ended on both by a sign-out', async () => {
    const cookie = await signIn(a.url)
    const me = (u: string) => fetch(`${u}/platform/profile`, { headers: appHeaders(u, cookie) })
    expect((await me(b!.url)).status).toBe(200)
    const out = await fetch(`${b!.url}/platform/sign-out`, { method: 'POST', headers: appHeaders(b!.url, cookie) })
    expect(out.status).toBe(200)
    // A may have remembered the session for a few seconds; then it is gone there too
    await expect.poll(async () => (await me(a.url)).status, { timeout: 10_000, interval: 500 }).toBe(401)
  })
})
