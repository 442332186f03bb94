/**
 * Table and view triggers under /platform/pg-meta/{ref}/triggers (issue 15, spec 7): listed, read by id,
 * created, enabled or disabled, renamed and dropped. Answers are shaped like @supabase/postgres-meta's
 * `triggers`; Postgres' internal triggers (foreign keys…) are never listed.
 */
import { z } from 'zod'
import { MSG } from '../messages'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

export const TRIGGER_EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number]
export const TRIGGER_ACTIVATIONS = ['BEFORE', 'AFTER', 'INSTEAD OF'] as const
export type TriggerActivation = (typeof TRIGGER_ACTIVATIONS)[number]
export const TRIGGER_ORIENTATIONS = ['ROW', 'STATEMENT'] as const
export type TriggerOrientation = (typeof TRIGGER_ORIENTATIONS)[number]
export const TRIGGER_ENABLED_MODES = ['ORIGIN', 'DISABLED', 'REPLICA', 'ALWAYS'] as const
export type TriggerEnabledMode = (typeof TRIGGER_ENABLED_MODES)[number]

export interface PgTrigger {
  id: number
  table_id: number
  enabled_mode: TriggerEnabledMode
  name: string
  table: string
  schema: string
  /** the WHEN condition, without its parentheses, or null */
  condition: string | null
  orientation: TriggerOrientation
  activation: TriggerActivation
  events: TriggerEvent[]
  function_schema: string
  function_name: string
  function_args: string[]
}

const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))

export const TriggersQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  /** the triggers of one schema's tables */
  schema: z.string().min(1).optional(),
  table_id: z.coerce.number().int().positive().optional(),
  included_schemas: csv.optional(),
  excluded_schemas: csv.optional(),
})

const triggerName = z.string().trim().min(1, MSG.triggerNameRequired).max(63, 'A trigger name can be at most 63 characters')

export const TriggerCreateBody = z
  .object({
    name: triggerName,
    table_id: z.number({ error: 'Pick a table' }).int().positive('Pick a table'),
    function_schema: z.string().trim().min(1).default('public'),
    function_name: z.string().trim().min(1, 'Pick a function'),
    function_args: z.array(z.string()).default([]),
    activation: z.enum(TRIGGER_ACTIVATIONS),
    events: z.array(z.enum(TRIGGER_EVENTS)).min(1, 'Pick at least one event'),
    orientation: z.enum(TRIGGER_ORIENTATIONS).default('ROW'),
    /** the WHEN condition, without its parentheses */
    condition: z.string().trim().optional(),
    enabled_mode: z.enum(TRIGGER_ENABLED_MODES).optional(),
  })
  .strict()
export type TriggerCreateBody = z.input<typeof TriggerCreateBody>

export const TriggerUpdateBody = z.object({ name: triggerName.optional(), enabled_mode: z.enum(TRIGGER_ENABLED_MODES).optional() }).strict()
export type TriggerUpdateBody = z.input<typeof TriggerUpdateBody>

export const TriggerIdQuery = z.object({ id: z.coerce.number().int().positive() })
export const TriggerDeleteQuery = TriggerIdQuery.extend({
  cascade: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
})

export const pgMetaTriggers = {
  triggers: endpoint({ method: 'GET', path: `${PG_META}/triggers`, query: TriggersQuery, response: type<PgTrigger[]>(), byId: type<PgTrigger>() }),
  createTrigger: endpoint({ method: 'POST', path: `${PG_META}/triggers`, body: TriggerCreateBody, response: type<PgTrigger>() }),
  updateTrigger: endpoint({
    method: 'PATCH', path: `${PG_META}/triggers`, query: TriggerIdQuery, body: TriggerUpdateBody, response: type<PgTrigger>(),
  }),
  /** answers the trigger as it was */
  deleteTrigger: endpoint({ method: 'DELETE', path: `${PG_META}/triggers`, query: TriggerDeleteQuery, response: type<PgTrigger>() }),
}
