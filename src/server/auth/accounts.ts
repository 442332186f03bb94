/**
 * What a user does through the API: sign up (email + password, or anonymously), sign in with a password,
 * ask for a magic link or an email OTP, verify one (POST, or GET from the mail's link), ask for a password
 * recovery, update themselves, sign out. Each checks the configuration and the rate limits first, and
 * writes the audit log.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { AuthUser } from '../../shared/auth'
import type { Queryable } from '../db/driver'
import {
  anonymousDisabled, AuthError, emailExists, emailNotConfirmed, emailProviderDisabled, emailRateLimited, invalidCredentials,
  otpExpired, samePassword, signupDisabled, userAlreadyExists, userBanned, userNotFound, validationFailed,
} from './errors'
import type { MailKind } from './mail'
import { otpHash, spendOtp, type OtpColumn } from './otp'
import { checkPassword, hashPassword, verifyPassword } from './passwords'
import { FIVE_MINUTES_MS, HOUR_MS } from './rate-limit'
import { checkEmail, type AuthService } from './service'
import { startSession, type AuthMethod, type Client, type SessionResponse } from './tokens'
import { confirmEmail, insertUser, rowByEmail, rowById, userById, type UserRow } from './users'

/** Seconds between two mails of one kind to one user (GoTrue's SMTP_MAX_FREQUENCY). */
const MAIL_MIN_INTERVAL_S = 60

const phoneDisabled = () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')

export function metadataOf(value: unknown, name = 'data'): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${name} must be an object`)
  return value as Record<string, unknown>
}

/** PKCE: a code challenge given with a request that sends a link. */
export interface Pkce {
  challenge: string
  method: 's256' | 'plain'
}

export function pkceOf(body: Record<string, unknown>): Pkce | undefined {
  const challenge = body.code_challenge
  if (challenge === undefined || challenge === null || challenge === '') return undefined
  const method = String(body.code_challenge_method ?? 's256').toLowerCase()
  if (typeof challenge !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge) || (method !== 's256' && method !== 'plain')) {
    throw validationFailed('code challenge does not match previously saved code verifier')
  }
  return { challenge, method }
}

export async function saveFlow(db: Queryable, userId: string, pkce: Pkce, method: string, provider = 'email'): Promise<string> {
  const id = randomUUID()
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, now(), now(), $7)`,
    [id, userId, randomUUID(), pkce.method, pkce.challenge, provider, method],
  )
  return id
}

/** The per-project and per-user limits on mails sent through the API (the dashboard's are not limited). */
function takeMailLimit(service: AuthService, ref: string, limit: number, sentAt: string | null, _kind: MailKind): void {
  if (sentAt) {
    const wait = MAIL_MIN_INTERVAL_S - Math.floor((Date.now() - Date.parse(sentAt)) / 1000)
    if (wait > 0) throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`)
  }
  service.limits.take(`${ref}:email`, limit, HOUR_MS, emailRateLimited)
}

/** GoTrue's answer to a repeated sign-up when confirmations are on: a look-alike user, so addresses cannot be probed. */
function obfuscatedUser(email: string): AuthUser {
  const now = new Date().toISOString()
  return {
    id: randomUUID(), aud: 'authenticated', role: 'authenticated', email, email_confirmed_at: null, phone: '', phone_confirmed_at: null,
    confirmation_sent_at: now, confirmed_at: null, recovery_sent_at: null, invited_at: null, last_sign_in_at: null,
    app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, identities: [], created_at: now, updated_at: now,
    banned_until: null, is_anonymous: false,
  }
}

export async function signUp(service: AuthService, ref: string, body: Record<string, unknown>, client: Client, redirectTo?: string): Promise<SessionResponse | AuthUser> {
  const config = await service.configs.get(ref)
  const issuer = await service.issuer(ref)
  const data = metadataOf(body.data)
  if ((body.email === undefined || body.email === '') && (body.phone === undefined || body.phone === '')) {
    if (!config.EXTERNAL_ANONYMOUS_USERS_ENABLED) throw anonymousDisabled()
    service.limits.take(`${ref}:anonymous:${client.ip}`, config.RATE_LIMIT_ANONYMOUS_USERS, HOUR_MS)
    return service.db.transaction(async (tx) => {
      const id = await insertUser(tx, { isAnonymous: true, userMetadata: data })
      await service.audit({ action: 'user_signedup', actorId: id, ip: client.ip, traits: { provider: 'anonymous' } }, tx)
      return startSession(tx, issuer, id, 'anonymous', client)
    })
  }
  if (config.DISABLE_SIGNUP) throw signupDisabled()
  if (body.phone !== undefined && body.phone !== '') throw phoneDisabled()
  if (!config.EXTERNAL_EMAIL_ENABLED) throw emailProviderDisabled()
  service.limits.take(`${ref}:sign-in:${client.ip}`, config.RATE_LIMIT_SIGN_IN_SIGN_UPS, FIVE_MINUTES_MS)
  const email = checkEmail(body.email)
  const password = checkPassword(body.password, config)
  const pkce = pkceOf(body)
  const hash = await hashPassword(password)
  const result = await service.db.transaction(async (tx) => {
    const existing = await rowByEmail(tx, email, true)
    if (existing && (existing.email_confirmed || config.MAILER_AUTOCONFIRM)) {
      if (config.MAILER_AUTOCONFIRM) throw userAlreadyExists()
      await service.audit({ action: 'user_repeated_signup', actorId: existing.id, actorUsername: email, ip: client.ip }, tx)
      return { repeated: obfuscatedUser(email) }
    }
    let id: string
    if (existing) {
      id = existing.id
      await tx.query(`update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = now() where id = $1`, [id, hash, JSON.stringify(data)])
    } else {
      id = await insertUser(tx, { email, passwordHash: hash, userMetadata: data })
      await service.audit({ action: 'user_signedup', actorId: id, actorUsername: email, ip: client.ip, traits: { provider: 'email' } }, tx)
    }
    if (config.MAILER_AUTOCONFIRM) {
      await confirmEmail(tx, id)
      await service.audit({ action: 'login', actorId: id, actorUsername: email, ip: client.ip, traits: { provider: 'email' } }, tx)
      return { session: await startSession(tx, issuer, id, 'password', client) }
    }
    takeMailLimit(service, ref, config.RATE_LIMIT_EMAIL_SENT, existing?.confirmation_sent_at ?? null, 'confirmation')
    if (pkce) await saveFlow(tx, id, pkce, 'email/signup')
    await service.audit({ action: 'user_confirmation_requested', actorId: id, actorUsername: email, ip: client.ip }, tx)
    return { id }
  })
  if (result.repeated) return result.repeated
  if (result.session) return result.session
  await service.mailLink(ref, { id: result.id!, email }, 'confirmation', { redirectTo })
  return (await userById(service.db, result.id!))!
}

export async function signInWithPassword(service: AuthService, ref: string, body: Record<string, unknown>, client: Client): Promise<SessionResponse> {
  const config = await service.configs.get(ref)
  service.limits.take(`${ref}:sign-in:${client.ip}`, config.RATE_LIMIT_SIGN_IN_SIGN_UPS, FIVE_MINUTES_MS)
  if (body.phone !== undefined && body.phone !== '' && (body.email === undefined || body.email === '')) throw phoneDisabled()
  if (typeof body.email !== 'string' || !body.email) throw validationFailed('missing email or phone')
  if (!config.EXTERNAL_EMAIL_ENABLED) throw emailProviderDisabled()
  const password = typeof body.password === 'string' ? body.password : ''
  const user = body.email.length <= 255 ? await rowByEmail(service.db, body.email) : undefined
  const ok = await verifyPassword(user && !user.deleted ? user.encrypted_password : null, password)
  if (!user || !ok) {
    await service.audit({ action: 'login_failed', actorId: user?.id, actorUsername: body.email.slice(0, 255), ip: client.ip, traits: { error: 'invalid_credentials' } })
    throw invalidCredentials()
  }
  if (user.banned) {
    await service.audit({ action: 'login_failed', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip, traits: { error: 'user_banned' } })
    throw userBanned()
  }
  if (!user.email_confirmed) throw emailNotConfirmed()
  const issuer = await service.issuer(ref)
  return service.db.transaction(async (tx) => {
    await service.audit({ action: 'login', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip, traits: { provider: 'email' } }, tx)
    return startSession(tx, issuer, user.id, 'password', client)
  })
}

/** POST /otp (magic link or email code) and POST /magiclink: creates the user when asked to. */
export async function sendOtp(service: AuthService, ref: string, body: Record<string, unknown>, client: Client, redirectTo?: string): Promise<void> {
  const config = await service.configs.get(ref)
  service.limits.take(`${ref}:otp:${client.ip}`, config.RATE_LIMIT_OTP, HOUR_MS)
  if (body.phone !== undefined && body.phone !== '' && (body.email === undefined || body.email === '')) throw phoneDisabled()
  if (!config.EXTERNAL_EMAIL_ENABLED) throw emailProviderDisabled()
  const email = checkEmail(body.email)
  const pkce = pkceOf(body)
  const data = metadataOf(body.data)
  const { user, kind } = await service.db.transaction(async (tx) => {
    let user = await rowByEmail(tx, email, true)
    if (!user) {
      if (body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
      if (config.DISABLE_SIGNUP) throw signupDisabled()
      const id = await insertUser(tx, { email, userMetadata: data })
      await service.audit({ action: 'user_signedup', actorId: id, actorUsername: email, ip: client.ip, traits: { provider: 'email' } }, tx)
      if (config.MAILER_AUTOCONFIRM) await confirmEmail(tx, id)
      user = (await rowById(tx, id))!
    }
    const kind: MailKind = user.email_confirmed ? 'magic_link' : 'confirmation'
    takeMailLimit(service, ref, config.RATE_LIMIT_EMAIL_SENT, kind === 'magic_link' ? user.recovery_sent_at : user.confirmation_sent_at, kind)
    if (pkce) await saveFlow(tx, user.id, pkce, kind === 'magic_link' ? 'magiclink' : 'email/signup')
    await service.audit({ action: kind === 'magic_link' ? 'magiclink_requested' : 'user_confirmation_requested', actorId: user.id, actorUsername: email, ip: client.ip }, tx)
    return { user, kind }
  })
  await service.mailLink(ref, { id: user.id, email }, kind, { redirectTo })
}

export async function recover(service: AuthService, ref: string, body: Record<string, unknown>, client: Client, redirectTo?: string): Promise<void> {
  const config = await service.configs.get(ref)
  service.limits.take(`${ref}:otp:${client.ip}`, config.RATE_LIMIT_OTP, HOUR_MS)
  const email = checkEmail(body.email)
  const pkce = pkceOf(body)
  const user = await rowByEmail(service.db, email)
  if (!user) return // no answer tells whether the address has an account
  takeMailLimit(service, ref, config.RATE_LIMIT_EMAIL_SENT, user.recovery_sent_at, 'recovery')
  await service.db.transaction(async (tx) => {
    if (pkce) await saveFlow(tx, user.id, pkce, 'recovery')
    await service.audit({ action: 'user_recovery_requested', actorId: user.id, actorUsername: email, ip: client.ip }, tx)
  })
  await service.mailLink(ref, { id: user.id, email }, 'recovery', { redirectTo })
}

/** POST /resend: the sign-up confirmation again (an unconfirmed user), or the pending email change's mail. */
export async function resend(service: AuthService, ref: string, body: Record<string, unknown>, client: Client, redirectTo?: string): Promise<void> {
  const config = await service.configs.get(ref)
  service.limits.take(`${ref}:otp:${client.ip}`, config.RATE_LIMIT_OTP, HOUR_MS)
  if (body.type !== 'signup' && body.type !== 'email_change') {
    throw validationFailed(body.type === 'sms' || body.type === 'phone_change' ? 'Phone signups are disabled' : 'Missing one of these types: signup, email_change, sms, phone_change')
  }
  const email = checkEmail(body.email)
  const user = await rowByEmail(service.db, email)
  if (body.type === 'signup') {
    if (!user || user.email_confirmed) return // nothing to confirm; the answer tells nobody which
    takeMailLimit(service, ref, config.RATE_LIMIT_EMAIL_SENT, user.confirmation_sent_at, 'confirmation')
    await service.mailLink(ref, { id: user.id, email }, 'confirmation', { redirectTo })
    return
  }
  if (!user?.email_change) return
  takeMailLimit(service, ref, config.RATE_LIMIT_EMAIL_SENT, user.email_change_sent_at, 'email_change')
  await service.mailLink(ref, { id: user.id, email }, 'email_change', { redirectTo, to: user.email_change })
}

const VERIFY_COLUMNS: Record<string, OtpColumn[]> = {
  signup: ['confirmation'], invite: ['confirmation'], magiclink: ['recovery'], recovery: ['recovery'],
  email: ['confirmation', 'recovery'], email_change: ['email_change_new', 'email_change_current'],
}
const VERIFY_METHOD: Record<string, AuthMethod> = {
  signup: 'email/signup', invite: 'invite', magiclink: 'magiclink', recovery: 'recovery', email: 'otp', email_change: 'email_change',
}

export type Verified = { session: SessionResponse; type: string } | { code: string; type: string } | { message: string; type: string }

/** GoTrue's answer to the first half of a secure email change. */
export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/**
 * Spends a mail's token: `hash` is the link's token (token_hash), or, for a typed code, otpHash(email, code).
 * With a pending PKCE flow of the user (GET from a link) the answer is an auth code, else a session.
 */
export async function verifyOtp(
  service: AuthService, ref: string, input: { type: unknown; hash: string }, client: Client, viaLink: boolean,
): Promise<Verified> {
  const config = await service.configs.get(ref)
  service.limits.take(`${ref}:verify:${client.ip}`, config.RATE_LIMIT_VERIFY, FIVE_MINUTES_MS)
  const type = typeof input.type === 'string' ? input.type : ''
  const columns = VERIFY_COLUMNS[type]
  if (!columns) throw validationFailed(`Verify requires a verification type`)
  const issuer = await service.issuer(ref)
  const out = await service.db.transaction(async (tx) => {
    const spent = input.hash && input.hash.length <= 200 ? await spendOtp(tx, input.hash, columns, config.MAILER_OTP_EXP) : undefined
    if (!spent) return undefined
    const user = (await rowById(tx, spent.userId))!
    if (user.banned) throw userBanned()
    await confirmEmail(tx, user.id)
    if (type === 'invite') await service.audit({ action: 'invite_accepted', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip }, tx)
    if (type === 'email_change' && user.email_change) {
      const other = (await tx.query<{ pending: boolean }>(
        `select coalesce(email_change_token_new, '') <> '' or coalesce(email_change_token_current, '') <> '' as pending from auth.users where id = $1`, [user.id],
      )).rows[0]!
      if (other.pending) {
        await tx.query('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [user.id])
        return { message: SINGLE_CONFIRMATION, type }
      }
      await changeEmail(tx, user, user.email_change)
      await service.audit({ action: 'user_modified', actorId: user.id, actorUsername: user.email_change, ip: client.ip, traits: { email_change: true } }, tx)
    }
    const method = VERIFY_METHOD[type]!
    if (viaLink) {
      const flow = (await tx.query<{ auth_code: string }>(
        `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
         where id = (select id from auth.flow_state where user_id = $1 and auth_code_issued_at is null
                     and created_at > now() - make_interval(secs => $2) order by created_at desc limit 1)
         returning auth_code`,
        [user.id, config.MAILER_OTP_EXP],
      )).rows[0]
      if (flow) return { code: flow.auth_code, type }
    }
    await service.audit({ action: 'login', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip, traits: { provider: 'email', method } }, tx)
    return { session: await startSession(tx, issuer, user.id, method, client), type }
  })
  if (!out) {
    await service.audit({ action: 'login_failed', ip: client.ip, traits: { error: 'otp_expired', type } })
    throw viaLink ? new AuthError(403, 'otp_expired', 'Email link is invalid or has expired') : otpExpired()
  }
  return out
}

/** The hash a POST /verify names: token_hash, or the typed code with its email. */
export function verifyHash(body: Record<string, unknown>): string {
  if (typeof body.token_hash === 'string' && body.token_hash) return body.token_hash
  if (typeof body.token !== 'string' || !body.token) throw validationFailed('Verify requires a token or a token hash')
  if (typeof body.email === 'string' && body.email) return otpHash(checkEmail(body.email), body.token.trim())
  return body.token
}

async function changeEmail(tx: Queryable, user: UserRow, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = now(), updated_at = now() where id = $1`,
    [user.id, email],
  )
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, email],
  )
}

const MERGE_METADATA = (column: string) =>
  `coalesce((select jsonb_object_agg(k, v) from jsonb_each(coalesce(${column}, '{}') || $2::jsonb) e(k, v) where v <> 'null'::jsonb), '{}')`

/** PUT /user: new data (merged; a null value removes the key), password, or email (confirmed by mail unless autoconfirm). */
export async function updateUser(service: AuthService, ref: string, userId: string, body: Record<string, unknown>, client: Client, redirectTo?: string): Promise<AuthUser> {
  const config = await service.configs.get(ref)
  const data = body.data === undefined ? undefined : metadataOf(body.data)
  const password = body.password === undefined ? undefined : checkPassword(body.password, config)
  const email = body.email === undefined || body.email === '' ? undefined : checkEmail(body.email)
  const user = await rowById(service.db, userId)
  if (!user) throw userNotFound()
  if (password !== undefined && user.encrypted_password && (await verifyPassword(user.encrypted_password, password))) throw samePassword()
  const hash = password === undefined ? undefined : await hashPassword(password)
  const mailTo = await service.db.transaction(async (tx) => {
    if (data) await tx.query(`update auth.users set raw_user_meta_data = ${MERGE_METADATA('raw_user_meta_data')}, updated_at = now() where id = $1`, [userId, JSON.stringify(data)])
    if (hash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [userId, hash])
      await service.audit({ action: 'user_updated_password', actorId: userId, actorUsername: user.email ?? '', ip: client.ip }, tx)
    }
    if (data) await service.audit({ action: 'user_modified', actorId: userId, actorUsername: user.email ?? '', ip: client.ip }, tx)
    if (!email || email === user.email) return undefined
    const taken = await rowByEmail(tx, email)
    if (taken && taken.id !== userId) throw emailExists()
    if (config.MAILER_AUTOCONFIRM || user.is_anonymous) {
      // an anonymous user adding an email confirms it by mail, as GoTrue; else autoconfirm changes it at once
      if (!user.is_anonymous) {
        await changeEmail(tx, user, email)
        return undefined
      }
    }
    takeMailLimit(service, ref, config.RATE_LIMIT_EMAIL_SENT, user.email_change_sent_at, 'email_change')
    await tx.query(`update auth.users set email_change = $2, updated_at = now() where id = $1`, [userId, email])
    await service.audit({ action: 'user_email_change_requested', actorId: userId, actorUsername: user.email ?? '', ip: client.ip }, tx)
    return email
  })
  if (mailTo) {
    await service.mailLink(ref, { id: userId, email: user.email ?? mailTo }, 'email_change', { redirectTo, to: mailTo })
    // secure email change: the current address confirms too (both links, in either order)
    if (config.MAILER_SECURE_EMAIL_CHANGE_ENABLED && user.email && user.email_confirmed) {
      await service.mailLink(ref, { id: userId, email: user.email }, 'email_change', { redirectTo, to: user.email, column: 'email_change_current', newEmail: mailTo })
    }
  }
  return (await userById(service.db, userId))!
}

export async function logout(service: AuthService, userId: string, sessionId: string | undefined, scope: string, client: Client): Promise<void> {
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`)
  await service.db.transaction(async (tx) => {
    if (scope === 'global' || !sessionId) await tx.query('delete from auth.sessions where user_id = $1', [userId])
    else if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [sessionId])
    else await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
    await service.audit({ action: 'logout', actorId: userId, ip: client.ip, traits: { scope } }, tx)
  })
}

/** grant_type=pkce: the auth code of a flow, with the verifier whose hash its challenge is. */
export async function exchangeCode(service: AuthService, ref: string, body: Record<string, unknown>, client: Client): Promise<SessionResponse> {
  const { auth_code: code, code_verifier: verifier } = body
  if (typeof code !== 'string' || typeof verifier !== 'string' || !code || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty')
  const issuer = await service.issuer(ref)
  return service.db.transaction(async (tx) => {
    const flow = (await tx.query<{ id: string; user_id: string | null; method: string; challenge: string; authentication_method: string; fresh: boolean; provider_access_token: string | null; provider_refresh_token: string | null }>(
      `select id, user_id, code_challenge_method::text as method, code_challenge as challenge, authentication_method,
         coalesce(auth_code_issued_at, created_at) > now() - interval '5 minutes' as fresh, provider_access_token, provider_refresh_token
       from auth.flow_state where auth_code = $1 for update`,
      [code],
    )).rows[0]
    if (!flow || !flow.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (!flow.fresh) {
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired')
    }
    const expected = flow.method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
    if (expected !== flow.challenge) throw new AuthError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
    await tx.query('delete from auth.flow_state where id = $1', [flow.id])
    const user = await rowById(tx, flow.user_id)
    if (!user) throw userNotFound()
    if (user.banned) throw userBanned()
    await service.audit({ action: 'login', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip, traits: { provider: 'pkce', method: flow.authentication_method } }, tx)
    const session = await startSession(tx, issuer, user.id, flow.authentication_method as AuthMethod, client)
    return flow.provider_access_token ? { ...session, provider_token: flow.provider_access_token, provider_refresh_token: flow.provider_refresh_token } : session
  })
}

