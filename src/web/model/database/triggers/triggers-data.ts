/**
 * The triggers page's data, shared by the page and the commands: one schema's triggers, the search over
 * them (trigger, table or function name), grouped by table, and the relations a trigger can go on.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { pgMetaTriggers, type PgTrigger } from '../../../../shared/contract/pg-meta-triggers'
import type { Entity } from '../../../../shared/api'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const triggersKey = (ref: string, schema?: string) => (schema === undefined ? keys.database(ref, 'triggers') : keys.database(ref, 'triggers', schema))

export function triggersQuery(api: Api, ref: string, schema?: string) {
  return queryOptions({
    queryKey: triggersKey(ref, schema),
    queryFn: () => api.call(pgMetaTriggers.triggers, { params: { ref }, query: schema === undefined ? {} : { schema } }),
  })
}

export function refreshTriggers(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: triggersKey(ref), refetchType: 'all' })
}

/** The relations of a schema a trigger can go on: tables (BEFORE/AFTER), views (INSTEAD OF). */
export function triggerTablesQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: keys.database(ref, 'triggers', schema, 'relations'),
    queryFn: async (): Promise<Entity[]> =>
      (await api.entities(ref, { schema, limit: 1000, sort: 'alphabetical' })).data.filter((e) =>
        e.type === 'table' || e.type === 'partitioned table' || e.type === 'view' || e.type === 'foreign table'),
  })
}

export function filterTriggers(list: readonly PgTrigger[], search: string): PgTrigger[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...list]
  return list.filter((t) => [t.name, t.table, t.function_name].some((s) => s.toLowerCase().includes(needle)))
}

export interface TriggerGroup {
  table: string
  tableId: number
  triggers: PgTrigger[]
}

/** The triggers by table, tables by name. */
export function groupByTable(list: readonly PgTrigger[]): TriggerGroup[] {
  const groups = new Map<number, TriggerGroup>()
  for (const t of list) {
    const g = groups.get(t.table_id) ?? { table: t.table, tableId: t.table_id, triggers: [] }
    g.triggers.push(t)
    groups.set(t.table_id, g)
  }
  return [...groups.values()].sort((a, b) => a.table.localeCompare(b.table))
}

export const isEnabled = (t: PgTrigger) => t.enabled_mode !== 'DISABLED'
