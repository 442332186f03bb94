/**
 * What one slow client or one slow query can do to the studio: nothing to the rest. A long query on PGlite
 * leaves health, static files and sign-in answering; a request that waits too long for the database gets
 * 503; cancel stops a PGlite run and keeps every committed row; a CSV import or upload whose body stalls is
 * aborted with nothing kept; a long run whose request arrived whole is not cut off.
 */
import { request } from 'node:http'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { MSG } from '../../src/shared/messages'
import { createApi, type Api } from '../../src/web/data/api'
import { AUTH, TEST_AUTH_OPTIONS, TEST_PASSWORD } from '../support/auth'
import { targets } from '../support/context'
import { REF } from './support/http'

const STALL_MS = 600
const RUN_ID = '6f1c1f9e-6c55-4f0e-9a57-3a4f0f8f2a10'

/** Sends the start of a body, then nothing: resolves with how the request ended (status, or the error). */
function stalledPost(url: string, path: string, type: string, start: string): Promise<string> {
  const u = new URL(url)
  return new Promise((resolve) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'POST', headers: { ...AUTH, 'content-type': type, 'transfer-encoding': 'chunked' } }, (res) => {
      res.resume()
      res.on('end', () => resolve(`status ${res.statusCode}`))
      res.on('error', () => resolve(`status ${res.statusCode}, then cut`))
    })
    req.on('error', (e) => resolve(`error ${(e as NodeJS.ErrnoException).code ?? e.message}`))
    req.write(start)
    // … and never the rest
  })
}

describe.each(targets().map((t) => [t.name, t] as const))('stalled bodies on %s', (name, target) => {
  let dir: string
  let studio: Studio
  let api: Api
  const table = `stalled_${name}_${Math.random().toString(36).slice(2, 8)}`

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-stall-'))
    studio = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, databaseUrl: target.databaseUrl, serveStatic: false, logger: false, stallTimeoutMs: STALL_MS })
    api = createApi(studio.url, AUTH)
    await api.query(REF, `create table public.${table} (id int primary key)`)
  })
  afterAll(async () => {
    await api.query(REF, `drop table if exists public.${table}`).catch(() => undefined)
    await studio?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('aborts a CSV import whose body stalls and rolls it back', async () => {
    const { oid } = (await api.query<{ oid: number }>(REF, `select '${table}'::regclass::oid::int as oid`))[0]!
    const rows = Array.from({ length: 1200 }, (_, i) => `${i + 1}`).join('\n')
    const path = `/platform/pg-meta/${REF}/table-rows/import?tableId=${oid}&mapping=${encodeURIComponent('{"id":"id"}')}`
    const ended = await stalledPost(studio.url, path, 'text/csv', `id\n${rows}\n`)
    expect(ended).toMatch(/error|cut/)
    expect(await api.query(REF, `select count(*)::int as n from public.${table}`)).toEqual([{ n: 0 }])
  })

  it('aborts an upload whose body stalls: no object, no temporary file', async () => {
    const bucket = `stall-${name}`
    await api.createBucket(REF, { id: bucket, public: false, file_size_limit: null, allowed_mime_types: null })
    const ended = await stalledPost(studio.url, `/platform/storage/${REF}/buckets/${bucket}/objects/upload?path=half.bin`, 'application/octet-stream', 'x'.repeat(100_000))
    expect(ended).toMatch(/error|cut/)
    expect(await api.listObjects(REF, bucket, { path: '' })).toEqual([])
    await expect.poll(async () => readdir(join(dir, 'storage', 'tmp')).catch(() => [])).toEqual([])
    await api.deleteBucket(REF, bucket)
  })

  it('does not cut off a long run whose request arrived whole', async () => {
    const run = await api.runQuery(REF, { query: `select pg_sleep(${(STALL_MS * 2.5) / 1000}) is null as slept` })
    expect(run.results.at(-1)!.rows).toEqual([{ slept: false }])
  })
})

describe('a slow query on PGlite', () => {
  let dir: string
  let studio: Studio
  let api: Api

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-slow-'))
    studio = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, logger: false, database: { waitTimeoutMs: 700 } })
    api = createApi(studio.url, AUTH)
    await studio.store.get()
  })
  afterAll(async () => {
    await studio?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('leaves health, static files and sign-in answering; a database call that waits too long gets 503', async () => {
    const done: string[] = []
    const track = <T>(label: string, p: Promise<T>) => p.then((v) => (done.push(label), v))
    const sleeping = track('sleep', api.runQuery(REF, { query: 'select pg_sleep(4) is null as slept' }))
    await new Promise((r) => setTimeout(r, 300))
    const [health, app, signIn, busy] = await Promise.all([
      track('health', fetch(`${studio.url}/health`)),
      track('static', fetch(`${studio.url}/project/default/editor`, { headers: AUTH })),
      track('sign-in', fetch(`${studio.url}/platform/sign-in`, {
        method: 'POST', headers: { origin: studio.url, 'content-type': 'application/json' }, body: JSON.stringify({ password: TEST_PASSWORD }),
      })),
      track('waited', fetch(`${studio.url}/platform/pg-meta/${REF}/schemas`, { headers: AUTH })),
    ])
    await sleeping
    expect(done.at(-1)).toBe('sleep')
    expect(health.status).toBe(200)
    expect([200, 404]).toContain(app.status) // the app's page, or 'not built' when no build exists yet
    expect(signIn.status).toBe(200)
    expect({ status: busy.status, body: await busy.json() }).toEqual({ status: 503, body: { message: MSG.databaseBusy(0.7), code: 503 } })
  })

  it('cancels a run that commits row after row, and keeps every committed row', async () => {
    await api.query(REF, 'create table counted (n int primary key)')
    const running = api.runQuery(REF, {
      runId: RUN_ID,
      query: `do $$ begin for i in 1..100000000 loop insert into counted values (i); commit; end loop; end $$`,
    }).then(() => 'finished', (e: Error) => e.message)
    await new Promise((r) => setTimeout(r, 1500))
    expect(await api.cancelQuery(REF, { runId: RUN_ID })).toEqual({ cancelled: true })
    expect(await running).toBe(MSG.queryCancelled)
    const { n, max } = (await api.query<{ n: number; max: number }>(REF, 'select count(*)::int as n, coalesce(max(n), 0) as max from counted'))[0]!
    expect(n).toBeGreaterThan(0)
    expect(max).toBe(n) // 1..n, none missing
    await api.query(REF, 'insert into counted values (-1); drop table counted')
  })
})
