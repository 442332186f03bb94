/**
 * The policies page's server state: a schema's tables and policies. Shared by the page and the commands;
 * the editor reads its table's columns (the SQL fields complete them) from the shared tableQuery.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'
import { policiesQuery } from '../../project/queries'

export const schemaTablesQuery = (api: Api, ref: string, schema: string) =>
  queryOptions({
    queryKey: keys.schemaTables(ref, schema),
    queryFn: async () => (await api.tables(ref, { included_schemas: [schema] })).sort((a, b) => a.name.localeCompare(b.name)),
  })

/** The schema's policies by name, picked from the project's policies (one fetch for every schema). */
export const schemaPoliciesQuery = (api: Api, ref: string, schema: string) =>
  queryOptions({
    ...policiesQuery(api, ref),
    select: (policies) => policies.filter((p) => p.schema === schema).sort((a, b) => a.name.localeCompare(b.name)),
  })

/** After a policy or RLS change (database or storage): every view of the policies, and every table (their RLS state). */
export function refreshPolicies(queryClient: QueryClient, ref: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.policies(ref) }),
    queryClient.invalidateQueries({ queryKey: keys.tables(ref) }),
  ]).then(() => undefined)
}
