/**
 * Hardening after the security review: deeply nested JSON is a 400 (not a stack overflow), object keys with
 * bidi or invisible characters are refused, `authenticator` cannot log in without a password, and the disk
 * store sweeps abandoned uploads and keeps its files private.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile, chmod } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap } from '../../src/server/db/bootstrap'
import { openPostgres } from '../../src/server/db/postgres'
import { installJsonParser } from '../../src/server/json-body'
import { DiskObjectStore } from '../../src/server/storage/disk-store'
import { JSON_MAX_DEPTH } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { createApi } from '../../src/web/data/api'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { openTestDrivers, type TestDrivers } from './support/drivers'
import { REF } from './support/http'
import { bucketFiles, bucketName } from './support/storage'

const arrays = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth)
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

describe('JSON bodies', () => {
  let ours: FastifyInstance
  let fastifys: FastifyInstance
  const build = (install: boolean) => {
    const app = Fastify({ bodyLimit: 1 << 20 })
    if (install) installJsonParser(app)
    app.post('/echo', async (req) => ({ body: req.body }))
    app.post('/small', { bodyLimit: 100 }, async (req) => ({ body: req.body }))
    return app
  }
  const post = (app: FastifyInstance, payload: string, url = '/echo', contentType = 'application/json') =>
    app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload })
  const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as unknown })
  const tooDeep = { statusCode: 400, error: 'Bad Request', message: MSG.jsonTooDeep(JSON_MAX_DEPTH) }

  beforeAll(async () => {
    ours = build(true)
    fastifys = build(false)
    await Promise.all([ours.ready(), fastifys.ready()])
  })
  afterAll(() => Promise.all([ours.close(), fastifys.close()]))

  it('refuses 200,000 nested arrays with 400, not a stack overflow', async () => {
    const res = await post(ours, arrays(200_000))
    expect(answer(res)).toEqual({ status: 400, body: tooDeep })
    // what Fastify's own parser does with it: the echo overflows the stack
    expect((await post(fastifys, arrays(200_000))).statusCode).toBe(500)
  })

  it('refuses deeply nested objects, and mixed nesting, with 400', async () => {
    expect(answer(await post(ours, objects(100_000)))).toEqual({ status: 400, body: tooDeep })
    const mixed = '[{"a":'.repeat(JSON_MAX_DEPTH) + '1' + '}]'.repeat(JSON_MAX_DEPTH)
    expect(answer(await post(ours, mixed))).toEqual({ status: 400, body: tooDeep })
  })

  it('accepts exactly JSON_MAX_DEPTH levels and refuses one more', async () => {
    const atLimit = await post(ours, arrays(JSON_MAX_DEPTH, '1'))
    expect(atLimit.statusCode).toBe(200)
    expect(atLimit.json()).toEqual({ body: JSON.parse(arrays(JSON_MAX_DEPTH, '1')) })
    expect(answer(await post(ours, objects(JSON_MAX_DEPTH)))).toMatchObject({ status: 200 })
    expect(answer(await post(ours, arrays(JSON_MAX_DEPTH + 1)))).toEqual({ status: 400, body: tooDeep })
    expect(answer(await post(ours, objects(JSON_MAX_DEPTH + 1)))).toEqual({ status: 400, body: tooDeep })
  })

  it('does not count brackets inside strings, and reads escapes right', async () => {
    const brackets = '['.repeat(100_000) + '{'.repeat(1000)
    const inString = JSON.stringify({ s: brackets, t: 'a\\"[[[', u: '\\' })
    expect(answer(await post(ours, inString))).toEqual({ status: 200, body: { body: JSON.parse(inString) } })
    // an escaped quote does not end the string: the brackets after it are still inside it
    const escapedQuote = JSON.stringify(['x"' + '['.repeat(JSON_MAX_DEPTH * 2)])
    expect(answer(await post(ours, escapedQuote))).toEqual({ status: 200, body: { body: JSON.parse(escapedQuote) } })
    // an escaped backslash does end it: the nesting after it counts
    const afterBackslash = `["\\\\", ${arrays(JSON_MAX_DEPTH)}]`
    expect(answer(await post(ours, afterBackslash))).toEqual({ status: 400, body: tooDeep })
  })

  it("answers every other body as Fastify's default parser does (a refused one's message says why)", async () => {
    const bodies: [string, string, string?][] = [
      ['normal object', JSON.stringify({ a: 1, b: [true, null, 'x'], c: { d: 'é 😀 [' } })],
      ['scalar', '42'],
      ['string', '"text"'],
      ['with charset', '{"a":1}', 'application/json; charset=utf-8'],
      ['empty', ''],
      ['malformed', '{bad'],
      ['truncated', '[[1,2]'],
      ['__proto__', '{"__proto__":{"admin":true}}'],
      ['nested __proto__', '{"a":[{"__proto__":{"admin":true}}]}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
      ['constructor without prototype', '{"constructor":{"name":"x"}}'],
      ['over the body limit', JSON.stringify({ s: 'x'.repeat(1 << 20) })],
    ]
    for (const [name, payload, type] of bodies) {
      const [a, b] = await Promise.all([post(ours, payload, '/echo', type), post(fastifys, payload, '/echo', type)])
      const refused = (b.json() as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY'
      const same = (res: LightMyRequestResponse) => (refused ? { status: res.statusCode, code: (res.json() as { code?: string }).code } : answer(res))
      expect(same(a), name).toEqual(same(b))
      if (refused) expect((a.json() as { message: string }).message, name).toMatch(/"__proto__" keys|"constructor" key|^The body is not valid JSON: /)
    }
    for (const [name, payload] of [['route limit', JSON.stringify({ s: 'x'.repeat(200) })], ['under it', '{"a":1}']]) {
      const [a, b] = await Promise.all([post(ours, payload!, '/small'), post(fastifys, payload!, '/small')])
      expect(answer(a), name).toEqual(answer(b))
    }
  })

  it('refuses prototype poisoning with 400 and passes normal bodies through unchanged', async () => {
    expect((await post(ours, '{"__proto__":{"admin":true}}')).statusCode).toBe(400)
    expect((await post(ours, '{"constructor":{"prototype":{"admin":true}}}')).statusCode).toBe(400)
    expect((await post(ours, '')).json()).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' })
    expect((await post(ours, '{bad')).json()).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' })
    expect((await post(ours, JSON.stringify({ s: 'x'.repeat(1 << 20) }))).statusCode).toBe(413)
    const body = { id: 7, name: 'a "quoted" [name]', tags: ['x', 'y'], nested: { deep: [[[1]]] }, none: null }
    expect((await post(ours, JSON.stringify(body))).json()).toEqual({ body })
  })
})

describe.each(targets())('hardening on $name', (target) => {
  const api = createApi(target.url, AUTH)
  const sql = <R>(query: string) => api.query<R>(REF, query)

  it('refuses an upload whose key holds a bidi override (U+202E) with 400, storing nothing', async () => {
    const bucket = bucketName('bidi')
    await api.createBucket(REF, { id: bucket })
    try {
      const upload = (key: string) =>
        fetch(`${target.url}/platform/storage/${REF}/buckets/${bucket}/objects/upload?path=${encodeURIComponent(key)}`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'text/plain' },
          body: 'spoof',
        })
      for (const key of ['invoice\u202efdp.exe', 'docs/\u200bpasswords.txt', 'a\u0085b.txt']) {
        const res = await upload(key)
        expect(res.status, key).toBe(400)
        expect(await res.json(), key).toEqual({ message: MSG.objectKeyInvalid(key), code: 400 })
      }
      expect(await sql(`select name from storage.objects where bucket_id = '${bucket}'`)).toEqual([])
      expect(await bucketFiles(target.storageDir, bucket)).toEqual([])
      // letters of any script still go through
      expect((await upload('ünïcödé/日本語.txt')).status).toBe(200)
      expect(await sql(`select name from storage.objects where bucket_id = '${bucket}'`)).toEqual([{ name: 'ünïcödé/日本語.txt' }])
    } finally {
      await api.emptyBucket(REF, bucket)
      await api.deleteBucket(REF, bucket)
    }
  })

  it('leaves authenticator unable to log in after start (no password is set)', async () => {
    expect(await sql(`select rolcanlogin from pg_roles where rolname = 'authenticator'`)).toEqual([{ rolcanlogin: false }])
  })
})

describe('authenticator login on bootstrap', () => {
  let opened: TestDrivers
  beforeAll(async () => {
    opened = await openTestDrivers()
  })
  afterAll(() => opened.close())
  const canLogin = async (db: TestDrivers['all'][number]) =>
    (await db.query<{ rolcanlogin: boolean }>(`select rolcanlogin from pg_roles where rolname = 'authenticator'`)).rows[0]?.rolcanlogin

  it('creates it NOLOGIN, and puts one that can log in without a password back to NOLOGIN', async () => {
    for (const db of opened.all) {
      await bootstrap(db)
      expect(await canLogin(db), db.kind).toBe(false)
      await db.exec(`alter role authenticator login password null`)
      await bootstrap(db)
      expect(await canLogin(db), db.kind).toBe(false)
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)('keeps LOGIN on PostgreSQL when its admin has set a password', async () => {
    const db = openPostgres(process.env.TEST_DATABASE_URL!)
    try {
      await bootstrap(db)
      await db.exec(`alter role authenticator login password 'set-by-the-admin'`)
      await bootstrap(db)
      expect(await canLogin(db)).toBe(true)
    } finally {
      await db.exec(`alter role authenticator nologin password null`)
      await db.close()
    }
  })
})

describe('disk object store', () => {
  let root: string
  const mode = async (path: string) => (await stat(path)).mode & 0o777
  const bytes = (text: string) => Readable.from([Buffer.from(text)])
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'studio-store-'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('sweepTemp removes what a killed upload left in tmp/ and leaves objects/ alone', async () => {
    const dir = join(root, 'sweep')
    await mkdir(join(dir, 'tmp', 'stray-dir'), { recursive: true })
    await writeFile(join(dir, 'tmp', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'), 'half an upload')
    await writeFile(join(dir, 'tmp', 'other'), 'x')
    await writeFile(join(dir, 'tmp', 'stray-dir', 'inner'), 'y')
    const bucketDir = join(dir, 'objects', Buffer.from('b').toString('hex'))
    await mkdir(bucketDir, { recursive: true })
    await writeFile(join(bucketDir, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12'), 'kept')

    const store = new DiskObjectStore(dir)
    expect(await store.sweepTemp()).toBe(3)
    expect(await readdir(join(dir, 'tmp'))).toEqual([])
    expect(await readdir(bucketDir)).toEqual(['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12'])
    expect(await store.sweepTemp()).toBe(0)
  })

  it('sweepTemp on a new directory creates it and removes nothing', async () => {
    const store = new DiskObjectStore(join(root, 'fresh'))
    expect(await store.sweepTemp()).toBe(0)
    expect(await mode(join(root, 'fresh', 'tmp'))).toBe(0o700)
  })

  it('keeps what it writes private: directories 0700, files 0600, copies too', async () => {
    const dir = join(root, 'modes')
    // left open by an earlier version
    await mkdir(join(dir, 'tmp'), { recursive: true, mode: 0o755 })
    await mkdir(join(dir, 'objects'), { recursive: true, mode: 0o755 })
    await chmod(dir, 0o755)
    await chmod(join(dir, 'tmp'), 0o755)
    await chmod(join(dir, 'objects'), 0o755)

    const store = new DiskObjectStore(dir)
    const version = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'
    const staged = await store.write({ bucketId: 'photos', version }, bytes('hello'), 100)
    await staged.commit()
    const bucketDir = join(dir, 'objects', Buffer.from('photos').toString('hex'))
    const file = join(bucketDir, version)
    expect(await mode(file)).toBe(0o600)
    for (const d of [dir, join(dir, 'tmp'), join(dir, 'objects'), bucketDir]) expect(await mode(d), d).toBe(0o700)

    // a copy is 0600 even from an object an earlier version left 0644
    await chmod(file, 0o644)
    const copy = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a13'
    await store.copy({ bucketId: 'photos', version }, { bucketId: 'albums', version: copy })
    const albumDir = join(dir, 'objects', Buffer.from('albums').toString('hex'))
    expect(await mode(join(albumDir, copy))).toBe(0o600)
    expect(await mode(albumDir)).toBe(0o700)
    const read = await store.read('albums', copy)
    const chunks: Buffer[] = []
    for await (const c of read.stream) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('hello')
  })
})
