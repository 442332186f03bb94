/**
 * The Column privileges page's server data: one table's grants (src/shared/contract/column-privileges.ts),
 * the tables of a schema to pick from, and the batch write, whose answer (the grants after) replaces the
 * cached table.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Entity } from '../../../shared/api'
import { columnPrivileges as e, type ColumnPrivilegeChange, type ColumnPrivilegesTable } from '../../../shared/contract/column-privileges'
import type { Api } from '../../data/api'

export const columnPrivilegesKeys = {
  all: (ref: string) => ['project', ref, 'column-privileges'] as const,
  table: (ref: string, id: number) => [...columnPrivilegesKeys.all(ref), 'table', id] as const,
  tables: (ref: string, schema: string) => [...columnPrivilegesKeys.all(ref), 'tables', schema] as const,
}

export function columnPrivilegesQuery(api: Api, ref: string, tableId: number) {
  return queryOptions({
    queryKey: columnPrivilegesKeys.table(ref, tableId),
    queryFn: (): Promise<ColumnPrivilegesTable> => api.call(e.columnPrivileges, { params: { ref }, query: { table_id: tableId } }),
  })
}

/** How many relations of a schema the table picker lists. */
export const SCHEMA_TABLES_LIMIT = 1000

/** The tables and views of a schema, by name. */
export function schemaTablesQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: columnPrivilegesKeys.tables(ref, schema),
    queryFn: async (): Promise<Entity[]> =>
      (await api.entities(ref, { schema, sort: 'alphabetical', limit: SCHEMA_TABLES_LIMIT, offset: 0 })).data,
  })
}

/** Reads the table's grants from the database again. */
export function readColumnPrivileges(queryClient: QueryClient, api: Api, ref: string, tableId: number, fresh = false): Promise<ColumnPrivilegesTable> {
  const query = columnPrivilegesQuery(api, ref, tableId)
  return fresh ? queryClient.fetchQuery({ ...query, staleTime: 0 }) : queryClient.ensureQueryData(query)
}

/** Runs the batch in one transaction; the cached table becomes the answer. */
export async function applyColumnPrivilegeChanges(
  queryClient: QueryClient, api: Api, ref: string, tableId: number, changes: ColumnPrivilegeChange[],
): Promise<ColumnPrivilegesTable> {
  const after = await api.call(e.applyColumnPrivileges, { params: { ref }, body: { table_id: tableId, changes } })
  queryClient.setQueryData(columnPrivilegesKeys.table(ref, tableId), after)
  return after
}
