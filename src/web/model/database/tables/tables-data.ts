/**
 * The Database → Tables page's data, shared by the page and its commands: one schema's tables (one query
 * for the whole schema, cached under the project's tables key so every DDL refresh reaches it), the search
 * over them, why a table is read-only, and how its figures read.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { pgMetaTablesPage, type TableSummary } from '../../../../shared/contract/pg-meta-tables-page'
import { isProtectedSchema } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'
import { DEFAULT_SCHEMA } from '../search'

export type { TableSummary }

/** Under keys.tables(ref): a table created, renamed or dropped anywhere (the table editor too) refreshes the list. */
export const tableSummariesKey = (ref: string, schema: string) => [...keys.tables(ref), 'summaries', schema] as const

export function tableSummariesQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: tableSummariesKey(ref, schema),
    queryFn: () => api.call(pgMetaTablesPage.tableSummaries, { params: { ref }, query: { schema } }),
  })
}

export function refreshTableSummaries(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...keys.tables(ref), 'summaries'], refetchType: 'all' })
}

/** The schema a Tables page URL lists. */
export const listedSchema = (search: { schema?: string }) => search.schema ?? DEFAULT_SCHEMA

/** The tables whose name or description holds the search, case-insensitive. */
export function filterTables(tables: readonly TableSummary[], search: string): TableSummary[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...tables]
  return tables.filter((t) => t.name.toLowerCase().includes(needle) || (t.comment ?? '').toLowerCase().includes(needle))
}

/** Why the tables of a schema cannot be changed here, or null. */
export function schemaLockedReason(schema: string): string | null {
  return isProtectedSchema(schema) ? MSG.protectedSchema(schema) : null
}

/** An estimate reads as one: '~1.2K' past a thousand, the number below. */
export function formatRowsEstimate(n: number): string {
  if (n < 1000) return n.toLocaleString('en-US')
  const units = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ] as const
  for (const [size, unit] of units) {
    if (n >= size) return `~${(n / size).toFixed(n / size < 10 ? 1 : 0).replace(/\.0$/, '')}${unit}`
  }
  return String(n)
}
