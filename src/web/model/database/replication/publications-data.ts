/** The Publications page's data, shared by the page and the commands. */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { endpoints as e } from '../../../../shared/contract'
import { PUBLICATION_OPERATIONS, type Publication, type PublicationOperation } from '../../../../shared/contract/pg-meta-publications'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const publicationsKey = (ref: string) => keys.database(ref, 'publications')

export function publicationsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: publicationsKey(ref), queryFn: () => api.call(e.publications, { params: { ref } }) })
}

export function refreshPublications(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: publicationsKey(ref), refetchType: 'all' })
}

/** Tables a publication may hold, searched by name (the table picker). */
export function publicationTablesQuery(api: Api, ref: string, search: string) {
  return queryOptions({
    queryKey: keys.database(ref, 'publication-tables', search),
    queryFn: () => api.call(e.searchEntities, { params: { ref }, query: { search, limit: 200, types: ['table', 'partitioned table'] } }),
    staleTime: 10_000,
  })
}

export const OPERATION_LABELS: Record<PublicationOperation, string> = { insert: 'Insert', update: 'Update', delete: 'Delete', truncate: 'Truncate' }

/** "insert, update" or "nothing" */
export function operationsText(p: Pick<Publication, `publish_${PublicationOperation}`>): string {
  return PUBLICATION_OPERATIONS.filter((op) => p[`publish_${op}`]).join(', ') || 'nothing'
}

/** "All tables", or "3 tables" */
export function tablesText(p: Publication): string {
  if (p.tables === null) return 'All tables'
  return `${p.tables.length} ${p.tables.length === 1 ? 'table' : 'tables'}`
}
