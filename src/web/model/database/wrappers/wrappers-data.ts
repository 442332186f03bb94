/** The Wrappers page's data, shared by the page and the commands: foreign data and the foreign tables. */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { endpoints as e } from '../../../../shared/contract'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const foreignDataKey = (ref: string) => keys.database(ref, 'foreign-data')

export function foreignDataQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: foreignDataKey(ref), queryFn: () => api.call(e.foreignData, { params: { ref } }) })
}

export function foreignTablesQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: keys.database(ref, 'foreign-tables'), queryFn: () => api.call(e.foreignTables, { params: { ref } }) })
}

/** Servers, mappings or foreign tables changed: both lists read the database again. */
export async function refreshForeignData(queryClient: QueryClient, ref: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: foreignDataKey(ref), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: keys.database(ref, 'foreign-tables'), refetchType: 'all' }),
  ])
}
