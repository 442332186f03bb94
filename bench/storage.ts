/**
 * `npm run bench:storage`: the studio runs in a child process (`node --import tsx src/server/main.ts`, its
 * own data and storage directories) and this process is the client, with plain fetch and streamed bodies,
 * as storage-js would call it (raw body, service_role key). Per database: upload and download a 200 MB file
 * through the storage API beside a plain stream copy of the same file on the same disk, in the same run
 * (medians of RUNS, interleaved; with curl too when installed, a client that costs little, so the server's
 * own rate shows). Like with like: every download, fetch or curl, writes the bytes it receives to a file on
 * the same disk, as the copy does. Then page through a 10,000-object folder 200 entries at a time with the
 * dashboard's list call, by its keyset cursor (startAfter, as the explorer pages) and by offset (as
 * storage-js pages), interleaved (per page, the median of LIST_PASSES passes); the first, middle and last
 * pages' times show whether a page's cost grows with its position. Always PGlite; PostgreSQL too when
 * DATABASE_URL or TEST_DATABASE_URL is set. Per database, twice: bytes on disk, and bytes in S3 (a local
 * s3rver on the same disk, in a process of its own; the studio configured by STORAGE_S3_*), where the same
 * file is also sent to and read from s3rver straight through the SDK (lib-storage's Upload with the
 * studio's part size, GetObject), so the studio's own cost shows beside the S3 server's. The folder listing reads metadata only, the same
 * with either store: it runs with the disk. Prints one JSON line per database and store; asserts nothing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebStream } from 'node:stream/web'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { S3Options } from '../src/server/storage/s3-config'
import { DEFAULT_PROJECT_REF as REF, STORAGE_FOLDER_PAGE_SIZE, STORAGE_SETTINGS_MAX_BYTES } from '../src/shared/constants'
import { quoteLiteral } from '../src/shared/sql-quote'
import type { ProjectApiSettings, StorageConfig, StorageItem } from '../src/shared/storage'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'
import { emptyPrefix, s3Client } from '../tests/support/s3-server'
import { spawnLocalS3 } from './support/s3-server'

const MB = 1024 * 1024
const SIZE = 200 * MB
const RUNS = 5
const LIST_PASSES = 3
const FOLDER_OBJECTS = 10_000

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return (performance.now() - start) / 1000
}

async function makeFile(path: string): Promise<void> {
  const handle = await open(path, 'w')
  const chunk = randomBytes(MB)
  for (let i = 0; i < SIZE / MB; i++) await handle.write(chunk)
  await handle.close()
}

/** The studio in a child process; resolves with its URL once it listens. */
function serve(dir: string, databaseUrl: string | undefined, s3: S3Options | undefined): Promise<{ url: string; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: '0', HOST: '127.0.0.1', STUDIO_DATA_DIR: join(dir, 'data'), STUDIO_STORAGE_DIR: join(dir, 'storage'), STUDIO_TOKEN: BENCH_TOKEN,
  }
  delete env.DATABASE_URL
  delete env.PLATFORM_DATABASE_URL
  for (const name of Object.keys(env)) if (name.startsWith('STORAGE_S3_')) delete env[name]
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  if (s3) {
    Object.assign(env, {
      STORAGE_S3_BUCKET: s3.bucket, STORAGE_S3_ENDPOINT: s3.endpoint, STORAGE_S3_REGION: s3.region,
      STORAGE_S3_ACCESS_KEY_ID: s3.accessKeyId, STORAGE_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    })
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /Studio running at (\S+)/.exec(out)
      if (m) resolve({ url: m[1]!, child })
    })
    child.on('exit', (code) => reject(new Error(`studio exited with ${code}: ${out}`)))
  })
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init)
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A dashboard call's body, sent as a script does: with the automation token. */
const jsonBody = (method: string, body: unknown): RequestInit => ({ method, headers: { ...BENCH_AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function bench(database: 'pglite' | 'postgres', databaseUrl: string | undefined, dir: string, source: string, s3?: S3Options) {
  const { url, child } = await serve(dir, databaseUrl, s3)
  const bucket = `bench-${Math.random().toString(36).slice(2, 8)}`
  const configUrl = `${url}/platform/projects/${REF}/config/storage`
  let previous: StorageConfig | undefined
  let storage = ''
  let auth: Record<string, string> = {}
  try {
    const s = await json<ProjectApiSettings>(`${url}/platform/projects/${REF}/settings`, { headers: BENCH_AUTH })
    storage = s.storage_url
    const key = s.service_role_key ?? ''
    auth = { authorization: `Bearer ${key}`, apikey: key }
    previous = await json<StorageConfig>(configUrl, { headers: BENCH_AUTH })
    await json(configUrl, jsonBody('PATCH', { fileSizeLimit: STORAGE_SETTINGS_MAX_BYTES }))
    await json(`${storage}/bucket`, { ...jsonBody('POST', { id: bucket, name: bucket, public: false, file_size_limit: null }), headers: { ...auth, 'content-type': 'application/json' } })

    const copy = () => pipeline(createReadStream(source, { highWaterMark: MB }), createWriteStream(join(dir, 'copy.bin')))
    const upload = async () => {
      const res = await fetch(`${storage}/object/${bucket}/big.bin`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(SIZE) },
        body: Readable.toWeb(createReadStream(source, { highWaterMark: MB })) as ReadableStream,
        duplex: 'half',
      } as RequestInit)
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`)
      await res.arrayBuffer()
    }
    const download = async () => {
      const res = await fetch(`${storage}/object/${bucket}/big.bin`, { headers: auth })
      if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status}`)
      await pipeline(Readable.fromWeb(res.body as WebStream), createWriteStream(join(dir, 'download.bin')))
    }
    // The same calls with curl, when installed: a client that costs little, so the server's own rate shows.
    const curl = (out: string, ...args: string[]) => execFileSync('curl', ['-sSf', '-o', out, '-H', `authorization: ${auth.authorization}`, ...args])
    const hasCurl = (() => {
      try {
        execFileSync('curl', ['--version'])
        return true
      } catch {
        return false
      }
    })()
    // The upload's answer is a few bytes of JSON; the download's bytes go to disk.
    const curlUpload = async () => curl('/dev/null', '-T', source, '-H', 'content-type: application/octet-stream', `${storage}/object/${bucket}/big.bin`)
    const curlDownload = async () => curl(join(dir, 'curl-download.bin'), `${storage}/object/${bucket}/big.bin`)
    // With S3: the same file to and from s3rver straight through the SDK, as the studio sends it (same part size).
    const client = s3 && s3Client(s3)
    const directKey = 'bench/direct.bin'
    const s3Upload = async () => {
      await new Upload({ client: client!, params: { Bucket: s3!.bucket, Key: directKey, Body: createReadStream(source, { highWaterMark: MB }) }, partSize: 8 * MB, queueSize: 4 }).done()
    }
    const s3Download = async () => {
      const res = await client!.send(new GetObjectCommand({ Bucket: s3!.bucket, Key: directKey }))
      await pipeline(res.Body as Readable, createWriteStream(join(dir, 's3-download.bin')))
    }
    await copy()
    await upload()
    await download()
    if (s3) {
      await s3Upload()
      await s3Download()
    }
    const times = {
      copy: [] as number[], copyFile: [] as number[], upload: [] as number[], download: [] as number[], curlUpload: [] as number[], curlDownload: [] as number[],
      s3Upload: [] as number[], s3Download: [] as number[],
    }
    for (let i = 0; i < RUNS; i++) {
      times.copy.push(await timed(copy))
      times.copyFile.push(await timed(() => copyFile(source, join(dir, 'copyfile.bin'))))
      times.upload.push(await timed(upload))
      times.download.push(await timed(download))
      if (hasCurl) {
        times.curlUpload.push(await timed(curlUpload))
        times.curlDownload.push(await timed(curlDownload))
      }
      if (s3) {
        times.s3Upload.push(await timed(s3Upload))
        times.s3Download.push(await timed(s3Download))
      }
    }
    for (const file of ['download.bin', ...(hasCurl ? ['curl-download.bin'] : []), ...(s3 ? ['s3-download.bin'] : [])]) {
      if ((await stat(join(dir, file))).size !== SIZE) throw new Error(`${file} came back short`)
    }
    if (s3) await emptyPrefix(client!, s3.bucket, 'bench/')
    const rate = (t: number[]) => SIZE / MB / median(t)
    const [copyRate, uploadRate, downloadRate] = [rate(times.copy), rate(times.upload), rate(times.download)]
    const transfer = {
      database,
      store: s3 ? 's3' : 'disk',
      fileMB: SIZE / MB,
      runs: RUNS,
      copyMBps: round(copyRate),
      copyFileMBps: round(rate(times.copyFile)),
      uploadMBps: round(uploadRate),
      downloadMBps: round(downloadRate),
      uploadVsCopy: round(uploadRate / copyRate, 2),
      downloadVsCopy: round(downloadRate / copyRate, 2),
      ...(hasCurl ? {
        curlUploadVsCopy: round(rate(times.curlUpload) / copyRate, 2),
        curlDownloadVsCopy: round(rate(times.curlDownload) / copyRate, 2),
      } : {}),
      ...(s3 ? {
        s3DirectUploadMBps: round(rate(times.s3Upload)),
        s3DirectDownloadMBps: round(rate(times.s3Download)),
        uploadVsS3Direct: round(uploadRate / rate(times.s3Upload), 2),
        downloadVsS3Direct: round(downloadRate / rate(times.s3Download), 2),
      } : {}),
    }
    if (s3) return transfer

    // A folder of 10,000 objects (rows only: the listing reads none of the bytes), plus a subfolder.
    await json(`${url}/platform/pg-meta/${REF}/query`, jsonBody('POST', {
      query: `insert into storage.objects (bucket_id, name, version, metadata)
        select ${quoteLiteral(bucket)}, 'folder/file-' || lpad(g::text, 5, '0') || '.txt', gen_random_uuid()::text,
               jsonb_build_object('size', g, 'mimetype', 'text/plain')
        from generate_series(1, ${FOLDER_OBJECTS}) g;
        analyze storage.objects;`,
    }))
    const [counted] = await json<{ count: number }[]>(`${url}/platform/pg-meta/${REF}/query`, jsonBody('POST', {
      query: `select count(*)::int as count from storage.objects where bucket_id = ${quoteLiteral(bucket)} and name like 'folder/%'`,
    }))
    /** One pass over the folder's pages: each page's time, and how many entries came back. */
    const list = (path: string, options: object) =>
      json<StorageItem[]>(`${url}/platform/storage/${REF}/buckets/${bucket}/objects/list`, jsonBody('POST', {
        path, options: { limit: STORAGE_FOLDER_PAGE_SIZE, search: '', sortBy: { column: 'name', order: 'asc' }, ...options },
      }))
    const listPass = async (keyset: boolean) => {
      const pageTimes: number[] = []
      let listed = 0
      let last: StorageItem | undefined
      for (let offset = 0; ; offset += STORAGE_FOLDER_PAGE_SIZE) {
        const startAfter = keyset && last ? { startAfter: { name: last.name, type: last.type } } : {}
        const start = performance.now()
        const page = await list('folder', { offset, ...startAfter })
        if (page.length) pageTimes.push(performance.now() - start)
        listed += page.length
        last = page.at(-1)
        if (page.length < STORAGE_FOLDER_PAGE_SIZE) break
      }
      return { pageTimes, listed }
    }
    // Per pass: an empty folder's listing (the call's fixed cost), then the folder by cursor and by offset.
    const passes = { keyset: [] as number[][], offset: [] as number[][], empty: [] as number[] }
    let listed = { keyset: 0, offset: 0 }
    for (let pass = 0; pass < LIST_PASSES; pass++) {
      passes.empty.push(await timed(() => list('nothing-here', { offset: 0 })) * 1000)
      for (const mode of ['keyset', 'offset'] as const) {
        const { pageTimes, listed: n } = await listPass(mode === 'keyset')
        passes[mode].push(pageTimes)
        listed = { ...listed, [mode]: n }
      }
    }
    /** Times of the pages with entries (a final empty page left out): the first, the middle and the last. */
    const pages = (mode: 'keyset' | 'offset') => {
      const perPage = passes[mode][0]!.map((_, i) => median(passes[mode].map((p) => p[i]!)))
      return {
        listed: listed[mode],
        pages: perPage.length,
        msFirst: round(perPage[0]!),
        msMiddle: round(perPage[Math.floor(perPage.length / 2)]!),
        msLast: round(perPage[perPage.length - 1]!),
        msMedian: round(median(perPage)),
        msMax: round(Math.max(...perPage)),
      }
    }

    return {
      ...transfer,
      folderObjects: counted?.count,
      listMsEmptyFolder: round(median(passes.empty)),
      listKeyset: pages('keyset'),
      listOffset: pages('offset'),
    }
  } finally {
    if (storage) {
      const h = { ...auth, 'content-type': 'application/json' }
      await fetch(`${storage}/bucket/${bucket}/empty`, { method: 'POST', headers: h, body: '{}' }).catch(() => undefined)
      await fetch(`${storage}/bucket/${bucket}`, { method: 'DELETE', headers: h, body: '{}' }).catch(() => undefined)
    }
    if (previous) await fetch(configUrl, jsonBody('PATCH', { fileSizeLimit: previous.fileSizeLimit })).catch(() => undefined)
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

const root = await mkdtemp(join(tmpdir(), 'studio-bench-storage-'))
try {
  const source = join(root, 'source.bin')
  await makeFile(source)
  const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
  const targets: ['pglite' | 'postgres', string | undefined][] = [['pglite', undefined]]
  if (databaseUrl) targets.push(['postgres', databaseUrl])
  // the local S3 server, on the same disk as everything else, in a process of its own
  const local = await spawnLocalS3(join(root, 's3rver'), ['bench-bytes'])
  try {
    for (const [database, dbUrl] of targets) {
      for (const store of ['disk', 's3'] as const) {
        const dir = join(root, `${database}-${store}`)
        await mkdir(dir)
        console.log(JSON.stringify(await bench(database, dbUrl, dir, source, store === 's3' ? local.options('bench-bytes') : undefined)))
        await rm(dir, { recursive: true, force: true })
      }
    }
  } finally {
    await local.close()
  }
} finally {
  await rm(root, { recursive: true, force: true })
}
