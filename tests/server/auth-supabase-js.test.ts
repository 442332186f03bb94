/** @supabase/supabase-js, unchanged from npm, against the studio's auth service (and its storage API with a user's token). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import type { SupabaseClient } from '@supabase/supabase-js'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { keysOf, lastMail, linkOf, newEmail, REF, supabase, type ProjectKeysOf } from '../support/auth-client'
import { totp } from '../../src/server/auth/totp'

describe.each(targets())('supabase-js auth on $name', (target) => {
  let own: OwnStudio
  let keys: ProjectKeysOf
  let anon: SupabaseClient
  let admin: SupabaseClient
  const password = 'correct-horse-1'

  beforeAll(async () => {
    own = await ownStudio(target, 'auth-js')
    keys = await keysOf(own.studio)
    await own.studio.auth.updateConfig(REF, {
      RATE_LIMIT_SIGN_IN_SIGN_UPS: 1000, RATE_LIMIT_EMAIL_SENT: 1000, SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: 0,
      URI_ALLOW_LIST: 'http://localhost:3000/**',
    })
    anon = supabase(keys)
    admin = supabase(keys, keys.serviceRoleKey)
  })
  afterAll(() => own?.close())

  /** A confirmed user and a client signed in as them. */
  async function signedIn(email = newEmail()) {
    const client = supabase(keys)
    const up = await client.auth.signUp({ email, password })
    expect(up.error).toBeNull()
    return { client, email, session: up.data.session!, user: up.data.user! }
  }

  it('signs up, signs in, and refuses a wrong password or a second sign-up', async () => {
    const email = newEmail('Ada')
    const up = await anon.auth.signUp({ email, password, options: { data: { name: 'Ada' } } })
    expect(up.error).toBeNull()
    expect(up.data.user).toMatchObject({ email: email.toLowerCase(), user_metadata: { name: 'Ada' }, role: 'authenticated', aud: 'authenticated' })
    expect(up.data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    const claims = decodeJwt(up.data.session!.access_token)
    expect(claims).toMatchObject({
      iss: `${keys.apiUrl}/auth/v1`, sub: up.data.user!.id, aud: 'authenticated', role: 'authenticated', email: email.toLowerCase(),
      aal: 'aal1', amr: [{ method: 'password', timestamp: expect.any(Number) }], is_anonymous: false,
      session_id: expect.any(String), app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: { name: 'Ada' },
    })
    expect(claims.exp! - claims.iat!).toBe(3600)

    const again = await anon.auth.signUp({ email, password })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' })

    const client = supabase(keys)
    const ok = await client.auth.signInWithPassword({ email, password })
    expect(ok.error).toBeNull()
    expect(ok.data.user?.last_sign_in_at).toBeTruthy()
    const wrong = await client.auth.signInWithPassword({ email, password: 'wrong-password' })
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    const nobody = await client.auth.signInWithPassword({ email: newEmail(), password })
    expect(nobody.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    const weak = await anon.auth.signUp({ email: newEmail(), password: '123' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] })

    const me = await anon.auth.getUser(ok.data.session!.access_token)
    expect(me.data.user).toMatchObject({ id: up.data.user!.id, email: email.toLowerCase() })
    const actions = (await own.studio.db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_id' = $1`, [up.data.user!.id])).rows.map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['user_signedup', 'login', 'login_failed']))
  })

  it('rotates refresh tokens and revokes the session family when a used one comes back', async () => {
    const { session } = await signedIn()
    const r0 = session.refresh_token
    const first = await anon.auth.refreshSession({ refresh_token: r0 })
    expect(first.error).toBeNull()
    const r1 = first.data.session!.refresh_token
    expect(r1).not.toBe(r0)
    expect(decodeJwt(first.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id)
    const second = await anon.auth.refreshSession({ refresh_token: r1 })
    const r2 = second.data.session!.refresh_token
    // the parent of the active token is still accepted (a client that lost its last answer)
    const lost = await anon.auth.refreshSession({ refresh_token: r1 })
    expect(lost.error).toBeNull()
    // an older one is reuse: every token of the session is revoked
    const reused = await anon.auth.refreshSession({ refresh_token: r0 })
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
    for (const t of [r2, lost.data.session!.refresh_token]) {
      expect((await anon.auth.refreshSession({ refresh_token: t })).error).toMatchObject({ code: 'refresh_token_already_used' })
    }
    expect((await anon.auth.refreshSession({ refresh_token: 'not-a-token' })).error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
  })

  it('signs out: the old access token is refused by /user, its refresh token too; scope others keeps this session', async () => {
    const { client, email, session } = await signedIn()
    expect((await client.auth.signOut()).error).toBeNull()
    const after = await anon.auth.getUser(session.access_token)
    expect(after.error?.name).toBe('AuthSessionMissingError')
    const raw = await fetch(`${keys.apiUrl}/auth/v1/user`, { headers: { apikey: keys.anonKey, authorization: `Bearer ${session.access_token}` } })
    expect(raw.status).toBe(403)
    expect(await raw.json()).toMatchObject({ error_code: 'session_not_found' })
    expect((await anon.auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({ code: 'refresh_token_not_found' })

    const a = supabase(keys)
    const b = supabase(keys)
    const sa = (await a.auth.signInWithPassword({ email, password })).data.session!
    const sb = (await b.auth.signInWithPassword({ email, password })).data.session!
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await anon.auth.getUser(sa.access_token)).error).toBeNull()
    expect((await anon.auth.getUser(sb.access_token)).error?.name).toBe('AuthSessionMissingError')
  })

  it('signs in with a magic link and with an email code through the outbox', async () => {
    const email = newEmail('magic')
    const sent = await anon.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:3000/welcome' } })
    expect(sent.error).toBeNull()
    const mail = await lastMail(own.studio, email)
    expect(mail).toMatchObject({ kind: 'magic_link', subject: 'Your Magic Link', status: 'kept' })
    const { url } = linkOf(mail)
    const res = await fetch(url, { redirect: 'manual' })
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location.startsWith('http://localhost:3000/welcome#access_token=')).toBe(true)
    const fragment = new URLSearchParams(location.split('#')[1])
    expect(fragment.get('type')).toBe('magiclink')
    const me = await anon.auth.getUser(fragment.get('access_token')!)
    expect(me.data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) })
    expect(decodeJwt(fragment.get('access_token')!).amr).toEqual([expect.objectContaining({ method: 'magiclink' })])
    // a link works once
    const again = await fetch(url, { redirect: 'manual' })
    expect(new URLSearchParams(again.headers.get('location')!.split('#')[1]).get('error_code')).toBe('otp_expired')

    const other = newEmail('code')
    await own.studio.auth.createUser(REF, { email: other, password, autoConfirm: true })
    expect((await anon.auth.signInWithOtp({ email: other, options: { shouldCreateUser: false } })).error).toBeNull()
    const { code } = linkOf(await lastMail(own.studio, other))
    expect((await anon.auth.verifyOtp({ email: other, token: '000000' === code ? '111111' : '000000', type: 'email' })).error)
      .toMatchObject({ status: 403, code: 'otp_expired' })
    const verified = await anon.auth.verifyOtp({ email: other, token: code, type: 'email' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(other)
    const stranger = await anon.auth.signInWithOtp({ email: newEmail(), options: { shouldCreateUser: false } })
    expect(stranger.error).toMatchObject({ status: 422, code: 'otp_disabled' })
  })

  it('recovers a password: the mail, its code, a new password', async () => {
    const { email } = await signedIn()
    expect((await anon.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset' })).error).toBeNull()
    expect((await anon.auth.resetPasswordForEmail(newEmail())).error).toBeNull() // no answer tells who has an account
    const mail = await lastMail(own.studio, email)
    expect(mail).toMatchObject({ kind: 'recovery', subject: 'Reset Your Password' })
    const client = supabase(keys)
    const verified = await client.auth.verifyOtp({ email, token: linkOf(mail).code, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(decodeJwt(verified.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'recovery' })])
    expect((await client.auth.updateUser({ password })).error).toMatchObject({ status: 422, code: 'same_password' })
    expect((await client.auth.updateUser({ password: 'a-new-password', data: { recovered: true } })).data.user?.user_metadata).toMatchObject({ recovered: true })
    expect((await anon.auth.signInWithPassword({ email, password })).error).toMatchObject({ code: 'invalid_credentials' })
    expect((await anon.auth.signInWithPassword({ email, password: 'a-new-password' })).error).toBeNull()
  })

  it('enrols a TOTP factor, challenges and verifies it: aal2 with a totp amr', async () => {
    const { client, user } = await signedIn()
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
    expect(enrolled.error).toBeNull()
    const { id: factorId, totp: { secret, uri, qr_code } } = enrolled.data as { id: string; totp: { secret: string; uri: string; qr_code: string } }
    expect(qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^>]*viewBox/)
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })).error).toMatchObject({ code: 'mfa_factor_name_conflict' })
    const ch = await client.auth.mfa.challenge({ factorId })
    expect(ch.error).toBeNull()
    const bad = await client.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp(secret) === '000000' ? '111111' : '000000' })
    expect(bad.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    const ok = await client.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp(secret) })
    expect(ok.error).toBeNull()
    const claims = decodeJwt(ok.data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(expect.arrayContaining(['totp', 'password']))
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const factors = await admin.auth.admin.mfa.listFactors({ userId: user.id })
    expect(factors.data?.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })])
    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull()
    expect((await own.studio.auth.user(REF, user.id)).factors).toEqual([])
  })

  it('administers users with the service_role key, and refuses the anon key', async () => {
    const email = newEmail('admin')
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { plan: 'pro' } })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 })
    expect(list.data.users.map((u) => u.id)).toContain(id)
    expect((await admin.auth.admin.getUserById(id)).data.user).toMatchObject({ email, user_metadata: { plan: 'pro' } })
    const updated = await admin.auth.admin.updateUserById(id, { user_metadata: { team: 'a' }, ban_duration: '1h' })
    expect(updated.data.user).toMatchObject({ user_metadata: { plan: 'pro', team: 'a' } })
    expect((await anon.auth.signInWithPassword({ email, password })).error).toMatchObject({ code: 'user_banned' })
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none' })
    expect((await anon.auth.signInWithPassword({ email, password })).error).toBeNull()

    const link = await admin.auth.admin.generateLink({ type: 'magiclink', email })
    expect(link.error).toBeNull()
    expect(link.data.properties).toMatchObject({ verification_type: 'magiclink', email_otp: expect.stringMatching(/^\d{6}$/) })
    expect((await anon.auth.verifyOtp({ token_hash: link.data.properties!.hashed_token, type: 'magiclink' })).error).toBeNull()

    const invitee = newEmail('invitee')
    const invited = await admin.auth.admin.inviteUserByEmail(invitee, { redirectTo: 'http://localhost:3000/join' })
    expect(invited.error).toBeNull()
    expect(await lastMail(own.studio, invitee)).toMatchObject({ kind: 'invite' })
    const accepted = await anon.auth.verifyOtp({ email: invitee, token: linkOf(await lastMail(own.studio, invitee)).code, type: 'invite' })
    expect(accepted.error).toBeNull()

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull()
    expect((await admin.auth.admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' })
    expect((await anon.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin' })
  })

  it('with confirm email on: sign-up waits for its mail, and an email change is confirmed by the new address', async () => {
    await own.studio.auth.updateConfig(REF, { MAILER_AUTOCONFIRM: false })
    try {
      const email = newEmail('confirm')
      const up = await anon.auth.signUp({ email, password, options: { emailRedirectTo: 'http://localhost:3000/confirmed' } })
      expect(up.error).toBeNull()
      expect(up.data.session).toBeNull()
      expect(up.data.user).toMatchObject({ email, email_confirmed_at: null })
      expect((await anon.auth.signInWithPassword({ email, password })).error).toMatchObject({ status: 400, code: 'email_not_confirmed' })
      // signing up again does not tell whether the address is taken
      const repeat = await anon.auth.signUp({ email: newEmail('other'), password })
      expect(repeat.error).toBeNull()
      expect((await anon.auth.resend({ type: 'signup', email })).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
      const mail = await lastMail(own.studio, email)
      expect(mail).toMatchObject({ kind: 'confirmation', subject: 'Confirm Your Signup' })
      const landed = await fetch(linkOf(mail).url, { redirect: 'manual' })
      expect(landed.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/confirmed#access_token=.*type=signup/)
      const client = supabase(keys)
      expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull()

      const next = newEmail('moved')
      const changed = await client.auth.updateUser({ email: next })
      expect(changed.error).toBeNull()
      expect(changed.data.user).toMatchObject({ email, new_email: next })
      const change = await lastMail(own.studio, next)
      expect(change).toMatchObject({ kind: 'email_change', subject: 'Confirm Email Change' })
      // secure email change (the default): the current address confirms too, by its own link
      const current = await lastMail(own.studio, email)
      expect(current).toMatchObject({ kind: 'email_change' })
      expect(current.html).toContain(next)
      const half = await fetch(linkOf(current).url, { redirect: 'manual' })
      expect(new URLSearchParams(half.headers.get('location')!.split('#')[1]).get('message')).toMatch(/^Confirmation link accepted/)
      expect((await own.studio.auth.user(REF, changed.data.user!.id)).email).toBe(email)
      const verified = await anon.auth.verifyOtp({ email: next, token: linkOf(change).code, type: 'email_change' })
      expect(verified.error).toBeNull()
      expect(verified.data.user?.email).toBe(next)
      expect((await anon.auth.signInWithPassword({ email: next, password })).error).toBeNull()
    } finally {
      await own.studio.auth.updateConfig(REF, { MAILER_AUTOCONFIRM: true })
    }
  })

  it('signs in anonymously once it is enabled', async () => {
    expect((await anon.auth.signInAnonymously()).error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' })
    await own.studio.auth.updateConfig(REF, { EXTERNAL_ANONYMOUS_USERS_ENABLED: true })
    const client = supabase(keys)
    const signed = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } })
    expect(signed.error).toBeNull()
    expect(signed.data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { theme: 'dark' } })
    expect(decodeJwt(signed.data.session!.access_token)).toMatchObject({ is_anonymous: true, role: 'authenticated' })
    const page = await own.studio.auth.listUsers(REF, { page: 1, per_page: 50, filter: 'anonymous', sort: 'created_at', order: 'desc' })
    expect(page.users.map((u) => u.id)).toContain(signed.data.user!.id)
  })

  it("keeps a user's files to them through the storage API, by an RLS policy on auth.uid()", async () => {
    const bucket = `auth-rls-${Math.random().toString(36).slice(2, 8)}`
    expect((await admin.storage.createBucket(bucket)).error).toBeNull()
    await own.studio.db.exec(`
      create policy "own folder read ${bucket}" on storage.objects for select to authenticated
        using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "own folder write ${bucket}" on storage.objects for insert to authenticated
        with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);`)
    const a = await signedIn()
    const b = await signedIn()
    expect((await a.client.storage.from(bucket).upload(`${a.user.id}/note.txt`, 'mine', { contentType: 'text/plain' })).error).toBeNull()
    expect((await a.client.storage.from(bucket).upload(`${b.user.id}/note.txt`, 'not mine', { contentType: 'text/plain' })).error).not.toBeNull()
    expect(await (await a.client.storage.from(bucket).download(`${a.user.id}/note.txt`)).data?.text()).toBe('mine')
    expect((await b.client.storage.from(bucket).download(`${a.user.id}/note.txt`)).error).not.toBeNull()
    expect((await b.client.storage.from(bucket).list(a.user.id)).data).toEqual([])
    const owner = (await own.studio.db.query<{ owner: string }>(`select owner::text as owner from storage.objects where bucket_id = $1`, [bucket])).rows
    expect(owner).toEqual([{ owner: a.user.id }])
  })

  it('passes the claims through the custom access token hook', async () => {
    await own.studio.db.exec(`
      create or replace function public.add_claims(event jsonb) returns jsonb language sql as $$
        select jsonb_build_object('claims', (event->'claims') || jsonb_build_object('user_role', 'editor', 'method', event->>'authentication_method'))
      $$;`)
    await own.studio.auth.updateConfig(REF, { HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true, HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/add_claims' })
    try {
      const { session } = await signedIn()
      expect(decodeJwt(session.access_token)).toMatchObject({ user_role: 'editor', method: 'password', role: 'authenticated' })
      const refreshed = await anon.auth.refreshSession({ refresh_token: session.refresh_token })
      expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ user_role: 'editor', method: 'token_refresh' })
      await own.studio.db.exec(`
        create or replace function public.add_claims(event jsonb) returns jsonb language sql as $$
          select jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'not today'))
        $$;`)
      const refused = await anon.auth.signInWithPassword({ email: newEmail(), password })
      expect(refused.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
      const { email } = { email: newEmail() }
      await own.studio.auth.createUser(REF, { email, password, autoConfirm: true })
      expect((await anon.auth.signInWithPassword({ email, password })).error).toMatchObject({ status: 403, message: 'not today' })
    } finally {
      await own.studio.auth.updateConfig(REF, { HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: false })
    }
  })
})
