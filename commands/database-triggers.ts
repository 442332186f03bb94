/**
 * Database triggers (issue 15): list, search, create, enable or disable, rename and drop them on
 * /project/{ref}/database/triggers. The bodies are in database-triggers.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import {
  TRIGGER_ACTIVATIONS, TRIGGER_ENABLED_MODES, TRIGGER_EVENTS, TRIGGER_ORIENTATIONS, type PgTrigger,
} from '../src/shared/contract/pg-meta-triggers'
import { MSG } from '../src/shared/messages'
import { triggersQuery, triggerTablesQuery } from '../src/web/model/database/triggers/triggers-data'
import { functionsQuery, isTriggerFunction } from '../src/web/model/database/functions/functions-data'
import { DEFAULT_SCHEMA } from '../src/web/model/database/search'

const load = () => import('./database-triggers.run')

const AREA = 'database'

const onTriggersPage = (ctx: CommandContext) => ctx.route.matches('database.triggers')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change triggers')

export const triggersPageSchema = (ctx: CommandContext) => {
  const schema = ctx.location.search.schema
  return typeof schema === 'string' && schema ? schema : DEFAULT_SCHEMA
}

/** Every trigger the dashboard lists, read again from the database when `fresh`. */
export function allTriggers(ctx: CommandContext, fresh = false): Promise<PgTrigger[]> {
  const query = triggersQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

async function triggerOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schema = triggersPageSchema(ctx)
  const list = await allTriggers(ctx, true)
  const sorted = [...list.filter((t) => t.schema === schema), ...list.filter((t) => t.schema !== schema)]
  return sorted.map((t) => ({
    value: String(t.id),
    label: `${t.name} on ${t.schema}.${t.table}`,
    hint: `${t.activation} ${t.events.join(' or ')}${t.enabled_mode === 'DISABLED' ? ' · disabled' : ''}`,
  }))
}

const triggerId = z.coerce.number({ error: 'Pick a trigger' }).int().positive('Pick a trigger')
export const pickTrigger = { args: z.object({ triggerId }), argOptions: { triggerId: triggerOptions }, argLabels: { triggerId: 'Trigger' } }

export const refreshTriggersList = defineCommand({
  id: 'database.triggers.refresh',
  title: 'Refresh triggers',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onTriggersPage,
  run: lazyRun(load, 'refreshTriggersList'),
})

export const SearchTriggersArgs = z.object({ search: z.string() })

export const searchTriggers = defineCommand({
  id: 'database.triggers.search',
  title: 'Search triggers',
  area: AREA,
  keywords: ['filter', 'find trigger', 'table'],
  args: SearchTriggersArgs,
  argLabels: { search: 'Part of a trigger, table or function name (empty shows every trigger)' },
  when: onTriggersPage,
  run: lazyRun(load, 'searchTriggers'),
})

export const ShowTriggersSchemaArgs = z.object({ schema: z.string().min(1, 'Pick a schema') })

export const showTriggersSchema = defineCommand({
  id: 'database.triggers.schema',
  title: 'Show triggers of schema',
  area: AREA,
  keywords: ['schema', 'switch schema'],
  args: ShowTriggersSchemaArgs,
  argOptions: { schema: async (ctx) => (await ctx.api.schemas(ctx.ref)).map((s) => ({ value: s.name })) },
  argLabels: { schema: 'Schema' },
  when: onTriggersPage,
  run: lazyRun(load, 'showTriggersSchema'),
})

export const openCreateTriggerPanel = defineCommand({
  id: 'database.trigger.create-panel.open',
  title: 'Create trigger',
  area: AREA,
  keywords: ['new trigger', 'add trigger'],
  when: onTriggersPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreateTriggerPanel'),
})

/** The page schema's tables and views, by id. */
async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const list = await ctx.queryClient.fetchQuery({ ...triggerTablesQuery(ctx.api, ctx.ref, triggersPageSchema(ctx)), staleTime: 0 })
  return list.map((e) => ({ value: String(e.id), label: `${e.schema}.${e.name}`, hint: e.type }))
}

/** Functions returning trigger, as schema.name. */
async function triggerFunctionOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const list = await ctx.queryClient.fetchQuery({ ...functionsQuery(ctx.api, ctx.ref), staleTime: 0 })
  return list.filter(isTriggerFunction).map((f) => ({ value: `${f.schema}.${f.name}`, hint: f.language }))
}

export const CreateTriggerArgs = z.object({
  name: z.string().trim().min(1, MSG.triggerNameRequired).max(63, 'A trigger name can be at most 63 characters'),
  tableId: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table'),
  /** schema.name of a function returning trigger */
  function: z.string().min(1, 'Pick a function').regex(/\./, 'Give the function as schema.name'),
  activation: z.enum(TRIGGER_ACTIVATIONS),
  events: z.array(z.enum(TRIGGER_EVENTS)).min(1, 'Pick at least one event'),
  orientation: z.enum(TRIGGER_ORIENTATIONS).default('ROW'),
  condition: z.string().optional(),
})

export const createTrigger = defineCommand({
  id: 'database.trigger.create',
  title: 'Create trigger, field by field',
  area: AREA,
  keywords: ['new trigger', 'add trigger'],
  args: CreateTriggerArgs,
  argOptions: { tableId: tableOptions, function: triggerFunctionOptions },
  argLabels: {
    name: 'Trigger name', tableId: 'Table', function: 'Function (returns trigger)', activation: 'When',
    events: 'Events', orientation: 'For each', condition: 'Condition (WHEN …; skip: always)',
  },
  when: onTriggersPage,
  enabled: canWrite,
  run: lazyRun(load, 'createTrigger'),
})

export const ToggleTriggerArgs = z.object({ triggerId, enabled: z.boolean().optional() })

export const toggleTrigger = defineCommand({
  id: 'database.trigger.toggle',
  title: 'Enable or disable trigger',
  area: AREA,
  keywords: ['enable trigger', 'disable trigger', 'switch', 'turn off', 'turn on'],
  args: ToggleTriggerArgs,
  argOptions: { triggerId: triggerOptions },
  argLabels: { triggerId: 'Trigger', enabled: 'Enabled (skip: switch it)' },
  when: onTriggersPage,
  enabled: canWrite,
  run: lazyRun(load, 'toggleTrigger'),
})

export const UpdateTriggerArgs = z.object({
  triggerId,
  name: CreateTriggerArgs.shape.name.optional(),
  enabled_mode: z.enum(TRIGGER_ENABLED_MODES).optional(),
})

export const updateTrigger = defineCommand({
  id: 'database.trigger.update',
  title: 'Change trigger, field by field',
  area: AREA,
  keywords: ['rename trigger', 'replica', 'always'],
  args: UpdateTriggerArgs,
  argOptions: { triggerId: triggerOptions },
  argLabels: { triggerId: 'Trigger', name: 'New name (skip: keep)', enabled_mode: 'Fires (ORIGIN, DISABLED, REPLICA, ALWAYS)' },
  when: onTriggersPage,
  enabled: canWrite,
  run: lazyRun(load, 'updateTrigger'),
})

export const deleteTrigger = defineCommand({
  id: 'database.trigger.delete',
  title: 'Delete trigger',
  area: AREA,
  keywords: ['drop trigger', 'remove trigger'],
  ...pickTrigger,
  when: onTriggersPage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteTrigger'),
})
