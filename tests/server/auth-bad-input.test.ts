/**
 * The auth API refuses bad input with GoTrue's error shape and changes nothing: malformed emails, huge
 * passwords, JSON bombs, expired, forged and foreign tokens, replayed refresh tokens, missing keys, and
 * callers over the rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { call, keysOf, newEmail, REF, type ProjectKeysOf } from '../support/auth-client'

const sign = (secret: string, claims: Record<string, unknown>, exp: number) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret))

describe.each(targets())('auth API bad input on $name', (target) => {
  let own: OwnStudio
  let keys: ProjectKeysOf
  const password = 'a-good-password'
  let user: { id: string; email: string; access: string; refresh: string }

  /** How many rows the auth tables that hold people and sessions have: nothing may change on refusal. */
  const state = async () =>
    (await own.studio.db.query<{ users: number; identities: number; sessions: number; tokens: number; factors: number; meta: string }>(
      `select (select count(*)::int from auth.users) as users, (select count(*)::int from auth.identities) as identities,
              (select count(*)::int from auth.sessions) as sessions, (select count(*)::int from auth.refresh_tokens where not revoked) as tokens,
              (select count(*)::int from auth.mfa_factors) as factors,
              (select string_agg(raw_user_meta_data::text || coalesce(encrypted_password, ''), ',' order by id) from auth.users) as meta`,
    )).rows[0]!

  beforeAll(async () => {
    own = await ownStudio(target, 'auth-bad')
    keys = await keysOf(own.studio)
    await own.studio.auth.updateConfig(REF, { RATE_LIMIT_SIGN_IN_SIGN_UPS: 1000 })
    const email = newEmail()
    const up = await call(keys, 'POST', '/signup', { body: { email, password } })
    expect(up.status).toBe(200)
    user = { id: (up.body.user as { id: string }).id, email, access: up.body.access_token as string, refresh: up.body.refresh_token as string }
  })
  afterAll(() => own?.close())

  /** Each call is refused with `status` and GoTrue's `code`, and leaves the tables as they were. */
  async function refused(status: number, code: string, ...calls: (() => ReturnType<typeof call>)[]) {
    const before = await state()
    for (const c of calls) {
      const res = await c()
      expect({ status: res.status, code: res.body?.code }).toEqual({ status, code })
      expect(typeof res.body.msg).toBe('string')
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    }
    expect(await state()).toEqual(before)
  }

  it('refuses malformed emails', async () => {
    await refused(400, 'validation_failed',
      ...['not-an-email', 'a@b', 'two@@example.com', ' spaced out@example.com', `${'x'.repeat(300)}@example.com`, 42, null].map(
        (email) => () => call(keys, 'POST', '/signup', { body: { email, password } })),
      () => call(keys, 'POST', '/otp', { body: { email: 'nope' } }),
      () => call(keys, 'POST', '/recover', { body: { email: '<script>@x' } }),
    )
  })

  it('refuses 10 KB passwords without hashing them, and weak ones', async () => {
    const huge = 'p'.repeat(10 * 1024)
    await refused(400, 'validation_failed', () => call(keys, 'POST', '/signup', { body: { email: newEmail(), password: huge } }))
    await refused(400, 'invalid_credentials', () => call(keys, 'POST', '/token?grant_type=password', { body: { email: user.email, password: huge } }))
    await refused(422, 'weak_password', () => call(keys, 'POST', '/signup', { body: { email: newEmail(), password: '12345' } }))
    const weak = await call(keys, 'POST', '/signup', { body: { email: newEmail(), password: '1' } })
    expect(weak.body.weak_password).toEqual({ reasons: ['length'] })
    await refused(400, 'validation_failed', () => call(keys, 'PUT', '/user', { token: user.access, body: { password: huge } }))
  })

  it('refuses JSON bombs: deep nesting, huge bodies, bodies that are not objects', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    await refused(400, 'bad_json',
      () => call(keys, 'POST', '/signup', { rawBody: deep }),
      () => call(keys, 'POST', '/signup', { rawBody: `{"email": "a@example.com", "data": ${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}` }),
      () => call(keys, 'POST', '/signup', { rawBody: '{"email": ' }),
      () => call(keys, 'POST', '/signup', { rawBody: '{"__proto__": {"admin": true}}' }),
      () => call(keys, 'POST', '/signup', { rawBody: '[1, 2, 3]' }),
      () => call(keys, 'PUT', '/user', { token: user.access, rawBody: deep }),
    )
    await refused(413, 'request_too_large',
      () => call(keys, 'POST', '/signup', { body: { email: newEmail(), password, data: { blob: 'x'.repeat(2 * 1024 * 1024) } } }))
  })

  it('refuses expired, forged and foreign tokens with bad_jwt, and ended sessions with session_not_found', async () => {
    const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated' }
    const now = Math.floor(Date.now() / 1000)
    const expired = await sign(keys.jwtSecret, claims, now - 60)
    const foreign = await sign('another-projects-secret-0123456789abcdef', claims, now + 3600)
    const [h, p] = user.access.split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'service_role', exp: now + 3600 })).toString('base64url')
    const forged = `${h}.${forgedPayload}.${user.access.split('.')[2]}`
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`
    await refused(403, 'bad_jwt',
      ...[expired, foreign, forged, none, 'not.a.jwt', 'garbage'].map((token) => () => call(keys, 'GET', '/user', { token })),
      () => call(keys, 'PUT', '/user', { token: foreign, body: { data: { hacked: true } } }),
      () => call(keys, 'POST', '/factors', { token: expired, body: { factor_type: 'totp' } }),
      () => call(keys, 'POST', '/logout', { token: forged }),
      () => call(keys, 'GET', '/admin/users', { token: foreign }),
    )
    const gone = await sign(keys.jwtSecret, { ...claims, session_id: '00000000-0000-0000-0000-000000000009' }, now + 3600)
    await refused(403, 'session_not_found', () => call(keys, 'GET', '/user', { token: gone }), () => call(keys, 'PUT', '/user', { token: gone, body: { data: { x: 1 } } }))
    await refused(403, 'not_admin',
      () => call(keys, 'GET', '/admin/users', { token: keys.anonKey }),
      () => call(keys, 'POST', '/admin/users', { token: user.access, body: { email: newEmail(), password } }),
      () => call(keys, 'DELETE', `/admin/users/${user.id}`, { token: user.access }))
    await refused(401, 'no_authorization',
      () => call(keys, 'POST', '/signup', { apikey: null, body: { email: newEmail(), password } }),
      () => call(keys, 'POST', '/signup', { apikey: foreign, body: { email: newEmail(), password } }),
      () => call(keys, 'GET', '/user', { apikey: null }))
  })

  it('refuses replayed and unknown refresh tokens', async () => {
    const first = await call(keys, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: user.refresh } })
    expect(first.status).toBe(200)
    await call(keys, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: first.body.refresh_token } })
    await own.studio.auth.updateConfig(REF, { SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: 0 })
    // the replay revokes the family (that is its change); a second replay changes nothing more
    expect((await call(keys, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: user.refresh } })).body.code).toBe('refresh_token_already_used')
    await refused(400, 'refresh_token_already_used', () => call(keys, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: user.refresh } }))
    await refused(400, 'refresh_token_not_found',
      () => call(keys, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: 'x'.repeat(22) } }))
    await refused(400, 'validation_failed',
      () => call(keys, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: { $gt: '' } } }),
      () => call(keys, 'POST', '/token?grant_type=magic', { body: {} }),
      () => call(keys, 'POST', '/verify', { body: { type: 'signup' } }),
      () => call(keys, 'POST', '/verify', { body: { type: 'nope', token: '123456', email: user.email } }))
    await refused(403, 'otp_expired', () => call(keys, 'POST', '/verify', { body: { type: 'email', token: '123456', email: user.email } }))
  })

  it('answers the legacy shape to a client without the API version header', async () => {
    const res = await call(keys, 'POST', '/token?grant_type=password', { body: { email: user.email, password: 'wrong' }, version: false })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' })
    const missing = await call(keys, 'GET', '/nowhere')
    expect(missing).toMatchObject({ status: 404, body: { code: 'not_found' } })
  })

  it('answers 429 over the sign-in rate limit, per address', async () => {
    await own.studio.auth.updateConfig(REF, { RATE_LIMIT_SIGN_IN_SIGN_UPS: 3 })
    own.studio.auth.limits.reset()
    const attempt = () => call(keys, 'POST', '/token?grant_type=password', { body: { email: user.email, password: 'wrong' } })
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400)
    await refused(429, 'over_request_rate_limit', attempt, () => call(keys, 'POST', '/signup', { body: { email: newEmail(), password } }))
    own.studio.auth.limits.reset()
    await own.studio.auth.updateConfig(REF, { RATE_LIMIT_SIGN_IN_SIGN_UPS: 1000 })
  })
})
