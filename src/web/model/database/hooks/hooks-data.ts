/**
 * The Webhooks page's data, shared by the page and the commands: the list (with whether pg_net is
 * installed), and the reason webhooks cannot be changed here, if any.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { endpoints as e } from '../../../../shared/contract'
import type { Webhook, WebhooksResponse } from '../../../../shared/contract/pg-meta-hooks'
import { MSG } from '../../../../shared/messages'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export type { Webhook, WebhooksResponse }

export const hooksKey = (ref: string) => keys.database(ref, 'hooks')

export function hooksQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: hooksKey(ref), queryFn: () => api.call(e.hooks, { params: { ref } }) })
}

export function refreshHooks(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: hooksKey(ref), refetchType: 'all' })
}

/** Why webhooks cannot be created or deleted, from the list as read (null: they can; 'loading' before it is read). */
export function webhooksUnavailableReason(data: WebhooksResponse | undefined): string | null {
  if (!data) return 'Loading webhooks…'
  return data.available ? null : MSG.webhooksNeedPgNet
}

/** "INSERT, UPDATE on public.orders" */
export const webhookSummary = (h: Webhook) => `${h.events.join(', ')} on ${h.schema}.${h.table}`

/** "Name: value" lines (one a line; blank lines skipped) as an object; the first colon splits. */
export function parsePairs(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    const at = line.indexOf(':')
    if (at <= 0) throw new Error(`"${line.trim()}" is not "Name: value"`)
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim()
  }
  return out
}

/** The tables a webhook can go on (the create dialog's picker): every schema's, without their columns. */
export function webhookTablesQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: [...keys.tables(ref), 'webhook-tables'] as const, queryFn: () => api.call(e.tables, { params: { ref } }) })
}
