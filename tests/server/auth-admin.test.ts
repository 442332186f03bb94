/** Every AuthAdmin method (what the dashboard's auth pages call), headless, on a studio of this file's own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { AuthError } from '../../src/server/auth/errors'

const REF = 'default'

describe.each(targets())('AuthAdmin on $name', (target) => {
  let own: OwnStudio
  beforeAll(async () => {
    own = await ownStudio(target, 'auth-admin')
  })
  afterAll(() => own?.close())
  const auth = () => own.studio.auth
  const rejects = async (p: Promise<unknown>, code: string, status: number) => {
    const e = await p.then(() => undefined, (x: unknown) => x)
    expect(e).toBeInstanceOf(AuthError)
    expect(e).toMatchObject({ code, status })
  }

  it('has the defaults and keeps a patch', async () => {
    const config = await auth().config(REF)
    expect(config).toMatchObject({
      SITE_URL: own.studio.url, MAILER_AUTOCONFIRM: true, JWT_EXP: 3600, PASSWORD_MIN_LENGTH: 6, EXTERNAL_EMAIL_ENABLED: true,
      EXTERNAL_ANONYMOUS_USERS_ENABLED: false, RATE_LIMIT_EMAIL_SENT: 30, MAILER_SUBJECTS_MAGIC_LINK: 'Your Magic Link',
    })
    expect(config.MAILER_TEMPLATES_RECOVERY_CONTENT).toContain('{{ .ConfirmationURL }}')
    const updated = await auth().updateConfig(REF, { PASSWORD_MIN_LENGTH: 8, URI_ALLOW_LIST: 'http://localhost:3000/**' })
    expect(updated).toMatchObject({ PASSWORD_MIN_LENGTH: 8, URI_ALLOW_LIST: 'http://localhost:3000/**', JWT_EXP: 3600 })
    expect((await auth().config(REF)).PASSWORD_MIN_LENGTH).toBe(8)
    await rejects(auth().updateConfig(REF, { JWT_EXP: 1 }), 'validation_failed', 400)
    await rejects(auth().updateConfig(REF, { NOPE: true } as never), 'validation_failed', 400)
    await auth().updateConfig(REF, { PASSWORD_MIN_LENGTH: 6 })
  })

  it('creates, lists, finds, searches and counts users', async () => {
    const before = await auth().userCount(REF)
    const a = await auth().createUser(REF, { email: 'Ada@Example.com', password: 'secret-1', autoConfirm: true, userMetadata: { name: 'Ada' } })
    expect(a).toMatchObject({ email: 'ada@example.com', aud: 'authenticated', role: 'authenticated', is_anonymous: false, user_metadata: { name: 'Ada' } })
    expect(a.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(a.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(a.identities).toHaveLength(1)
    expect(a.identities[0]).toMatchObject({ provider: 'email', user_id: a.id, email: 'ada@example.com' })
    const b = await auth().createUser(REF, { email: 'bob@example.com', password: 'secret-2', autoConfirm: false })
    expect(b.email_confirmed_at).toBeNull()
    await rejects(auth().createUser(REF, { email: 'ada@example.com', password: 'secret-3', autoConfirm: true }), 'email_exists', 422)
    await rejects(auth().createUser(REF, { email: 'not an email', password: 'secret-3', autoConfirm: true }), 'validation_failed', 400)
    await rejects(auth().createUser(REF, { email: 'c@example.com', password: '123', autoConfirm: true }), 'weak_password', 422)
    expect(await auth().userCount(REF)).toBe(before + 2)

    const all = await auth().listUsers(REF, { page: 1, per_page: 50, filter: 'all', sort: 'email', order: 'asc' })
    expect(all.users.map((u) => u.email)).toEqual(['ada@example.com', 'bob@example.com'])
    expect(all.total).toBe(2)
    expect((await auth().listUsers(REF, { page: 1, per_page: 50, filter: 'verified', sort: 'created_at', order: 'desc' })).users.map((u) => u.id)).toEqual([a.id])
    expect((await auth().listUsers(REF, { page: 1, per_page: 50, filter: 'unverified', sort: 'created_at', order: 'desc' })).users.map((u) => u.id)).toEqual([b.id])
    const found = await auth().listUsers(REF, { page: 1, per_page: 50, filter: 'all', sort: 'created_at', order: 'desc', search: 'BOB' })
    expect(found).toMatchObject({ total: 1, users: [{ id: b.id }] })
    expect((await auth().listUsers(REF, { page: 1, per_page: 50, filter: 'all', sort: 'created_at', order: 'desc', search: a.id })).users.map((u) => u.id)).toEqual([a.id])
    expect((await auth().listUsers(REF, { page: 2, per_page: 1, filter: 'all', sort: 'email', order: 'asc' })).users.map((u) => u.id)).toEqual([b.id])
    expect((await auth().listUsers(REF, { page: 1, per_page: 50, filter: 'all', sort: 'created_at', order: 'desc', search: '%' })).total).toBe(0)

    const detail = await auth().user(REF, a.id)
    expect(detail).toMatchObject({ id: a.id, sessions: [], factors: [] })
    await rejects(auth().user(REF, '00000000-0000-0000-0000-000000000001'), 'user_not_found', 404)
    await rejects(auth().user(REF, 'not-a-uuid'), 'user_not_found', 404)
  })

  it('invites, sends magic links and recovery mails into the outbox', async () => {
    const invited = await auth().inviteUser(REF, 'invitee@example.com', 'http://localhost:3000/welcome')
    expect(invited.invited_at).not.toBeNull()
    await auth().sendMagicLink(REF, 'ada@example.com')
    await auth().sendRecovery(REF, 'ada@example.com', 'https://evil.example.net/')
    await rejects(auth().sendRecovery(REF, 'nobody@example.com'), 'user_not_found', 404)
    const mails = await auth().outbox(REF, { limit: 10 })
    expect(mails.map((m) => [m.to, m.kind, m.status])).toEqual([
      ['ada@example.com', 'recovery', 'kept'], ['ada@example.com', 'magic_link', 'kept'], ['invitee@example.com', 'invite', 'kept'],
    ])
    expect(mails[2]!.subject).toBe('You have been invited')
    expect(mails[2]!.html).toContain('redirect_to=http%3A%2F%2Flocalhost%3A3000%2Fwelcome')
    // a redirect outside the allow list falls back to SITE_URL
    expect(mails[0]!.html).toContain(`redirect_to=${encodeURIComponent(own.studio.url)}`)
    expect(mails[0]!.html).not.toContain('evil')
    expect(await auth().outbox(REF, { limit: 10, before: mails[0]!.created_at })).toHaveLength(2)
    await rejects(auth().inviteUser(REF, 'ada@example.com'), 'email_exists', 422)
  })

  it('bans, signs out, removes factors and deletes users', async () => {
    const u = await auth().createUser(REF, { email: 'eve@example.com', password: 'secret-9', autoConfirm: true })
    const db = own.studio.db
    // a session and a factor, as sign-in and enrolment make them
    await db.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1')`, [u.id])
    const factor = (await db.query<{ id: string }>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP') returning id`, [u.id])).rows[0]!.id
    const detail = await auth().user(REF, u.id)
    expect(detail.sessions).toHaveLength(1)
    expect(detail.factors).toEqual([expect.objectContaining({ id: factor, factor_type: 'totp', status: 'verified', friendly_name: 'phone app' })])

    await auth().signOutUser(REF, u.id)
    expect((await auth().user(REF, u.id)).sessions).toEqual([])
    const banned = await auth().banUser(REF, u.id, '24h')
    expect(Date.parse(banned.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000)
    await rejects(auth().banUser(REF, u.id, 'forever'), 'validation_failed', 400)
    expect((await auth().banUser(REF, u.id, 'none')).banned_until).toBeNull()

    await auth().deleteFactor(REF, u.id, factor)
    expect((await auth().user(REF, u.id)).factors).toEqual([])
    await rejects(auth().deleteFactor(REF, u.id, factor), 'mfa_factor_not_found', 404)

    await auth().deleteUser(REF, u.id)
    await rejects(auth().user(REF, u.id), 'user_not_found', 404)
    await rejects(auth().deleteUser(REF, u.id), 'user_not_found', 404)
    const actions = (await db.query<{ action: string }>(`select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at`, [u.id])).rows.map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['user_signedup', 'logout', 'user_banned', 'factor_deleted', 'user_deleted']))
  })

  it('keeps the auth tables from the API roles, as Supabase does', async () => {
    const { rows } = await own.studio.db.query<{ n: number }>(
      `select count(*)::int as n from information_schema.role_table_grants where table_schema = 'auth' and grantee in ('anon', 'authenticated')`)
    expect(rows[0]!.n).toBe(0)
    const uid = await own.studio.db.withRole({ role: 'authenticated', claims: { sub: '00000000-0000-0000-0000-00000000000a' } }, (tx) => tx.query<{ uid: string }>('select auth.uid()::text as uid'))
    expect(uid.rows[0]!.uid).toBe('00000000-0000-0000-0000-00000000000a')
    const refused = await own.studio.db.withRole({ role: 'authenticated' }, (tx) => tx.query('select * from auth.users')).catch((e: Error) => e.message)
    expect(refused).toMatch(/permission denied/)
  })
})
