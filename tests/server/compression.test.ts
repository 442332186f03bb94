/**
 * Compression: the build's brotli / gzip copies of the web app's files go to browsers that accept them (hashed
 * assets cached for good, the page never), JSON answers of 1 KB or more leave compressed when the request
 * accepts it and decompress to the very same answer, small ones and streams (an export) leave as they are.
 * Read over raw HTTP, so the bytes on the wire are what is checked.
 */
import { request as httpRequest } from 'node:http'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Studio } from '../../src/server/app'
import { acceptedEncoding } from '../../src/server/http/compress'
import { createApi } from '../../src/web/data/api'
import { writeCompressedCopies } from '../../vite.config'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'
import { targets } from '../support/context'
import { REF, client, unique } from './support/http'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** the bytes as they came, still encoded */
  raw: Buffer
}

function send(url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (d: Buffer) => parts.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(parts) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** The answer's bytes once its content-encoding is undone. */
function decoded(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(answer.raw)
  if (encoding === 'gzip') return gunzipSync(answer.raw)
  if (encoding === undefined) return answer.raw
  throw new Error(`unexpected content-encoding ${String(encoding)}`)
}

describe('accept-encoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br')
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip')
    expect(acceptedEncoding('BR;q=0.5')).toBe('br')
    expect(acceptedEncoding('*')).toBe('br')
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip')
    expect(acceptedEncoding('identity')).toBeUndefined()
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(acceptedEncoding(undefined)).toBeUndefined()
  })
})

describe('the built web app', () => {
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}]\n`
  const page = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<p>studio</p>'.repeat(100)}</body></html>`
  let dir: string
  let studio: Studio
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-compression-'))
    const dist = join(dir, 'dist')
    await mkdir(join(dist, 'assets'), { recursive: true })
    await writeFile(join(dist, 'index.html'), page)
    await writeFile(join(dist, 'assets/index-Ab12Cd34.js'), script)
    await writeFile(join(dist, 'assets/tiny-Ef56Gh78.js'), 'export {}\n')
    await writeCompressedCopies(dist, ['index.html', 'assets/index-Ab12Cd34.js', 'assets/tiny-Ef56Gh78.js'])
    // the static handler reads its directory when it is first imported
    process.env.STUDIO_DIST_DIR = dist
    const { startStudio } = await import('../../src/server/app')
    studio = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, 'data'), logger: false })
  })
  afterAll(async () => {
    await studio?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('writes brotli and gzip copies of files worth it, and none of a tiny one', async () => {
    const dist = join(dir, 'dist')
    expect(brotliDecompressSync(await readFile(join(dist, 'assets/index-Ab12Cd34.js.br'))).toString()).toBe(script)
    expect(gunzipSync(await readFile(join(dist, 'assets/index-Ab12Cd34.js.gz'))).toString()).toBe(script)
    await expect(readFile(join(dist, 'assets/tiny-Ef56Gh78.js.br'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('sends a hashed asset brotli-encoded to a browser that accepts it, cached for good', async () => {
    const asset = await send(`${studio.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(asset.status).toBe(200)
    expect(asset.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' })
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers.vary).toMatch(/accept-encoding/i)
    expect(asset.raw.length).toBeLessThan(script.length / 3)
    expect(decoded(asset).toString()).toBe(script)

    const gzipped = await send(`${studio.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(decoded(gzipped).toString()).toBe(script)

    const plain = await send(`${studio.url}/assets/index-Ab12Cd34.js`, {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.raw.toString()).toBe(script)
  })

  it('sends the page compressed too, but never cached, on a route of the app as on /', async () => {
    for (const path of ['/', '/project/default/sql']) {
      const answer = await send(`${studio.url}${path}`, { 'accept-encoding': 'br' })
      expect(answer.status).toBe(200)
      expect(answer.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' })
      expect(decoded(answer).toString()).toBe(page)
    }
  })
})

describe.each(targets())('JSON answers on $name', (target) => {
  const query = (sql: string, encoding?: string) =>
    send(`${target.url}/platform/pg-meta/${REF}/query`, {
      ...AUTH,
      'content-type': 'application/json',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    }, JSON.stringify({ query: sql }))
  const large = `select g as id, 'customer ' || g as name, repeat('x', 40) as pad from generate_series(1, 300) g order by g`

  it('compresses a large answer when the request accepts it; it decompresses to the same answer', async () => {
    const plain = await query(large)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.raw.length).toBeGreaterThan(10_000)
    const rows = JSON.parse(plain.raw.toString())
    expect(rows).toHaveLength(300)
    expect(rows[0]).toEqual({ id: 1, name: 'customer 1', pad: 'x'.repeat(40) })

    for (const [accepts, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const compressed = await query(large, accepts)
      expect(compressed.status).toBe(200)
      expect(compressed.headers['content-encoding']).toBe(encoding)
      expect(compressed.headers.vary).toMatch(/accept-encoding/i)
      expect(compressed.raw.length).toBeLessThan(plain.raw.length / 4)
      expect(decoded(compressed)).toEqual(plain.raw)
    }
  })

  it('leaves a small answer as it is', async () => {
    const small = await query('select 1 as one', 'gzip, deflate, br')
    expect(small.status).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.raw.toString())).toEqual([{ one: 1 }])
  })

  it('leaves a stream as it is: an export arrives as CSV, whatever the request accepts', async () => {
    const c = client(target.url)
    const table = unique('compressed_export')
    await c.sql(`create table ${table} (id int primary key, note text);
      insert into ${table} select g, repeat('n', 30) from generate_series(1, 200) g`)
    try {
      const url = createApi(target.url, AUTH).exportUrl(REF, { tableId: await c.oid(table) })
      const csv = await send(url, { ...AUTH, 'accept-encoding': 'gzip, deflate, br' })
      expect(csv.status).toBe(200)
      expect(csv.headers['content-encoding']).toBeUndefined()
      const lines = csv.raw.toString().trim().split('\n')
      expect(lines).toHaveLength(201)
      expect(lines[1]).toBe(`1,${'n'.repeat(30)}`)
    } finally {
      await c.sql(`drop table ${table}`)
    }
  })
})
