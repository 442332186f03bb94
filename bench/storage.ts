/**
 * `npm run bench:storage`: the studio runs in a child process (`node --import tsx src/server/main.ts`, its
 * own data and storage directories) and this process is the client, with plain fetch and streamed bodies,
 * as storage-js would call it (raw body, service_role key). Per database: upload and download a 200 MB file
 * through the storage API beside a plain stream copy of the same file on the same disk, in the same run
 * (medians of RUNS; with curl too when installed, a client that costs little, so the server's own rate
 * shows), then page through a 10,000-object folder 200 entries at a time with the dashboard's list call
 * (per page, the median of LIST_PASSES passes). Always PGlite; PostgreSQL too when DATABASE_URL or
 * TEST_DATABASE_URL is set. Prints one JSON line per database; asserts nothing.
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
import { DEFAULT_PROJECT_REF as REF, STORAGE_FOLDER_PAGE_SIZE, STORAGE_SETTINGS_MAX_BYTES } from '../src/shared/constants'
import { quoteLiteral } from '../src/shared/sql-quote'
import type { ProjectApiSettings, StorageConfig } from '../src/shared/storage'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'

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
function serve(dir: string, databaseUrl: string | undefined): Promise<{ url: string; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: '0', HOST: '127.0.0.1', STUDIO_DATA_DIR: join(dir, 'data'), STUDIO_STORAGE_DIR: join(dir, 'storage'), STUDIO_TOKEN: BENCH_TOKEN,
  }
  delete env.DATABASE_URL
  delete env.PLATFORM_DATABASE_URL
  if (databaseUrl) env.DATABASE_URL = databaseUrl
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

async function bench(database: 'pglite' | 'postgres', databaseUrl: string | undefined, dir: string, source: string) {
  const { url, child } = await serve(dir, databaseUrl)
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
    const curl = (...args: string[]) => execFileSync('curl', ['-sSf', '-o', '/dev/null', '-H', `authorization: ${auth.authorization}`, ...args])
    const hasCurl = (() => {
      try {
        execFileSync('curl', ['--version'])
        return true
      } catch {
        return false
      }
    })()
    const curlUpload = async () => curl('-T', source, '-H', 'content-type: application/octet-stream', `${storage}/object/${bucket}/big.bin`)
    const curlDownload = async () => curl(`${storage}/object/${bucket}/big.bin`)
    await copy()
    await upload()
    await download()
    const times = { copy: [] as number[], copyFile: [] as number[], upload: [] as number[], download: [] as number[], curlUpload: [] as number[], curlDownload: [] as number[] }
    for (let i = 0; i < RUNS; i++) {
      times.copy.push(await timed(copy))
      times.copyFile.push(await timed(() => copyFile(source, join(dir, 'copyfile.bin'))))
      times.upload.push(await timed(upload))
      times.download.push(await timed(download))
      if (hasCurl) {
        times.curlUpload.push(await timed(curlUpload))
        times.curlDownload.push(await timed(curlDownload))
      }
    }
    if ((await stat(join(dir, 'download.bin'))).size !== SIZE) throw new Error('download came back short')
    const rate = (t: number[]) => SIZE / MB / median(t)

    // A folder of 10,000 objects (rows only: the listing reads none of the bytes), plus a subfolder.
    await json(`${url}/platform/pg-meta/${REF}/query`, jsonBody('POST', {
      query: `insert into storage.objects (bucket_id, name, version, metadata)
        select ${quoteLiteral(bucket)}, 'folder/file-' || lpad(g::text, 5, '0') || '.txt', gen_random_uuid()::text,
               jsonb_build_object('size', g, 'mimetype', 'text/plain')
        from generate_series(1, ${FOLDER_OBJECTS}) g;
        analyze storage.objects;`,
    }))
    const passes: number[][] = []
    let listed = 0
    for (let pass = 0; pass < LIST_PASSES; pass++) {
      const pageTimes: number[] = []
      listed = 0
      for (let offset = 0; ; offset += STORAGE_FOLDER_PAGE_SIZE) {
        const start = performance.now()
        const page = await json<unknown[]>(`${url}/platform/storage/${REF}/buckets/${bucket}/objects/list`, jsonBody('POST', {
          path: 'folder', options: { limit: STORAGE_FOLDER_PAGE_SIZE, offset, search: '', sortBy: { column: 'name', order: 'asc' } },
        }))
        pageTimes.push(performance.now() - start)
        listed += page.length
        if (page.length < STORAGE_FOLDER_PAGE_SIZE) break
      }
      passes.push(pageTimes)
    }
    const perPage = passes[0]!.map((_, i) => median(passes.map((p) => p[i]!)))

    const [copyRate, uploadRate, downloadRate] = [rate(times.copy), rate(times.upload), rate(times.download)]
    return {
      database,
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
      folderObjects: listed,
      listPages: perPage.length,
      listMsFirstPage: round(perPage[0]!),
      listMsPerPageMedian: round(median(perPage)),
      listMsLastPage: round(perPage[perPage.length - 1]!),
      listMsMax: round(Math.max(...perPage)),
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
  for (const [database, dbUrl] of targets) {
    const dir = join(root, database)
    await mkdir(dir)
    console.log(JSON.stringify(await bench(database, dbUrl, dir, source)))
    await rm(dir, { recursive: true, force: true })
  }
} finally {
  await rm(root, { recursive: true, force: true })
}
