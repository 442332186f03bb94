/** The bodies of database-triggers.ts's commands: changes through pg-meta, the page's search and panel. */
import type { z } from 'zod'
import { CommandError } from './registry'
import {
  allTriggers, type CreateTriggerArgs, type pickTrigger, type SearchTriggersArgs, type ShowTriggersSchemaArgs,
  type ToggleTriggerArgs, type UpdateTriggerArgs,
} from './database-triggers'
import type { CommandContext } from '../src/web/model/app/context'
import { pgMetaTriggers, type PgTrigger } from '../src/shared/contract/pg-meta-triggers'
import { isEnabled, refreshTriggers } from '../src/web/model/database/triggers/triggers-data'
import { splitFunction } from '../src/web/model/database/triggers/trigger-form'
import { closeTriggerPanel, openTriggerPanel } from '../src/web/model/database/triggers/triggers-state'
import { functionsState } from '../src/web/model/database/functions/functions-state'

async function triggerById(ctx: CommandContext, id: number): Promise<PgTrigger> {
  const trigger = (await allTriggers(ctx, true)).find((t) => t.id === id)
  if (!trigger) throw new CommandError(`There is no trigger with id ${id}: it may have been dropped meanwhile`, 'invalid-args')
  return trigger
}

const on = (t: Pick<PgTrigger, 'schema' | 'table'>) => `${t.schema}.${t.table}`

export const refreshTriggersList = async (ctx: CommandContext) => {
  await refreshTriggers(ctx.queryClient, ctx.ref)
}

export const searchTriggers = async (ctx: CommandContext, { search }: z.infer<typeof SearchTriggersArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const showTriggersSchema = async (ctx: CommandContext, { schema }: z.infer<typeof ShowTriggersSchemaArgs>) => {
  await ctx.navigate({ search: (prev) => ({ ...prev, schema }), replace: true })
}

export const openCreateTriggerPanel = () => {
  functionsState.lastCreated = null
  openTriggerPanel()
}

export const createTrigger = async (ctx: CommandContext, args: z.infer<typeof CreateTriggerArgs>) => {
  const trigger = await ctx.api.call(pgMetaTriggers.createTrigger, {
    params: { ref: ctx.ref },
    body: {
      name: args.name,
      table_id: args.tableId,
      ...splitFunction(args.function),
      activation: args.activation,
      events: args.events,
      orientation: args.orientation,
      ...(args.condition?.trim() ? { condition: args.condition.trim() } : {}),
    },
  })
  await refreshTriggers(ctx.queryClient, ctx.ref)
  closeTriggerPanel()
  ctx.toast.success(`Created trigger ${trigger.name} on ${on(trigger)}`)
  return trigger
}

export const toggleTrigger = async (ctx: CommandContext, { triggerId, enabled }: z.infer<typeof ToggleTriggerArgs>) => {
  const trigger = await triggerById(ctx, triggerId)
  const want = enabled ?? !isEnabled(trigger)
  const updated = await ctx.api.call(pgMetaTriggers.updateTrigger, {
    params: { ref: ctx.ref }, query: { id: triggerId }, body: { enabled_mode: want ? 'ORIGIN' : 'DISABLED' },
  })
  await refreshTriggers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`${want ? 'Enabled' : 'Disabled'} trigger ${trigger.name} on ${on(trigger)}`)
  return updated
}

export const updateTrigger = async (ctx: CommandContext, { triggerId, ...changes }: z.infer<typeof UpdateTriggerArgs>) => {
  const trigger = await triggerById(ctx, triggerId)
  const body = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && v !== trigger[k as keyof PgTrigger]))
  if (Object.keys(body).length === 0) {
    ctx.toast.info(`Trigger ${trigger.name} is unchanged`)
    return trigger
  }
  const updated = await ctx.api.call(pgMetaTriggers.updateTrigger, { params: { ref: ctx.ref }, query: { id: triggerId }, body })
  await refreshTriggers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Saved trigger ${updated.name} on ${on(updated)}`)
  return updated
}

export const deleteTrigger = async (ctx: CommandContext, { triggerId }: z.infer<typeof pickTrigger.args>) => {
  const trigger = await triggerById(ctx, triggerId)
  const sure = await ctx.confirm({
    title: `Delete trigger ${trigger.name}`,
    description: `The trigger ${trigger.name} on ${on(trigger)} is dropped; its function ${trigger.function_schema}.${trigger.function_name} stays.`,
    confirmLabel: 'Delete trigger',
    destructive: true,
  })
  if (!sure) return false
  await ctx.api.call(pgMetaTriggers.deleteTrigger, { params: { ref: ctx.ref }, query: { id: triggerId } })
  await refreshTriggers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted trigger ${trigger.name} on ${on(trigger)}`)
  return true
}
