/**
 * A studio of a REST write/RPC test file's own (its auth rate limits and schema are its own), with
 * @supabase/supabase-js clients as anon and service_role, SQL as the database's own user, and raw HTTP
 * calls for what supabase-js cannot send (Prefer headers of one's choosing, CSV and form bodies).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { AUTH } from './auth'
import { REF, keysOf, newEmail, supabase, type ProjectKeysOf } from './auth-client'
import { ownStudio, type OwnStudio } from './own-studio'
import type { Target } from './global-setup'

export interface RestFixture {
  own: OwnStudio
  keys: ProjectKeysOf
  anon: SupabaseClient
  service: SupabaseClient
  /** runs SQL as the database's own user; the rows of the last statement */
  sql<R = Record<string, unknown>>(query: string, params?: (string | number | null)[]): Promise<R[]>
  /** a raw call to /rest/v1{path}: status, headers and the body as text and (when it is JSON) parsed */
  rest(method: string, path: string, o?: { body?: string | Buffer; json?: unknown; headers?: Record<string, string>; key?: string }): Promise<RawAnswer>
  /** a confirmed user signed in through the auth API, and a client using their session */
  signedIn(): Promise<{ client: SupabaseClient; userId: string; token: string }>
  close(): Promise<void>
}

export interface RawAnswer {
  status: number
  headers: Headers
  text: string
  json: any
}

/** `schemas`: the Data API's exposed schemas (db_schema), when not Supabase's default. */
export async function restFixture(target: Target, name: string, setupSql: string, o: { schemas?: string } = {}): Promise<RestFixture> {
  const own = await ownStudio(target, name)
  let keys: ProjectKeysOf
  try {
    keys = await keysOf(own.studio)
    await own.studio.auth.updateConfig(REF, { RATE_LIMIT_SIGN_IN_SIGN_UPS: 1000, RATE_LIMIT_EMAIL_SENT: 1000, MAILER_AUTOCONFIRM: true })
    await own.studio.db.exec(setupSql)
    if (o.schemas) {
      const res = await fetch(`${own.studio.url}/platform/projects/${REF}/config/postgrest`, {
        method: 'PATCH', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ db_schema: o.schemas }),
      })
      if (!res.ok) throw new Error(`Data API settings: ${res.status} ${await res.text()}`)
    }
  } catch (e) {
    await own.close()
    throw e
  }
  const sql = async <R,>(query: string, params: (string | number | null)[] = []) => (await own.studio.db.query<R>(query, params)).rows
  return {
    own, keys, sql,
    anon: supabase(keys),
    service: supabase(keys, keys.serviceRoleKey),
    async rest(method, path, o = {}) {
      const key = o.key ?? keys.serviceRoleKey
      const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${key}`, ...o.headers }
      let body = o.body
      if (o.json !== undefined) {
        body = JSON.stringify(o.json)
        headers['content-type'] ??= 'application/json'
      }
      const res = await fetch(`${keys.apiUrl}/rest/v1${path}`, { method, headers, body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body) })
      const text = await res.text()
      let json: unknown
      try {
        json = text ? JSON.parse(text) : undefined
      } catch {
        json = undefined
      }
      return { status: res.status, headers: res.headers, text, json }
    },
    async signedIn() {
      const client = supabase(keys)
      const up = await client.auth.signUp({ email: newEmail('rest'), password: 'correct-horse-1' })
      if (up.error || !up.data.session) throw new Error(`sign-up failed: ${up.error?.message ?? 'no session'}`)
      return { client, userId: up.data.user!.id, token: up.data.session.access_token }
    },
    close: () => own.close(),
  }
}
