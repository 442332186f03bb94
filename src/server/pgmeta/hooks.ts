/**
 * Database webhooks: AFTER … FOR EACH ROW triggers calling supabase_functions.http_request with the
 * arguments (url, method, headers JSON, params JSON, timeout ms), as Supabase Studio makes them. Read from
 * pg_trigger (the arguments decoded from tgargs); written only where pg_net is installed.
 */
import type { z } from 'zod'
import type { Webhook, WebhookCreateBody, WebhookEvent } from '../../shared/contract/pg-meta-hooks'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'

export const HOOK_FUNCTION = { schema: 'supabase_functions', name: 'http_request' } as const

const HOOKS_SQL = (where = '') => `
select t.oid::int8 as id, t.tgname as name, n.nspname as schema, c.relname as table, c.oid::int8 as table_id,
  t.tgtype::int as type, t.tgenabled <> 'D' as enabled, encode(t.tgargs, 'hex') as args
from pg_trigger t
join pg_class c on c.oid = t.tgrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_proc p on p.oid = t.tgfoid
join pg_namespace pn on pn.oid = p.pronamespace
where not t.tgisinternal and pn.nspname = '${HOOK_FUNCTION.schema}' and p.proname = '${HOOK_FUNCTION.name}' ${where}
order by n.nspname, c.relname, t.tgname`

interface HookRow {
  id: number | string
  name: string
  schema: string
  table: string
  table_id: number | string
  type: number
  enabled: boolean
  args: string
}

// pg_trigger.tgtype bits (src/include/catalog/pg_trigger.h)
const TRIGGER_TYPE = { INSERT: 1 << 2, DELETE: 1 << 3, UPDATE: 1 << 4 } as const

/** The events of a trigger's tgtype, in INSERT, UPDATE, DELETE order. */
export function triggerEvents(type: number): WebhookEvent[] {
  return (['INSERT', 'UPDATE', 'DELETE'] as const).filter((e) => (type & TRIGGER_TYPE[e]) !== 0)
}

/** tgargs (hex of the NUL-terminated arguments) as text. */
export function triggerArgs(hex: string): string[] {
  const text = Buffer.from(hex, 'hex').toString('utf8')
  const parts = text.split('\0')
  if (parts.at(-1) === '') parts.pop()
  return parts
}

function jsonObject(text: string | undefined): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text ?? '{}')
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
  } catch {
    return {}
  }
}

function toWebhook(r: HookRow): Webhook {
  const [url = '', method = 'POST', headers, params, timeout] = triggerArgs(r.args)
  return {
    id: Number(r.id), name: r.name, schema: r.schema, table: r.table, table_id: Number(r.table_id),
    events: triggerEvents(r.type), enabled: r.enabled, method, url,
    headers: jsonObject(headers), params: jsonObject(params), timeout_ms: Number(timeout ?? 1000) || 1000,
  }
}

export async function pgNetInstalled(db: Queryable): Promise<boolean> {
  return (await db.query<{ ok: boolean }>(`select exists(select 1 from pg_extension where extname = 'pg_net') as ok`)).rows[0]!.ok
}

export async function listHooks(db: Queryable): Promise<Webhook[]> {
  return (await db.query<HookRow>(HOOKS_SQL())).rows.map(toWebhook)
}

export async function findHook(db: Queryable, id: number): Promise<Webhook> {
  const row = (await db.query<HookRow>(HOOKS_SQL('and t.oid = $1::oid'), [id])).rows[0]
  if (!row) throw notFound(MSG.webhookNotFound(id))
  return toWebhook(row)
}

/** Refuses a write where webhooks cannot run: no pg_net, or no supabase_functions.http_request to call. */
export async function requireWebhooks(db: Queryable): Promise<void> {
  if (!(await pgNetInstalled(db))) throw badRequest(MSG.webhooksNeedPgNet)
  const { rows } = await db.query(
    `select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1 and p.proname = $2`,
    [HOOK_FUNCTION.schema, HOOK_FUNCTION.name],
  )
  if (rows.length === 0) throw badRequest(MSG.webhooksNoHttpRequest)
}

/** CREATE TRIGGER for a webhook: every identifier quoted, every argument a quoted literal. */
export function createHookSql(body: z.output<typeof WebhookCreateBody>): string {
  const events = body.events.join(' OR ')
  const args = [body.url, body.method, JSON.stringify(body.headers), JSON.stringify(body.params), String(body.timeout_ms)].map(quoteLiteral)
  return `CREATE TRIGGER ${quoteIdent(body.name)} AFTER ${events} ON ${quoteQualified(body.schema, body.table)} FOR EACH ROW EXECUTE FUNCTION ${quoteQualified(HOOK_FUNCTION.schema, HOOK_FUNCTION.name)}(${args.join(', ')})`
}

export function dropHookSql(hook: Pick<Webhook, 'name' | 'schema' | 'table'>): string {
  return `DROP TRIGGER ${quoteIdent(hook.name)} ON ${quoteQualified(hook.schema, hook.table)}`
}
