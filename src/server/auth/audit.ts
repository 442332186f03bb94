/**
 * auth.audit_log_entries, as GoTrue writes them: payload { actor_id, actor_username, actor_via_sso, log_type,
 * action, traits }. Besides GoTrue's actions, refusals are written too (action 'login_failed',
 * 'token_refresh_failed', traits.error the error code), so the logs show attacks, not only successes.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/driver'

export type AuditAction =
  | 'login' | 'logout' | 'user_signedup' | 'user_invited' | 'invite_accepted' | 'user_deleted' | 'user_modified'
  | 'user_recovery_requested' | 'user_confirmation_requested' | 'user_repeated_signup' | 'user_updated_password'
  | 'token_refreshed' | 'token_revoked' | 'factor_in_progress' | 'challenge_created' | 'verification_attempted'
  | 'factor_unenrolled' | 'factor_deleted' | 'mfa_code_login' | 'login_failed' | 'token_refresh_failed'
  | 'user_banned' | 'magiclink_requested' | 'user_email_change_requested'

const LOG_TYPES: Partial<Record<AuditAction, string>> = {
  login: 'account', logout: 'account', user_signedup: 'team', user_invited: 'team', invite_accepted: 'account',
  user_deleted: 'team', user_modified: 'user', user_recovery_requested: 'user', user_confirmation_requested: 'user',
  user_repeated_signup: 'user', user_updated_password: 'user', token_refreshed: 'token', token_revoked: 'token',
  factor_in_progress: 'factor', challenge_created: 'factor', verification_attempted: 'factor', factor_unenrolled: 'factor',
  factor_deleted: 'factor', mfa_code_login: 'factor', login_failed: 'account', token_refresh_failed: 'token', user_banned: 'team',
}

export const NIL_UUID = '00000000-0000-0000-0000-000000000000'

export interface AuditEntry {
  action: AuditAction
  /** the user who acted (or the subject of an admin action), NIL_UUID when unknown */
  actorId?: string
  actorUsername?: string
  /** 'service_role' for admin actions */
  actorName?: string
  traits?: Record<string, unknown>
  ip?: string
}

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  const payload = {
    actor_id: entry.actorId ?? NIL_UUID,
    actor_username: entry.actorUsername ?? '',
    ...(entry.actorName ? { actor_name: entry.actorName } : {}),
    actor_via_sso: false,
    log_type: LOG_TYPES[entry.action] ?? 'user',
    action: entry.action,
    ...(entry.traits ? { traits: entry.traits } : {}),
  }
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2::json, now(), $3)`,
    [randomUUID(), JSON.stringify(payload), (entry.ip ?? '').slice(0, 64)],
  )
}
