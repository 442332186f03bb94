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
 * DATABASE_URL or TEST_DATABASE_URL is set. Prints one JSON line per database; asserts nothing.
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
import type { ProjectApiSettings, StorageConfig, StorageItem } from '../src/shared/storage'
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
    for (const file of ['download.bin', ...(hasCurl ? ['curl-download.bin'] : [])]) {
      if ((await stat(join(dir, file))).size !== SIZE) throw new Error(`${file} came back short`)
    }
    const rate = (t: number[]) => SIZE / MB / median(t)

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
  for (const [database, dbUrl] of targets) {
    const dir = join(root, database)
    await mkdir(dir)
    console.log(JSON.stringify(await bench(database, dbUrl, dir, source)))
    await rm(dir, { recursive: true, force: true })
  }
} finally {
  await rm(root, { recursive: true, force: true })
}
