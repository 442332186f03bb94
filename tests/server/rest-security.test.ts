/**
 * The Data API's door (REST at /rest/v1 and GraphQL at /graphql/v1), probed as an attacker would: every
 * route needs a project key or a user's token signed with the project's secret; the dashboard's own session
 * cookie and automation token open nothing here; a token naming a role other than anon, authenticated or
 * service_role is refused; only the exposed schemas answer, and the studio's own schema can never be
 * exposed. Nothing the refused requests asked for changes the database.
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'
import { REF } from '../support/auth-client'
import { targets } from '../support/context'
import { restFixture, type RestFixture } from '../support/rest-fixture'
import { signIn } from './support/session'

const sign = (secret: string, claims: Record<string, unknown>, expiresIn = 3600) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(new TextEncoder().encode(secret))

describe.each(targets())('the Data API door on $name', (target) => {
  let f: RestFixture
  let apiUrl: string

  beforeAll(async () => {
    f = await restFixture(target, 'rest-door')
    apiUrl = f.keys.apiUrl
  }, 60_000)
  afterAll(() => f?.close())

  /** What each refused request must not have changed. */
  const authors = async () => (await f.own.studio.db.query('select id, name from public.authors order by id')).rows

  /** One request of each kind, REST and GraphQL, reads and writes. */
  const requests = () => [
    { method: 'GET', path: '/rest/v1/authors?select=*' },
    { method: 'GET', path: '/rest/v1/' },
    { method: 'HEAD', path: '/rest/v1/authors' },
    { method: 'POST', path: '/rest/v1/authors', body: JSON.stringify({ id: 99, name: 'intruder' }) },
    { method: 'PATCH', path: '/rest/v1/authors?id=eq.1', body: JSON.stringify({ name: 'defaced' }) },
    { method: 'DELETE', path: '/rest/v1/authors?id=eq.1' },
    { method: 'POST', path: '/rest/v1/rpc/nothing', body: '{}' },
    { method: 'POST', path: '/graphql/v1', body: JSON.stringify({ query: 'mutation { deleteFromauthorsCollection(atMost: 10) { affectedCount } }' }) },
  ]

  async function refusedWith(headers: Record<string, string>, why: string) {
    const before = await authors()
    for (const r of requests()) {
      const res = await fetch(`${apiUrl}${r.path}`, { method: r.method, headers: { 'content-type': 'application/json', ...headers }, body: r.body })
      expect({ why, request: `${r.method} ${r.path}`, status: res.status }).toEqual({ why, request: `${r.method} ${r.path}`, status: 401 })
      if (r.method !== 'HEAD') expect(await res.text()).not.toContain('Le Guin')
    }
    expect(await authors()).toEqual(before)
  }

  it('refuses a request without a key', async () => {
    await refusedWith({}, 'no key')
    const res = await fetch(`${apiUrl}/rest/v1/authors`)
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' })
  })

  it('never takes the dashboard session cookie or its automation token as a key', async () => {
    const cookie = await signIn(f.own.studio.url)
    await refusedWith({ cookie, origin: f.own.studio.url }, 'dashboard cookie')
    await refusedWith(AUTH, 'automation token')
    expect(TEST_AUTH_OPTIONS.token).toBeTruthy()
  })

  it('refuses tokens it did not sign, expired ones, and roles a key may not name', async () => {
    const forged = await sign('not-the-project-secret', { role: 'service_role' })
    await refusedWith({ apikey: forged, authorization: `Bearer ${forged}` }, 'forged signature')
    const expired = await sign(f.keys.jwtSecret, { role: 'service_role' }, -60)
    await refusedWith({ apikey: f.keys.anonKey, authorization: `Bearer ${expired}` }, 'expired')
    const res = await fetch(`${apiUrl}/rest/v1/authors`, { headers: { apikey: f.keys.anonKey, authorization: `Bearer ${expired}` } })
    expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    for (const role of ['postgres', 'supabase_admin', 'pg_read_server_files', 'authenticator']) {
      const token = await sign(f.keys.jwtSecret, { role })
      await refusedWith({ apikey: token, authorization: `Bearer ${token}` }, `role ${role}`)
    }
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`
    await refusedWith({ apikey: unsigned, authorization: `Bearer ${unsigned}` }, 'alg none')
  })

  it('refuses a signed URL token of storage as a key', async () => {
    const token = await f.own.studio.auth.keys.sign(REF, { url: 'bucket/file.txt', kind: 'download' }, 60)
    await refusedWith({ apikey: token, authorization: `Bearer ${token}` }, 'signed URL token')
  })

  it('answers only the exposed schemas: not auth, not the catalog, not the studio own schema', async () => {
    for (const schema of ['auth', 'pg_catalog', 'information_schema', '_studio', 'storage']) {
      const res = await fetch(`${apiUrl}/rest/v1/users`, { headers: { apikey: f.keys.serviceRoleKey, authorization: `Bearer ${f.keys.serviceRoleKey}`, 'accept-profile': schema } })
      expect({ schema, status: res.status }).toEqual({ schema, status: 406 })
      expect(await res.json()).toMatchObject({ code: 'PGRST106' })
    }
    // The dashboard cannot expose the studio's own schema or the catalog either; the settings stay as they were.
    const url = `${f.own.studio.url}/platform/projects/${REF}/config/postgrest`
    const before = await (await fetch(url, { headers: AUTH })).json()
    for (const db_schema of ['public, _studio', 'pg_catalog', 'information_schema', 'no_such_schema']) {
      const res = await fetch(url, { method: 'PATCH', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ db_schema }) })
      expect({ db_schema, status: res.status }).toEqual({ db_schema, status: 400 })
    }
    expect(await (await fetch(url, { headers: AUTH })).json()).toEqual(before)
  })

  it('lets the anon key read only what grants and policies allow, and never the auth schema through a view of public', async () => {
    const anon = await f.anon.from('todos').select('task')
    expect(anon.data).toEqual([{ task: 'alice public' }])
    const hidden = await f.anon.schema('auth' as 'public').from('users').select('*')
    expect(hidden.error?.code).toBe('PGRST106')
    // A write anon has no policy for: refused, as PostgREST (401 for anon), and nothing changed.
    const before = (await f.own.studio.db.query('select count(*)::int as n from public.todos')).rows
    const write = await f.anon.from('todos').insert({ task: 'anon wrote this' })
    expect(write.status).toBe(401)
    expect(write.error?.code).toBe('42501')
    expect((await f.own.studio.db.query('select count(*)::int as n from public.todos')).rows).toEqual(before)
  })
})
