/**
 * The one-time tokens of mails, as GoTrue makes them: a six-digit code (typed by the user) whose hash,
 * SHA-224 of email + code, is what the link carries (`token_hash`) and what is stored, in the user's
 * column for the kind (confirmation_token, recovery_token, email_change_token_new/current) and in
 * auth.one_time_tokens. Magic links use the recovery token, invites the confirmation token, as GoTrue's.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/driver'

export type OtpColumn = 'confirmation' | 'recovery' | 'email_change_new' | 'email_change_current'

const COLUMNS: Record<OtpColumn, { token: string; sentAt: string; type: string }> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', type: 'confirmation_token' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', type: 'recovery_token' },
  email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at', type: 'email_change_token_new' },
  // the current address's half of a secure email change (MAILER_SECURE_EMAIL_CHANGE_ENABLED)
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at', type: 'email_change_token_current' },
}

export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
export const otpHash = (email: string, otp: string) => createHash('sha224').update(email.toLowerCase() + otp).digest('hex')

/** Stores a new token of this kind for the user (replacing the previous one); answers the code and its hash. */
export async function issueOtp(tx: Queryable, userId: string, column: OtpColumn, email: string): Promise<{ otp: string; hash: string }> {
  const otp = newOtp()
  const hash = otpHash(email, otp)
  const c = COLUMNS[column]
  await tx.query(`update auth.users set ${c.token} = $2, ${c.sentAt} = now(), updated_at = now() where id = $1`, [userId, hash])
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, c.type, hash, email.toLowerCase()],
  )
  return { otp, hash }
}

/**
 * The user whose token of one of these kinds is `hash` and still fresh (sent within `expirySeconds`), with
 * the kind found; the token is spent (cleared) in the same transaction.
 */
export async function spendOtp(tx: Queryable, hash: string, columns: OtpColumn[], expirySeconds: number): Promise<{ userId: string; column: OtpColumn } | undefined> {
  for (const column of columns) {
    const c = COLUMNS[column]
    const row = (await tx.query<{ id: string }>(
      `update auth.users set ${c.token} = '', updated_at = now()
       where ${c.token} = $1 and ${c.token} <> '' and ${c.sentAt} > now() - make_interval(secs => $2) returning id`,
      [hash, expirySeconds],
    )).rows[0]
    if (row) {
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`, [row.id, c.type])
      return { userId: row.id, column }
    }
  }
  return undefined
}
