/** The bodies of database-hooks.ts's commands: webhook changes through pg-meta. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { hooks, type CreateHookArgs, type HookIdArgs } from './database-hooks'
import type { CommandContext } from '../src/web/model/app/context'
import { endpoints as e } from '../src/shared/contract'
import { MSG } from '../src/shared/messages'
import { refreshHooks, webhookSummary } from '../src/web/model/database/hooks/hooks-data'
import { closeCreateHookDialog, openCreateHookDialog as openDialog } from '../src/web/model/database/hooks/hooks-state'

export const refreshHooksList = async (ctx: CommandContext) => {
  await refreshHooks(ctx.queryClient, ctx.ref)
  return (await hooks(ctx)).hooks.length
}

export const openCreateHookDialog = () => openDialog()

export const createHook = async (ctx: CommandContext, body: z.infer<typeof CreateHookArgs>) => {
  const hook = await ctx.api.call(e.createHook, { params: { ref: ctx.ref }, body })
  await refreshHooks(ctx.queryClient, ctx.ref)
  closeCreateHookDialog()
  ctx.toast.success(`Created webhook ${hook.name}`)
  return hook
}

export const deleteHook = async (ctx: CommandContext, { id }: z.infer<typeof HookIdArgs>) => {
  const hook = (await hooks(ctx, true)).hooks.find((h) => h.id === id)
  if (!hook) throw new CommandError(MSG.webhookNotFound(id), 'invalid-args')
  const sure = await ctx.confirm({
    title: `Delete webhook ${hook.name}`,
    description: `The trigger ${hook.name} (${webhookSummary(hook)}) is dropped: row changes are no longer sent to ${hook.url}.`,
    confirmLabel: 'Delete webhook',
    destructive: true,
  })
  if (!sure) return false
  await ctx.api.call(e.deleteHook, { params: { ref: ctx.ref }, query: { id } })
  await refreshHooks(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted webhook ${hook.name}`)
  return true
}
