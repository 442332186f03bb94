/**
 * After a change of structure, the queries that show it are refetched, inactive ones too, so the next
 * command (or screen) reads the table as it now is.
 */
import type { QueryClient } from '@tanstack/react-query'
import { countKey, entitiesKey, gridTableKey, rowsKey } from '../../project/queries'

/** A table's columns changed (the tables it points to list the key too): its definition, rows and count. */
export async function refreshTableQueries(queryClient: QueryClient, ref: string, tableId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: gridTableKey(ref), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: ['project', ref, 'table-definition', tableId] }),
    queryClient.invalidateQueries({ queryKey: rowsKey(ref, tableId) }),
    queryClient.invalidateQueries({ queryKey: countKey(ref, tableId) }),
  ])
}

/** Tables were added, renamed or dropped: the table list and the palette's list of relations. */
export async function refreshTableList(queryClient: QueryClient, ref: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: entitiesKey(ref) }),
    queryClient.invalidateQueries({ queryKey: ['project', ref, 'relations'] }),
  ])
}
