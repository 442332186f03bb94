/**
 * Database webhooks (spec: only where the pg_net extension exists): triggers that call
 * `supabase_functions.http_request(url, method, headers, params, timeout_ms)`, as Supabase makes them.
 * GET lists them with `available` (pg_net installed); POST and DELETE refuse with a 400 without pg_net.
 */
import { z } from 'zod'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export const WEBHOOK_EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
export const WEBHOOK_METHODS = ['POST', 'GET'] as const
export const WEBHOOK_TIMEOUT_MS = { min: 1000, max: 10000, default: 5000 } as const

export interface Webhook {
  /** the trigger's oid */
  id: number
  name: string
  schema: string
  table: string
  table_id: number
  events: WebhookEvent[]
  enabled: boolean
  method: string
  url: string
  headers: Record<string, string>
  params: Record<string, string>
  timeout_ms: number
}

export interface WebhooksResponse {
  /** pg_net is installed: webhooks can be created */
  available: boolean
  hooks: Webhook[]
}

const name = z.string().trim().min(1, 'Please provide a name for your webhook').max(63, 'The name must be at most 63 characters')
const pairs = z.record(z.string().min(1, 'A header or parameter needs a name'), z.string())

export const WebhookCreateBody = z.object({
  name,
  schema: z.string().min(1, 'Pick a table'),
  table: z.string().min(1, 'Pick a table'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Pick at least one event').transform((e) => [...new Set(e)]),
  method: z.enum(WEBHOOK_METHODS).default('POST'),
  url: z.url({ protocol: /^https?$/, error: 'Please provide a URL starting with http:// or https://' }),
  headers: pairs.default({ 'Content-type': 'application/json' }),
  params: pairs.default({}),
  timeout_ms: z.coerce.number().int().min(WEBHOOK_TIMEOUT_MS.min, 'The timeout is at least 1000 ms').max(WEBHOOK_TIMEOUT_MS.max, 'The timeout is at most 10000 ms').default(WEBHOOK_TIMEOUT_MS.default),
})
export type WebhookCreateBody = z.input<typeof WebhookCreateBody>

export const WebhookIdQuery = z.object({ id: z.coerce.number().int().positive() })

export const pgMetaHooks = {
  hooks: endpoint({ method: 'GET', path: `${PG_META}/hooks`, response: type<WebhooksResponse>() }),
  createHook: endpoint({ method: 'POST', path: `${PG_META}/hooks`, body: WebhookCreateBody, response: type<Webhook>() }),
  /** answers the webhook as it was */
  deleteHook: endpoint({ method: 'DELETE', path: `${PG_META}/hooks`, query: WebhookIdQuery, response: type<Webhook>() }),
}
