/**
 * Database webhooks (spec 2, Database → Webhooks, only where pg_net exists): create a webhook (a trigger
 * calling supabase_functions.http_request) and delete one; disabled with the reason without pg_net. Lives
 * on /project/{ref}/database/hooks; the bodies are in database-hooks.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { WebhookCreateBody } from '../src/shared/contract/pg-meta-hooks'
import { MSG } from '../src/shared/messages'
import {
  hooksKey, hooksQuery, webhooksUnavailableReason, webhookSummary, type WebhooksResponse,
} from '../src/web/model/database/hooks/hooks-data'

const load = () => import('./database-hooks.run')

const AREA = 'database'

const onHooksPage = (ctx: CommandContext) => ctx.route.matches('database.hooks')

/** The webhooks, read again from the database when `fresh`. */
export function hooks(ctx: CommandContext, fresh = false): Promise<WebhooksResponse> {
  const query = hooksQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

/** Writes need pg_net (as last read) and the permission. */
function canChange(ctx: CommandContext): true | string {
  const reason = webhooksUnavailableReason(ctx.queryClient.getQueryData<WebhooksResponse>(hooksKey(ctx.ref)))
  if (reason) return reason
  return ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change webhooks')
}

async function hookOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await hooks(ctx)).hooks.map((h) => ({ value: String(h.id), label: h.name, hint: webhookSummary(h) }))
}

export const refreshHooksList = defineCommand({
  id: 'database.hooks.refresh',
  title: 'Refresh webhooks',
  area: AREA,
  keywords: ['reload', 'retry', 'pg_net'],
  when: onHooksPage,
  run: lazyRun(load, 'refreshHooksList'),
})

export const openCreateHookDialog = defineCommand({
  id: 'database.hook.create-dialog.open',
  title: 'Create webhook',
  area: AREA,
  keywords: ['new webhook', 'add hook', 'http', 'pg_net', 'trigger'],
  when: onHooksPage,
  enabled: canChange,
  run: lazyRun(load, 'openCreateHookDialog'),
})

export const CreateHookArgs = WebhookCreateBody

export const createHook = defineCommand({
  id: 'database.hook.create',
  title: 'Create webhook from its settings',
  area: AREA,
  // headers and params are objects: the dialog (or a test) passes them; the palette opens the dialog instead
  hidden: true,
  args: CreateHookArgs,
  when: onHooksPage,
  enabled: canChange,
  run: lazyRun(load, 'createHook'),
})

export const HookIdArgs = z.object({ id: z.coerce.number({ error: 'Pick a webhook' }).int().positive('Pick a webhook') })

export const deleteHook = defineCommand({
  id: 'database.hook.delete',
  title: 'Delete webhook',
  area: AREA,
  keywords: ['drop webhook', 'remove hook', 'trigger'],
  args: HookIdArgs,
  argOptions: { id: hookOptions },
  argLabels: { id: 'Webhook' },
  when: onHooksPage,
  enabled: canChange,
  run: lazyRun(load, 'deleteHook'),
})
