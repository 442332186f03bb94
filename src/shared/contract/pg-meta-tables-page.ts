/**
 * The Database → Tables page's list (issue 15): one schema's tables with what the page shows of each, in
 * one query whatever the number of tables. Fields as @supabase/postgres-meta's tables (id, schema, name,
 * comment, rls_enabled, rls_forced, live_rows_estimate, bytes, size) plus `columns_count`, without the
 * per-table columns, keys and relationships the list does not need.
 */
import { z } from 'zod'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export const TableSummaryQuery = z.object({ schema: z.string().min(1).max(63) })

export interface TableSummary {
  id: number
  schema: string
  name: string
  comment: string | null
  rls_enabled: boolean
  rls_forced: boolean
  /** pg_class.reltuples / live tuples: an estimate, never a count */
  live_rows_estimate: number
  /** pg_total_relation_size: heap, indexes and toast */
  bytes: number
  size: string
  columns_count: number
  /** 'r' table or 'p' partitioned table */
  type: 'table' | 'partitioned table'
}

export const pgMetaTablesPage = {
  tableSummaries: endpoint({ method: 'GET', path: `${PG_META}/tables/summary`, query: TableSummaryQuery, response: type<TableSummary[]>() }),
}
