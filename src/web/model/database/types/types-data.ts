/**
 * The Enumerated Types page's data, shared by the page and the commands: one schema's enums (values in
 * order), the filter of the list. A change also refreshes the table editor's enum list (its column type
 * pickers).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { endpoints as e } from '../../../../shared/contract'
import type { PgType } from '../../../../shared/contract/pg-meta-types'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export function enumsQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: keys.database(ref, 'types', schema),
    queryFn: () => api.call(e.types, { params: { ref }, query: { schema, enums_only: true } }),
  })
}

/** Enums changed: this page's lists, and the column type pickers of the table editor. */
export async function refreshEnums(queryClient: QueryClient, ref: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.database(ref, 'types'), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: keys.enumTypes(ref), refetchType: 'all' }),
  ])
}

/** The enums whose name or a value holds `search` (case-insensitive). */
export function filterEnums(types: readonly PgType[], search: string): PgType[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...types]
  return types.filter((t) => t.name.toLowerCase().includes(needle) || t.enums.some((v) => v.toLowerCase().includes(needle)))
}
