/**
 * The policies page's server state: a schema's tables and policies, the database roles, and one table
 * with its columns (the SQL fields complete them). Shared by the page and the commands.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Api } from '../../../data/api'

const key = (ref: string) => ['project', ref, 'policies-page'] as const

export const schemaTablesQuery = (api: Api, ref: string, schema: string) =>
  queryOptions({
    queryKey: [...key(ref), 'tables', schema],
    queryFn: async () => (await api.tables(ref, { included_schemas: [schema] })).sort((a, b) => a.name.localeCompare(b.name)),
  })

export const schemaPoliciesQuery = (api: Api, ref: string, schema: string) =>
  queryOptions({
    queryKey: [...key(ref), 'policies', schema],
    queryFn: async () => (await api.policies(ref, { included_schemas: [schema] })).sort((a, b) => a.name.localeCompare(b.name)),
  })

export const rolesQuery = (api: Api, ref: string) =>
  queryOptions({ queryKey: [...key(ref), 'roles'], queryFn: () => api.roles(ref), staleTime: 60_000 })

export const tableWithColumnsQuery = (api: Api, ref: string, tableId: number) =>
  queryOptions({ queryKey: [...key(ref), 'table', tableId], queryFn: () => api.table(ref, tableId) })

/** After a policy or RLS change: the page, the grid's RLS notice and the table editor's tables. */
export function refreshPolicies(queryClient: QueryClient, ref: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key(ref) }),
    queryClient.invalidateQueries({ queryKey: ['project', ref, 'policy-count'] }),
    queryClient.invalidateQueries({ queryKey: ['project', ref, 'grid-table'] }),
  ]).then(() => undefined)
}
