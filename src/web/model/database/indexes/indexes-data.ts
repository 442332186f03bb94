/**
 * The Indexes page's data, shared by the page and the commands: one schema's indexes, its tables (with their
 * columns, for the table filter and the create form), the hints, and the filter of the list.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Table } from '../../../../shared/api'
import { endpoints as e } from '../../../../shared/contract'
import type { PgIndex } from '../../../../shared/contract/pg-meta-indexes'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const indexesKey = (ref: string) => keys.database(ref, 'indexes')

export function indexesQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: keys.database(ref, 'indexes', 'list', schema),
    queryFn: () => api.call(e.indexes, { params: { ref }, query: { schema } }),
  })
}

export function indexHintsQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: keys.database(ref, 'indexes', 'hints', schema),
    queryFn: () => api.call(e.indexHints, { params: { ref }, query: { schema } }),
  })
}

/** The schema's tables with their columns: under the tables key, so any change of a table's structure refreshes it. */
export function indexTablesQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: [...keys.tables(ref), 'database-indexes', schema] as const,
    queryFn: async (): Promise<Table[]> =>
      (await api.tables(ref, { included_schemas: [schema], include_columns: true })).sort((a, b) => a.name.localeCompare(b.name)),
  })
}

/** Indexes changed: the lists and hints of every schema read the database again. */
export function refreshIndexes(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: indexesKey(ref), refetchType: 'all' })
}

/** The indexes whose name, table or a key column holds `search` (case-insensitive), of one table when given. */
export function filterIndexes(indexes: readonly PgIndex[], search: string, table?: string): PgIndex[] {
  const needle = search.trim().toLowerCase()
  return indexes.filter(
    (x) =>
      (table === undefined || x.table === table) &&
      (!needle || x.name.toLowerCase().includes(needle) || x.table.toLowerCase().includes(needle) ||
        x.columns.some((c) => c.name.toLowerCase().includes(needle))),
  )
}

/** How a key reads in the list: "created_at DESC", an expression as Postgres prints it. */
export const keyLabel = (k: PgIndex['columns'][number]) => (k.order === 'DESC' ? `${k.name} DESC` : k.name)
