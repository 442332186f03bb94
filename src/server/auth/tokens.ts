/**
 * Sessions, access tokens and refresh tokens, as GoTrue issues them. An access token is an HS256 JWT signed
 * with the project's secret, with Supabase's claims (iss, sub, aud, exp, iat, email, phone, app_metadata,
 * user_metadata, role, aal, amr, session_id, is_anonymous), passed through the custom access token hook when
 * it is on. A refresh token is rotated at each use; a revoked one used again past
 * SECURITY_REFRESH_TOKEN_REUSE_INTERVAL revokes every token of its session (reuse detection). Refresh tokens
 * are stored as their SHA-256 (the column holds what GoTrue's holds, but a database dump opens no session).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { AuthConfig, AuthUser } from '../../shared/auth'
import type { Driver, Queryable } from '../db/driver'
import type { ProjectKeys } from '../platform/keys'
import type { LogSink } from '../logs/collector'
import { audit } from './audit'
import { refreshTokenNotFound, refreshTokenUsed, userBanned } from './errors'
import { customAccessTokenHook } from './hook'
import { rowById, userById } from './users'

/** What issuing a token needs to know of the project. */
export interface Issuer {
  ref: string
  config: AuthConfig
  keys: ProjectKeys
  /** the project API URL: `${studio}/api/projects/${ref}` */
  apiUrl: string
  /** where audit entries are also logged */
  logs: LogSink
}

export interface Client {
  ip: string
  userAgent?: string
}

export interface SessionResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: AuthUser
  provider_token?: string | null
  provider_refresh_token?: string | null
}

/** How a session was authenticated (amr), as GoTrue names the methods. */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'email/signup' | 'invite' | 'recovery' | 'email_change' | 'anonymous' | 'totp' | 'oauth' | 'token_refresh'

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex')
const newRefreshToken = () => randomBytes(16).toString('base64url')

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [tokenDigest(token), userId, parent, sessionId],
  )
  return token
}

/** The session's aal and amr, and the access token for it. */
async function accessToken(tx: Queryable, issuer: Issuer, user: AuthUser, sessionId: string, method: AuthMethod) {
  const session = (await tx.query<{ aal: string; amr: { method: string; timestamp: number }[] }>(
    `select coalesce(s.aal::text, 'aal1') as aal,
       coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method, 'timestamp', extract(epoch from c.updated_at)::bigint)
                 order by c.updated_at desc) from auth.mfa_amr_claims c where c.session_id = s.id), '[]') as amr
     from auth.sessions s where s.id = $1`,
    [sessionId],
  )).rows[0]!
  const now = Math.floor(Date.now() / 1000)
  let claims: Record<string, unknown> = {
    iss: `${issuer.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp: now + issuer.config.JWT_EXP,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: user.role || 'authenticated',
    aal: session.aal,
    amr: session.amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }
  if (issuer.config.HOOK_CUSTOM_ACCESS_TOKEN_ENABLED && issuer.config.HOOK_CUSTOM_ACCESS_TOKEN_URI) {
    claims = await customAccessTokenHook(tx, issuer.config.HOOK_CUSTOM_ACCESS_TOKEN_URI, { user_id: user.id, claims, authentication_method: method })
  }
  const { jwtSecret } = await issuer.keys.secrets(issuer.ref)
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(jwtSecret))
  const exp = typeof claims.exp === 'number' ? claims.exp : now + issuer.config.JWT_EXP
  return { token, exp, expiresIn: exp - now }
}

async function respond(tx: Queryable, issuer: Issuer, userId: string, sessionId: string, refreshToken: string, method: AuthMethod): Promise<SessionResponse> {
  const user = (await userById(tx, userId))!
  const access = await accessToken(tx, issuer, user, sessionId, method)
  return { access_token: access.token, token_type: 'bearer', expires_in: access.expiresIn, expires_at: access.exp, refresh_token: refreshToken, user }
}

/** Records an amr claim (or refreshes its time) on the session. */
export async function addAmr(tx: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, randomUUID()],
  )
}

/** A new session of the user (aal1), its first refresh token, and the access token; last_sign_in_at set. */
export async function startSession(tx: Queryable, issuer: Issuer, userId: string, method: AuthMethod, client: Client): Promise<SessionResponse> {
  const sessionId = randomUUID()
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, userId, client.userAgent?.slice(0, 1000) ?? null, inetOrNull(client.ip)],
  )
  await addAmr(tx, sessionId, method)
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId])
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId])
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null)
  return respond(tx, issuer, userId, sessionId, refreshToken, method)
}

/** New tokens for an existing session (after MFA verification raised its aal): the old refresh tokens are revoked. */
export async function reissue(tx: Queryable, issuer: Issuer, userId: string, sessionId: string, method: AuthMethod): Promise<SessionResponse> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [sessionId])
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null)
  return respond(tx, issuer, userId, sessionId, refreshToken, method)
}

function inetOrNull(ip: string): string | null {
  const v = ip.replace(/^::ffff:/, '')
  return /^[0-9a-f.:]+$/i.test(v) && v.length <= 45 ? v : null
}

/**
 * grant_type=refresh_token: rotates the token. A revoked token is accepted when it is the parent of the
 * session's active token (the client lost the answer of its last refresh) or within the reuse interval;
 * otherwise every token of its session is revoked (committed) and the answer is refresh_token_already_used.
 */
export async function refreshSession(db: Driver, issuer: Issuer, token: string, client: Client): Promise<SessionResponse> {
  type Row = { id: string; token: string; revoked: boolean; session_id: string | null; user_id: string; age: number; expired: boolean; has_session: boolean }
  let reuse: { userId: string; sessionId: string } | undefined
  const out = await db.transaction(async (tx) => {
    const row = (await tx.query<Row>(
      `select rt.id::text as id, rt.token, rt.revoked, rt.session_id, rt.user_id,
         extract(epoch from now() - rt.updated_at)::float8 as age, coalesce(s.not_after < now(), false) as expired, s.id is not null as has_session
       from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
       where rt.token = $1 for update of rt`,
      [tokenDigest(token)],
    )).rows[0]
    if (!row || !row.has_session || row.expired) return undefined
    const user = await rowById(tx, row.user_id)
    if (!user || user.deleted) return undefined
    if (user.banned) throw userBanned()
    let parent = row.token
    if (row.revoked) {
      const active = (await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
        [row.session_id],
      )).rows[0]
      if (active && active.parent === row.token) {
        parent = active.token
      } else if (row.age > issuer.config.SECURITY_REFRESH_TOKEN_REUSE_INTERVAL) {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [row.session_id])
        await audit(tx, { action: 'token_revoked', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip, traits: { reason: 'refresh_token_reuse', session_id: row.session_id } }, issuer.logs)
        reuse = { userId: user.id, sessionId: row.session_id! }
        return undefined
      }
    }
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1 and not revoked`, [parent])
    const next = newRefreshToken()
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [tokenDigest(next), user.id, parent, row.session_id],
    )
    await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now() where id = $1`, [row.session_id])
    await audit(tx, { action: 'token_refreshed', actorId: user.id, actorUsername: user.email ?? '', ip: client.ip }, issuer.logs)
    return respond(tx, issuer, user.id, row.session_id!, next, 'token_refresh')
  })
  if (reuse) throw refreshTokenUsed()
  if (!out) {
    await audit(db, { action: 'token_refresh_failed', ip: client.ip, traits: { error: 'refresh_token_not_found' } }, issuer.logs)
    throw refreshTokenNotFound()
  }
  return out
}
