/**
 * The custom access token hook, as Supabase's: a Postgres function `pg-functions://postgres/{schema}/{name}`
 * called with `{ user_id, claims, authentication_method }` (jsonb) that answers `{ claims }` (used as the
 * token's claims) or `{ error: { http_code, message } }` (the sign-in fails with it). It runs as the
 * database's own user, as the auth server's role runs it on Supabase, inside the sign-in's transaction.
 */
import { quoteIdent } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { AuthError } from './errors'

/** Claims a hook may not take away (Supabase's required claims). */
const REQUIRED = ['aud', 'exp', 'iat', 'sub', 'role', 'aal', 'session_id', 'is_anonymous'] as const

export async function customAccessTokenHook(
  tx: Queryable,
  uri: string,
  input: { user_id: string; claims: Record<string, unknown>; authentication_method: string },
): Promise<Record<string, unknown>> {
  const m = /^pg-functions:\/\/postgres\/([^/]+)\/([^/]+)$/.exec(uri)
  if (!m) throw new AuthError(500, 'hook_payload_invalid_content_type', 'Invalid custom access token hook URI')
  const fn = `${quoteIdent(m[1]!)}.${quoteIdent(m[2]!)}`
  let out: unknown
  try {
    await tx.query('savepoint auth_hook')
    out = (await tx.query<{ out: unknown }>(`select ${fn}($1::jsonb) as out`, [JSON.stringify(input)])).rows[0]?.out
    await tx.query('release savepoint auth_hook')
  } catch (e) {
    await tx.query('rollback to savepoint auth_hook')
    throw new AuthError(500, 'unexpected_failure', `Error running hook URI: ${uri}: ${e instanceof Error ? e.message : String(e)}`)
  }
  const result = typeof out === 'string' ? (JSON.parse(out) as unknown) : out
  const r = (result ?? {}) as { claims?: unknown; error?: { http_code?: number; message?: string } }
  if (r.error) {
    const status = typeof r.error.http_code === 'number' && r.error.http_code >= 400 && r.error.http_code < 600 ? r.error.http_code : 400
    throw new AuthError(status, 'unexpected_failure', r.error.message ?? 'Error running hook')
  }
  if (!r.claims || typeof r.claims !== 'object' || Array.isArray(r.claims)) {
    throw new AuthError(500, 'unexpected_failure', 'output claims do not conform to the expected schema: claims is required')
  }
  const claims = r.claims as Record<string, unknown>
  const missing = REQUIRED.filter((k) => !(k in claims))
  if (missing.length) throw new AuthError(500, 'unexpected_failure', `output claims do not conform to the expected schema: ${missing.join(', ')} required`)
  return claims
}
