/**
 * After a change of structure, the queries that show it are refetched, inactive ones too, so the next
 * command (or screen) reads the table as it now is.
 */
import type { QueryClient } from '@tanstack/react-query'
import { keys } from '../../project/keys'

/**
 * A table's columns changed: everything shaped by the tables (each table as the grid, the policy editor
 * and the foreign-key picker share it, definitions, lists; one key prefix), inactive queries too, and this
 * table's rows and count.
 */
export async function refreshTableQueries(queryClient: QueryClient, ref: string, tableId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.tables(ref), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: keys.rows(ref, tableId) }),
    queryClient.invalidateQueries({ queryKey: keys.count(ref, tableId) }),
  ])
}

/** Tables were added, renamed or dropped: everything shaped by the tables, lists and relations included. */
export async function refreshTableList(queryClient: QueryClient, ref: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: keys.tables(ref) })
}
