/**
 * Every route the server registers (read from Fastify itself, so a new one cannot slip past), probed as an
 * attacker would: no session → 401; a foreign Host (DNS rebinding) → 421; a cross-site form post of every
 * kind to every state-changing route, with a valid session cookie → 403, and the database and storage unchanged.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { MSG } from '../../src/shared/messages'
import { createApi, type Api } from '../../src/web/data/api'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'
import { targets } from '../support/context'
import { REF, unique } from './support/http'
import { signIn } from './support/session'

/** The routes anyone may call: the door itself, a health check and the static app. */
const PUBLIC = ['GET /', 'HEAD /', 'GET /health', 'HEAD /health', 'POST /platform/sign-in', 'GET /*', 'HEAD /*']
const PROJECT_API = '/api/projects/:ref/'
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

describe.each(targets().map((t) => [t.name, t] as const))('every route on %s', (_name, target) => {
  let dir: string
  let studio: Studio
  let api: Api
  let cookie: string
  const bucket = unique('door').replace(/_/g, '-')
  const table = unique('door')

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-door-'))
    studio = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, databaseUrl: target.databaseUrl, logger: false })
    api = createApi(studio.url, AUTH)
    cookie = await signIn(studio.url)
    // Something to lose: a table with a row, a policy, a bucket with an object, a snippet.
    await api.query(REF, `create table public.${table} (id int primary key, body text); insert into public.${table} values (1, 'kept');
      alter table public.${table} enable row level security; create policy kept on public.${table} for select using (true)`)
    await api.createBucket(REF, { id: bucket, public: false, file_size_limit: null, allowed_mime_types: null })
    await api.uploadObject(REF, bucket, 'kept.txt', new Blob(['kept']))
    await api.createContent(REF, { type: 'sql', name: 'Kept', content: { sql: 'select 1' } })
  })

  afterAll(async () => {
    await api.query(REF, `drop table if exists public.${table}`).catch(() => undefined)
    await api.emptyBucket(REF, bucket).catch(() => undefined)
    await api.deleteBucket(REF, bucket).catch(() => undefined)
    await studio?.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** A concrete URL for a route pattern: the seeded bucket for ids, the default project. */
  const concrete = (url: string) =>
    url.replace(':ref', REF).replace(/:id|:bucket/g, bucket).replace(/:[a-zA-Z]+/g, 'x').replace('*', 'kept.txt') +
    `?path=kept.txt&upsert=true&id=1&ids=1&tableId=1`

  /** What an attacker could have changed. */
  async function state() {
    const [rows, policies, buckets, objects, snippets] = await Promise.all([
      api.query(REF, `select * from public.${table} order by id`),
      api.query(REF, `select policyname from pg_policies where tablename = '${table}'`),
      api.buckets(REF),
      api.listObjects(REF, bucket, { path: '' }),
      api.contents(REF, 'sql'),
    ])
    const files = await readdir(join(dir, 'storage'), { recursive: true })
    return { rows, policies, buckets: buckets.map((b) => b.id).sort(), objects: objects.map((o) => o.name), snippets: snippets.data.length, files: files.sort() }
  }

  const routes = () => studio.routes.filter((r) => r.method !== 'OPTIONS')
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`

  it('knows the routes, and only the door, health and the static app are public', () => {
    expect(routes().length).toBeGreaterThan(60)
    const open = routes().filter((r) => r.access === 'public').map(key).sort()
    expect(open).toEqual([...PUBLIC].sort())
  })

  it('answers 401 to every dashboard route without a session, and to a wrong token', async () => {
    const dashboard = routes().filter((r) => !PUBLIC.includes(key(r)) && !r.url.startsWith(PROJECT_API))
    for (const route of dashboard) {
      for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { cookie: 'studio_session=forged' }] as Record<string, string>[]) {
        const res = await fetch(`${studio.url}${concrete(route.url)}`, { method: route.method, headers })
        expect({ route: key(route), status: res.status }).toEqual({ route: key(route), status: 401 })
        if (route.method !== 'HEAD') expect(((await res.json()) as { message: string }).message).toMatch(/Sign in|automation token/)
      }
    }
  })

  it('refuses every route, public ones included, for a foreign Host (DNS rebinding)', async () => {
    const { request } = await import('node:http')
    const port = new URL(studio.url).port
    for (const route of routes()) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: concrete(route.url), method: route.method, headers: { host: `rebind.attacker.example:${port}`, ...AUTH } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
      expect({ route: key(route), status }).toEqual({ route: key(route), status: 421 })
    }
  })

  it('refuses a cross-site form post of every kind to every state-changing route, and nothing changes', async () => {
    const before = await state()
    const form = new FormData()
    form.append('file', new Blob(['overwritten']), 'kept.txt')
    const attacks: { name: string; headers: Record<string, string>; body?: BodyInit }[] = [
      { name: 'text/plain', headers: { origin: 'http://attacker.example', 'content-type': 'text/plain' }, body: 'x' },
      { name: 'urlencoded', headers: { origin: 'http://attacker.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' },
      { name: 'multipart', headers: { origin: 'http://attacker.example' }, body: form },
      { name: 'no body', headers: { origin: 'http://attacker.example' } },
      { name: 'same site, another port', headers: { origin: 'http://127.0.0.1:1', 'content-type': 'text/plain' }, body: 'x' },
      { name: 'no Origin, foreign Referer', headers: { referer: 'http://attacker.example/page', 'content-type': 'text/plain' }, body: 'x' },
      { name: 'no Origin nor Referer', headers: { 'content-type': 'text/plain' }, body: 'x' },
      { name: 'null Origin (sandboxed frame)', headers: { origin: 'null', 'content-type': 'text/plain' }, body: 'x' },
      { name: 'own Origin, but a form body', headers: { origin: studio.url, 'content-type': 'text/plain' }, body: 'x' },
    ]
    const changing = routes().filter((r) => !SAFE.has(r.method) && !r.url.startsWith(PROJECT_API) && !PUBLIC.includes(key(r)))
    expect(changing.length).toBeGreaterThan(30)
    for (const route of changing) {
      for (const attack of attacks) {
        const res = await fetch(`${studio.url}${concrete(route.url)}`, { method: route.method, headers: { cookie, ...attack.headers }, body: attack.body })
        expect({ route: key(route), attack: attack.name, status: res.status }).toEqual({ route: key(route), attack: attack.name, status: 403 })
      }
    }
    // The sign-in itself is a change too: a login-CSRF form is refused.
    const signInForm = await fetch(`${studio.url}/platform/sign-in`, { method: 'POST', headers: { origin: 'http://attacker.example', 'content-type': 'text/plain' }, body: '{"password":"x"}' })
    expect(signInForm.status).toBe(403)
    expect(await state()).toEqual(before)
  })

  it('accepts the app itself: the session cookie with its Origin and a JSON body or its header', async () => {
    const json = await fetch(`${studio.url}/platform/pg-meta/${REF}/query`, {
      method: 'POST', headers: { cookie, origin: studio.url, 'content-type': 'application/json' }, body: JSON.stringify({ query: `select body from public.${table}` }),
    })
    expect(await json.json()).toEqual([{ body: 'kept' }])
    const upload = await fetch(`${studio.url}/platform/storage/${REF}/buckets/${bucket}/objects/upload?path=app.txt`, {
      method: 'POST', headers: { cookie, origin: studio.url, 'x-studio-request': '1', 'content-type': 'text/plain' }, body: 'from the app',
    })
    expect(upload.status).toBe(200)
    const referer = await fetch(`${studio.url}/platform/pg-meta/${REF}/query`, {
      method: 'POST', headers: { cookie, referer: `${studio.url}/project/default/sql/new`, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'select 1 as one' }),
    })
    expect(referer.status).toBe(200)
  })

  it('lets a script with the automation token change things from anywhere (a browser never sends it cross-site)', async () => {
    const res = await fetch(`${studio.url}/platform/pg-meta/${REF}/query`, {
      method: 'POST', headers: { ...AUTH, origin: 'http://elsewhere.example', 'content-type': 'application/json' }, body: JSON.stringify({ query: 'select 2 as two' }),
    })
    expect(await res.json()).toEqual([{ two: 2 }])
  })

  it('never accepts the dashboard cookie on the project API, which answers CORS for any origin', async () => {
    const storage = `${studio.url}/api/projects/${REF}/storage/v1`
    const withCookie = await fetch(`${storage}/bucket`, { headers: { cookie, origin: studio.url } })
    expect(withCookie.status).toBeGreaterThanOrEqual(400)
    expect(JSON.stringify(await withCookie.json())).not.toContain(bucket)
    const preflight = await fetch(`${storage}/object/${bucket}/x.txt`, {
      method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey, x-upsert' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, apikey, x-upsert')
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()
    // The dashboard API answers no CORS at all.
    const dashboard = await fetch(`${studio.url}/platform/projects`, { headers: { ...AUTH, origin: 'https://app.example' } })
    expect(dashboard.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers an unknown dashboard path 401 without a session, not whether it exists', async () => {
    for (const path of ['/platform/nothing-here', '/api/nothing', '/platform']) {
      expect((await fetch(`${studio.url}${path}`)).status).toBe(401)
    }
    expect(MSG.signInRequired).toContain('Sign in')
  })
})
