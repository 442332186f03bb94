/**
 * Helpers for the auth tests: a studio of the test file's own (its auth configuration and rate limits are
 * its own), @supabase/supabase-js clients on its project API, and the mails its outbox kept.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { OutboxMail } from '../../src/shared/auth'
import type { Studio } from '../../src/server/app'
import { projectApiUrl } from '../../src/server/storage/urls'
import { decodeEntities } from '../../src/web/model/auth/emails-rules'

export const REF = 'default'

export interface ProjectKeysOf {
  apiUrl: string
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
}

export async function keysOf(studio: Studio): Promise<ProjectKeysOf> {
  const s = await studio.auth.keys.secrets(REF)
  return { apiUrl: projectApiUrl(studio.url, REF), anonKey: s.anonKey, serviceRoleKey: s.serviceRoleKey, jwtSecret: s.jwtSecret }
}

/** supabase-js, unchanged, as an app (anon key) or a server (service_role key) would make it. */
export function supabase(keys: ProjectKeysOf, key = keys.anonKey): SupabaseClient {
  return createClient(keys.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

/** The newest mail the outbox holds for `to`. */
export async function lastMail(studio: Studio, to: string): Promise<OutboxMail> {
  const mail = (await studio.auth.outbox(REF, { limit: 100 })).find((m) => m.to === to)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

/** The link and the code of a mail (GoTrue's templates: `href="…"` and `enter the code: 123456`). */
export function linkOf(mail: OutboxMail): { url: string; code: string; tokenHash: string } {
  const href = /href="([^"]+)"/.exec(mail.html)?.[1]
  const code = /enter the code: (\d{6})/.exec(mail.html)?.[1]
  if (!href || !code) throw new Error(`no link in ${mail.html}`)
  const url = decodeEntities(href)
  return { url, code, tokenHash: new URL(url).searchParams.get('token')! }
}

/** A fresh address per test, so tests never see each other's users. */
export const newEmail = (prefix = 'user') => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`

/** What a raw call to the auth API answers. */
export async function call(keys: ProjectKeysOf, method: string, path: string, options: { body?: unknown; rawBody?: string; token?: string; apikey?: string | null; version?: boolean } = {}) {
  const headers: Record<string, string> = {}
  if (options.apikey !== null) headers.apikey = options.apikey ?? keys.anonKey
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json'
  if (options.version !== false) headers['x-supabase-api-version'] = '2024-01-01'
  const res = await fetch(`${keys.apiUrl}/auth/v1${path}`, {
    method, headers, redirect: 'manual',
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  const text = await res.text()
  let json: unknown = undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = text
  }
  return { status: res.status, body: json as Record<string, unknown>, headers: res.headers }
}
