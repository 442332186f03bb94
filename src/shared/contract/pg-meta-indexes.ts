/**
 * Indexes under /platform/pg-meta/{ref}/indexes (issue 15, the Indexes page): the list (shaped like
 * @supabase/postgres-meta's index, plus the table's name, the key columns, size and scans), create, drop,
 * and the hints (unused indexes, tables read by sequential scans). Writes need tenant SQL admin write.
 */
import { z } from 'zod'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

export const INDEX_METHODS = ['btree', 'hash', 'gin', 'gist', 'brin'] as const
export type IndexMethod = (typeof INDEX_METHODS)[number]

/** One key of an index: a column (or an expression, `expression` true), and its order where it has one. */
export interface IndexKey {
  name: string
  expression: boolean
  /** 'DESC' for a descending btree key, else 'ASC' (the default; hash, gin… have no order) */
  order: 'ASC' | 'DESC'
}

export interface PgIndex {
  id: number
  schema: string
  /** the indexed table's name, and its oid */
  table: string
  table_id: number
  name: string
  /** the key columns (expressions as Postgres prints them), in order */
  columns: IndexKey[]
  /** pg_get_indexdef: the whole CREATE INDEX statement */
  index_definition: string
  access_method: string
  is_unique: boolean
  is_primary: boolean
  is_exclusion: boolean
  /** false while a CONCURRENTLY build failed or runs */
  is_valid: boolean
  /** the partial index's WHERE, or null */
  predicate: string | null
  comment: string | null
  /** the index's own bytes (pg_relation_size), and as people read it ("16 kB") */
  size_bytes: number
  size: string
  /** index scans since the statistics were reset (pg_stat_user_indexes.idx_scan); null where unavailable */
  scans: number | null
  /** the number of key columns (postgres-meta's number_of_key_attributes) */
  number_of_key_attributes: number
}

export const IndexesQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  schema: z.string().min(1).optional(),
  table_id: z.coerce.number().int().positive().optional(),
})

const ident = (what: string) => z.string().trim().min(1, `Please provide ${what}`).max(63, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most 63 characters`)

export const IndexColumnInput = z.object({
  name: z.string().min(1, 'Pick a column'),
  order: z.enum(['ASC', 'DESC']).optional(),
})
export type IndexColumnInput = z.input<typeof IndexColumnInput>

export const IndexCreateBody = z
  .object({
    /** the table's oid */
    table_id: z.number().int().positive(),
    columns: z.array(IndexColumnInput).min(1, 'Pick at least one column'),
    method: z.enum(INDEX_METHODS).default('btree'),
    unique: z.boolean().default(false),
    /** a partial index's condition (without WHERE) */
    where: z.string().trim().optional(),
    /** generated from the table and columns when absent */
    name: ident('a name for the index').optional(),
    /** PostgreSQL only: built without locking writes out, outside a transaction */
    concurrently: z.boolean().default(false),
  })
  .strict()
export type IndexCreateBody = z.input<typeof IndexCreateBody>

export const IndexDeleteQuery = z.object({
  id: z.coerce.number().int().positive(),
  concurrently: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
})

export interface IndexHints {
  /** never scanned since the statistics were reset, neither unique nor primary, biggest first */
  unused: PgIndex[]
  /** tables read mostly by sequential scans, the most rows read first */
  seq_scan_tables: {
    table_id: number
    schema: string
    table: string
    seq_scan: number
    seq_tup_read: number
    idx_scan: number | null
    n_live_tup: number
    /** how many indexes the table has */
    index_count: number
  }[]
}

export const IndexHintsQuery = z.object({ schema: z.string().min(1).optional() })

export const pgMetaIndexes = {
  indexes: endpoint({ method: 'GET', path: `${PG_META}/indexes`, query: IndexesQuery, response: type<PgIndex[]>(), byId: type<PgIndex>() }),
  createIndex: endpoint({ method: 'POST', path: `${PG_META}/indexes`, body: IndexCreateBody, response: type<PgIndex>() }),
  /** answers the index as it was */
  deleteIndex: endpoint({ method: 'DELETE', path: `${PG_META}/indexes`, query: IndexDeleteQuery, response: type<PgIndex>() }),
  indexHints: endpoint({ method: 'GET', path: `${PG_META}/indexes/hints`, query: IndexHintsQuery, response: type<IndexHints>() }),
}
