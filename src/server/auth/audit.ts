/**
 * auth.audit_log_entries, as GoTrue writes them: payload { actor_id, actor_username, actor_via_sso, log_type,
 * action, traits }. Besides GoTrue's actions, refusals are written too (action 'login_failed',
 * 'token_refresh_failed', traits.error the error code), so the logs show attacks, not only successes.
 *
 * Each entry is also an event of the auth log source (issue 16), recorded once the entry is written:
 * event_message `<action>` or `<action>: <error code>` (a failure); metadata { action, actor_id,
 * actor_username, log_type, traits, ip, level ('info', 'warning' for a failure), error_code (or null) }.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/driver'
import type { LogSink } from '../logs/collector'

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

export async function audit(db: Queryable, entry: AuditEntry, logs: LogSink): Promise<void> {
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
  record(logs, payload, entry)
}

/** A refusal's code: traits.error, or a failed MFA verification. */
const errorOf = (traits: Record<string, unknown> | undefined): string | null =>
  typeof traits?.error === 'string' ? traits.error : traits?.status === 'failed' ? 'mfa_verification_failed' : null

function record(logs: LogSink, payload: { action: string; actor_id: string; actor_username: string; log_type: string }, entry: AuditEntry): void {
  const error_code = errorOf(entry.traits)
  logs.record('auth', error_code ? `${entry.action}: ${error_code}` : entry.action, {
    action: payload.action,
    actor_id: payload.actor_id,
    actor_username: payload.actor_username,
    log_type: payload.log_type,
    traits: entry.traits ?? null,
    ip: entry.ip ?? null,
    level: error_code ? 'warning' : 'info',
    error_code,
  })
}
