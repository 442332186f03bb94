/**
 * The dashboard's users calls under /platform/auth/{ref} (contract/auth-users.ts) on a studio of this file's
 * own (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), with a second studio user who may read but
 * not manage users: each call answers as the contract says, paging and the count hold, and every refusal
 * (no permission, bad input, an unknown user) changes nothing in auth.users.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, AuthUserDetail, AuthUsersPage } from '../../src/shared/auth'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS } from '../../src/shared/permissions'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { REF } from './support/http'

const READER_ID = 2
const readOnly = [{ actions: [PERMISSIONS.tenantSqlAdminRead.action], resources: ['tables'] }]
const BASE = `/platform/auth/${REF}`

describe.each(targets())('dashboard users routes on $name', (target) => {
  let own: OwnStudio
  const send = async (method: string, path: string, body?: unknown, as?: number) => {
    const headers: Record<string, string> = { ...AUTH, ...(as ? { 'x-studio-user': String(as) } : {}) }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${own.studio.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  }
  const sql = async <R>(query: string) => (await own.studio.db.query(query)).rows as R[]
  const userCount = async () => Number((await sql<{ n: string }>('select count(*)::text as n from auth.users'))[0]!.n)

  beforeAll(async () => {
    own = await ownStudio(target, 'auth users routes', { users: [{ id: READER_ID, username: 'reader', grants: readOnly }] })
  }, 60_000)
  afterAll(async () => {
    await own?.close()
  })

  it('creates, reads, bans, signs out and deletes a user', async () => {
    const created = await send('POST', `${BASE}/users`, { email: 'Route.User@Example.com', password: 'a-long-password-1', email_confirm: true })
    expect(created.status).toBe(200)
    const user = created.body as AuthUser
    expect(user).toMatchObject({ email: 'route.user@example.com', is_anonymous: false, banned_until: null })
    expect(user.email_confirmed_at).not.toBeNull()

    const detail = await send('GET', `${BASE}/users/${user.id}`)
    expect(detail.status).toBe(200)
    expect(detail.body as AuthUserDetail).toMatchObject({ id: user.id, sessions: [], factors: [] })
    expect((detail.body as AuthUserDetail).identities.map((i) => i.provider)).toEqual(['email'])

    const banned = await send('PATCH', `${BASE}/users/${user.id}`, { ban_duration: '2h' })
    expect(banned.status).toBe(200)
    expect(Date.parse((banned.body as AuthUser).banned_until!)).toBeGreaterThan(Date.now() + 3600_000)
    const lifted = await send('PATCH', `${BASE}/users/${user.id}`, { ban_duration: 'none' })
    expect((lifted.body as AuthUser).banned_until).toBeNull()

    expect(await send('POST', `${BASE}/users/${user.id}/logout`)).toEqual({ status: 200, body: { message: 'Signed the user out of every session' } })
    expect(await send('POST', `${BASE}/recover`, { email: 'route.user@example.com' })).toEqual({
      status: 200, body: { message: 'Sent a password recovery email to route.user@example.com' },
    })
    expect((await send('POST', `${BASE}/magiclink`, { email: 'route.user@example.com' })).status).toBe(200)
    const invited = await send('POST', `${BASE}/invite`, { email: 'invited@example.com' })
    expect(invited.status).toBe(200)
    expect((invited.body as AuthUser).invited_at).not.toBeNull()

    expect(await send('DELETE', `${BASE}/users/${user.id}`)).toEqual({ status: 200, body: { message: 'Deleted the user' } })
    expect(await sql(`select id from auth.users where id = '${user.id}'`)).toEqual([])
    expect((await send('GET', `${BASE}/users/${user.id}`)).status).toBe(404)
  })

  it('removes a factor of a user', async () => {
    const user = (await send('POST', `${BASE}/users`, { email: 'factor@example.com', password: 'a-long-password-1' })).body as AuthUser
    const factorId = randomUUID()
    await sql(`insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
      values ('${factorId}', '${user.id}', 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`)
    expect(((await send('GET', `${BASE}/users/${user.id}`)).body as AuthUserDetail).factors.map((f) => f.id)).toEqual([factorId])
    expect((await send('DELETE', `${BASE}/users/${user.id}/factors/${factorId}`)).status).toBe(200)
    expect(await sql(`select id from auth.mfa_factors where id = '${factorId}'`)).toEqual([])
  })

  it('pages, searches, filters and sorts on the server, and counts', async () => {
    await sql(`insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at, raw_app_meta_data, raw_user_meta_data, is_anonymous)
      select gen_random_uuid(), 'authenticated', 'authenticated', 'bulk' || lpad(i::text, 3, '0') || '@example.com',
        case when i % 2 = 0 then now() end, now() - make_interval(mins => i), now(), '{"provider":"email","providers":["email"]}', '{}', false
      from generate_series(1, 130) i`)
    await sql(`insert into auth.users (id, aud, role, created_at, updated_at, raw_app_meta_data, raw_user_meta_data, is_anonymous)
      values (gen_random_uuid(), 'authenticated', 'authenticated', now(), now(), '{}', '{}', true)`)
    const page = async (q: string) => (await send('GET', `${BASE}/users?${q}`)).body as AuthUsersPage

    const first = await page('search=bulk&per_page=50&page=1&sort=email&order=asc')
    const third = await page('search=bulk&per_page=50&page=3&sort=email&order=asc')
    expect(first.total).toBe(130)
    expect(first.users.map((u) => u.email).slice(0, 2)).toEqual(['bulk001@example.com', 'bulk002@example.com'])
    expect(third.users.map((u) => u.email)).toEqual(Array.from({ length: 30 }, (_, i) => `bulk${String(101 + i)}@example.com`))
    expect((await page('search=bulk&filter=verified&per_page=1')).total).toBe(65)
    expect((await page('search=bulk&filter=unverified&per_page=1')).total).toBe(65)
    const anonymous = await page('filter=anonymous')
    expect(anonymous.users.every((u) => u.is_anonymous)).toBe(true)
    expect(anonymous.total).toBeGreaterThanOrEqual(1)
    const newest = await page('search=bulk&per_page=1&sort=created_at&order=desc')
    expect(newest.users[0]?.email).toBe('bulk001@example.com')
    const [byId] = (await page('search=bulk050')).users
    expect((await page(`search=${byId!.id}`)).users.map((u) => u.id)).toEqual([byId!.id])

    const count = await send('GET', `${BASE}/users/count`)
    expect(count).toEqual({ status: 200, body: { count: await userCount() } })
  })

  it('refuses a reader every change, with the reason, and changes nothing', async () => {
    const user = (await send('POST', `${BASE}/users`, { email: 'kept@example.com', password: 'a-long-password-1' })).body as AuthUser
    const before = await sql(`select * from auth.users order by id`)
    const refused = { status: 403, body: { message: MSG.noPermission('manage users'), code: 403 } }
    expect(await send('POST', `${BASE}/users`, { email: 'nope@example.com', password: 'a-long-password-1' }, READER_ID)).toEqual(refused)
    expect(await send('POST', `${BASE}/invite`, { email: 'nope@example.com' }, READER_ID)).toEqual(refused)
    expect(await send('POST', `${BASE}/magiclink`, { email: 'kept@example.com' }, READER_ID)).toEqual(refused)
    expect(await send('POST', `${BASE}/recover`, { email: 'kept@example.com' }, READER_ID)).toEqual(refused)
    expect(await send('PATCH', `${BASE}/users/${user.id}`, { ban_duration: '24h' }, READER_ID)).toEqual(refused)
    expect(await send('POST', `${BASE}/users/${user.id}/logout`, undefined, READER_ID)).toEqual(refused)
    expect(await send('DELETE', `${BASE}/users/${user.id}`, undefined, READER_ID)).toEqual(refused)
    expect(await send('DELETE', `${BASE}/users/${user.id}/factors/${randomUUID()}`, undefined, READER_ID)).toEqual(refused)
    expect(await sql(`select * from auth.users order by id`)).toEqual(before)
    // reading is what reading tables needs
    expect((await send('GET', `${BASE}/users`, undefined, READER_ID)).status).toBe(200)
    expect((await send('GET', `${BASE}/users/${user.id}`, undefined, READER_ID)).status).toBe(200)
    expect((await send('GET', `${BASE}/users/count`, undefined, READER_ID)).status).toBe(200)
  })

  it('refuses bad input with its message and changes nothing', async () => {
    const user = (await send('POST', `${BASE}/users`, { email: 'input@example.com', password: 'a-long-password-1' })).body as AuthUser
    const before = await sql(`select * from auth.users order by id`)
    const bad = (message: string) => ({ status: 400, body: { message, code: 400 } })
    expect(await send('POST', `${BASE}/users`, { email: 'not-an-email', password: 'a-long-password-1' })).toEqual(bad(MSG.authEmailInvalid))
    expect(await send('POST', `${BASE}/users`, { password: 'a-long-password-1' })).toEqual(bad(MSG.authEmailInvalid))
    expect(await send('POST', `${BASE}/users`, { email: 'x@example.com', password: '' })).toEqual(bad(MSG.authPasswordRequired))
    expect(await send('POST', `${BASE}/users`, { email: `${'a'.repeat(330)}@example.com`, password: 'p' })).toEqual(bad(MSG.authEmailInvalid))
    expect((await send('POST', `${BASE}/users`, { email: 'x@example.com', password: 'p'.repeat(10_000) })).status).toBe(400)
    expect(await send('POST', `${BASE}/invite`, { email: 'nope' })).toEqual(bad(MSG.authEmailInvalid))
    expect(await send('PATCH', `${BASE}/users/${user.id}`, { ban_duration: 'forever' })).toEqual(bad(MSG.authBanDurationInvalid))
    expect(await send('PATCH', `${BASE}/users/${user.id}`, { ban_duration: '-5h' })).toEqual(bad(MSG.authBanDurationInvalid))
    expect(await send('DELETE', `${BASE}/users/not-a-uuid`)).toEqual(bad('The user id must be a UUID'))
    expect(await send('DELETE', `${BASE}/users/${user.id}/factors/nope`)).toEqual(bad('The factor id must be a UUID'))
    // the same email again: the service's refusal (GoTrue's 422), as it is
    const duplicate = await send('POST', `${BASE}/users`, { email: 'input@example.com', password: 'a-long-password-1' })
    expect(duplicate.status).toBe(422)
    // an unknown user: 404
    expect((await send('DELETE', `${BASE}/users/${randomUUID()}`)).status).toBe(404)
    expect((await send('PATCH', `${BASE}/users/${randomUUID()}`, { ban_duration: '1h' })).status).toBe(404)
    // a query string that makes no sense falls back to the defaults
    expect((await send('GET', `${BASE}/users?page=-3&per_page=abc&filter=nope&sort=drop`)).status).toBe(200)
    // an unknown project
    expect((await send('GET', `/platform/auth/nope/users`)).status).toBe(404)
    expect(await sql(`select * from auth.users order by id`)).toEqual(before)
  })
})
