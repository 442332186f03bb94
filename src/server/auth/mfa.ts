/**
 * MFA with TOTP, as GoTrue's /factors: enrol (an unverified factor and its secret), challenge, verify (the
 * factor becomes verified, the session aal2 with a 'totp' amr, new tokens), unenrol (a verified factor only
 * from an aal2 session).
 */
import { randomUUID } from 'node:crypto'
import qrcode from 'qrcode-generator'
import type { AuthFactor } from '../../shared/auth'
import { AuthError, mfaNotFound, validationFailed } from './errors'
import type { AuthService } from './service'
import { addAmr, reissue, type Client, type SessionResponse } from './tokens'
import { totpMatches, newTotpSecret } from './totp'
import { FACTOR_JSON, isUuid, rowById } from './users'

/** How long a challenge may be answered (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
const CHALLENGE_EXPIRY_S = 300

const ipOf = (client: Client) => {
  const v = client.ip.replace(/^::ffff:/, '')
  return /^[0-9a-f.:]+$/i.test(v) ? v : '0.0.0.0'
}

export async function enroll(service: AuthService, ref: string, userId: string, body: Record<string, unknown>) {
  const config = await service.configs.get(ref)
  if (body.factor_type !== 'totp') {
    throw validationFailed(body.factor_type === 'phone' ? 'MFA enroll with phone is disabled' : 'factor_type needs to be totp, phone or webauthn')
  }
  if (!config.MFA_TOTP_ENROLL_ENABLED) throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP')
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name.slice(0, 255) : ''
  const user = await rowById(service.db, userId)
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  const issuer = typeof body.issuer === 'string' && body.issuer ? body.issuer.slice(0, 255) : new URL(config.SITE_URL).hostname
  const secret = newTotpSecret()
  const id = randomUUID()
  await service.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number; same: number }>(
      `select count(*)::int as n, count(*) filter (where friendly_name = $2 and $2 <> '')::int as same from auth.mfa_factors where user_id = $1`,
      [userId, friendlyName],
    )
    if (rows[0]!.same) throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`)
    if (rows[0]!.n >= config.MFA_MAX_ENROLLED_FACTORS) throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, nullif($3, ''), 'totp', 'unverified', now(), now(), $4)`,
      [id, userId, friendlyName, secret],
    )
    await service.audit({ action: 'factor_in_progress', actorId: userId, actorUsername: user.email ?? '', traits: { factor_id: id } }, tx)
  })
  const label = encodeURIComponent(`${issuer}:${user.email ?? user.phone ?? userId}`)
  const uri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}`
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCodeOf(uri), secret, uri } }
}

/** The otpauth URI as a QR code: an SVG, as GoTrue answers it (auth-js makes it a data URL an app shows as an image). */
function qrCodeOf(uri: string): string {
  const qr = qrcode(0, 'M')
  qr.addData(uri)
  qr.make()
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true })
}

async function factorOf(service: AuthService, userId: string, factorId: string | undefined) {
  if (!isUuid(factorId)) throw mfaNotFound()
  const row = (await service.db.query<{ id: string; status: string; secret: string; factor_type: string }>(
    `select id, status::text as status, secret, factor_type::text as factor_type from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, userId],
  )).rows[0]
  if (!row) throw mfaNotFound()
  return row
}

export async function challenge(service: AuthService, userId: string, factorId: string | undefined, client: Client) {
  const factor = await factorOf(service, userId, factorId)
  const id = randomUUID()
  const { rows } = await service.db.query<{ expires_at: number }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning extract(epoch from created_at + make_interval(secs => $4))::bigint::int as expires_at`,
    [id, factor.id, ipOf(client), CHALLENGE_EXPIRY_S],
  )
  await service.audit({ action: 'challenge_created', actorId: userId, ip: client.ip, traits: { factor_id: factor.id, challenge_id: id } })
  return { id, type: factor.factor_type, expires_at: rows[0]!.expires_at }
}

export async function verify(
  service: AuthService, ref: string, userId: string, sessionId: string | undefined, factorId: string | undefined, body: Record<string, unknown>, client: Client,
): Promise<SessionResponse> {
  const config = await service.configs.get(ref)
  if (!config.MFA_TOTP_VERIFY_ENABLED) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP')
  if (!sessionId) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  const factor = await factorOf(service, userId, factorId)
  const challengeId = body.challenge_id
  const code = typeof body.code === 'string' ? body.code.trim() : ''
  if (!isUuid(challengeId)) throw new AuthError(404, 'mfa_challenge_not_found', 'MFA factor with the provided challenge ID not found')
  const issuer = await service.issuer(ref)
  let failed = false
  const out = await service.db.transaction(async (tx) => {
    const ch = (await tx.query<{ expired: boolean; verified: boolean }>(
      `select created_at < now() - make_interval(secs => $3) as expired, verified_at is not null as verified
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
      [challengeId, factor.id, CHALLENGE_EXPIRY_S],
    )).rows[0]
    if (!ch || ch.verified) throw new AuthError(404, 'mfa_challenge_not_found', 'MFA factor with the provided challenge ID not found')
    if (ch.expired) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId])
      throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`)
    }
    if (!totpMatches(factor.secret, code)) {
      failed = true
      return undefined
    }
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId])
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id])
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factor.id])
    await addAmr(tx, sessionId, 'totp')
    await service.audit({ action: 'verification_attempted', actorId: userId, ip: client.ip, traits: { factor_id: factor.id, status: 'verified' } }, tx)
    return reissue(tx, issuer, userId, sessionId, 'totp')
  })
  if (failed || !out) {
    await service.audit({ action: 'verification_attempted', actorId: userId, ip: client.ip, traits: { factor_id: factor.id, status: 'failed' } })
    throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  }
  return out
}

export async function unenroll(service: AuthService, userId: string, sessionAal: unknown, factorId: string | undefined) {
  const factor = await factorOf(service, userId, factorId)
  if (factor.status === 'verified' && sessionAal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
  await service.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id])
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id])
    await service.audit({ action: 'factor_unenrolled', actorId: userId, traits: { factor_id: factor.id } }, tx)
  })
  return { id: factor.id }
}

export async function factorsOfUser(service: AuthService, userId: string): Promise<AuthFactor[]> {
  return (await service.db.query<{ f: AuthFactor }>(`select ${FACTOR_JSON('f')} as f from auth.mfa_factors f where f.user_id = $1 order by f.created_at`, [userId])).rows.map((r) => r.f)
}
