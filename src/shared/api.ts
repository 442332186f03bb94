/**
 * The dashboard API's request schemas and response shapes (spec section 7).
 * The server validates every body and query string with these; the web client and commands use the types.
 */
import { z } from 'zod'
import { PAGE_SIZE_OPTIONS, ENTITY_TYPES, TABLE_LIST_SORTS, type EntityType } from './constants'
import { Filter, Sort } from './filters'

/** Errors always come back as JSON { message, code } (code: HTTP status). Query errors add pg detail. */
export interface ApiErrorBody {
  message: string
  code: number
  /** SQLSTATE when the database raised the error */
  pgCode?: string
  /** 1-based character position in the statement, when the database gave one */
  position?: number
}

const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
const boolish = z.enum(['true', 'false']).transform((v) => v === 'true')

// ---- query strings ----
export const TablesQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  include_columns: boolish.optional(),
  included_schemas: csv.optional(),
  excluded_schemas: csv.optional(),
})
export const ByIdQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  included_schemas: csv.optional(),
  excluded_schemas: csv.optional(),
})
export const EntitiesQuery = z.object({
  schema: z.string().min(1).default('public'),
  search: z.string().optional(),
  sort: z.enum(TABLE_LIST_SORTS).default('alphabetical'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
})
export const TableDefinitionQuery = z.object({ id: z.coerce.number().int().positive() })

// ---- bodies ----
export const QueryBody = z.object({ query: z.string().min(1, 'query is required') })
export const FormatBody = z.object({ query: z.string() })

/** Run row queries as a database role (SET LOCAL ROLE) with request.jwt.claims set. */
export const Impersonation = z.object({
  role: z.string().min(1),
  claims: z.record(z.string(), z.unknown()).optional(),
})
export type Impersonation = z.infer<typeof Impersonation>

export const RowsBody = z.object({
  tableId: z.number().int().positive(),
  filters: z.array(Filter).default([]),
  sorts: z.array(Sort).default([]),
  page: z.number().int().min(1).default(1),
  limit: z.union(PAGE_SIZE_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<100>, z.ZodLiteral<500>, z.ZodLiteral<1000>]).default(100),
  impersonate: Impersonation.optional(),
})
export type RowsBody = z.input<typeof RowsBody>
export const CountBody = z.object({
  tableId: z.number().int().positive(),
  filters: z.array(Filter).default([]),
  impersonate: Impersonation.optional(),
  /** count(*) whatever the table's size, never an estimate: the user asked for the exact number */
  exact: z.boolean().default(false),
})
export type CountBody = z.input<typeof CountBody>

// ---- responses ----
export interface Schema { id: number; name: string; owner: string }

export interface Column {
  /** `${table_id}.${ordinal_position}` */
  id: string
  table_id: number
  schema: string
  table: string
  name: string
  ordinal_position: number
  /** information_schema data type, e.g. 'integer', 'USER-DEFINED', 'ARRAY' */
  data_type: string
  /** udt name, e.g. 'int4', 'text', '_int4', 'my_enum' */
  format: string
  default_value: string | null
  is_identity: boolean
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null
  is_generated: boolean
  is_nullable: boolean
  is_updatable: boolean
  is_unique: boolean
  enums: string[]
  check: string | null
  comment: string | null
}

export interface PrimaryKey { schema: string; table_name: string; name: string; table_id: number }

/**
 * A foreign key, one per column pair; a table lists those where it is the source or the target.
 * deletion_action and update_action are the SQL words: 'NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL',
 * 'SET DEFAULT'.
 */
export interface Relationship {
  id: number
  constraint_name: string
  /** source table oid */
  source_table_id: number
  source_schema: string
  source_table_name: string
  source_column_name: string
  target_table_schema: string
  target_table_name: string
  target_column_name: string
  /** target table oid, so the grid can link to it */
  target_table_id: number | null
  deletion_action: string
  update_action: string
}

export interface Table {
  id: number
  schema: string
  name: string
  comment: string | null
  rls_enabled: boolean
  rls_forced: boolean
  live_rows_estimate: number
  bytes: number
  size: string
  primary_keys: PrimaryKey[]
  relationships: Relationship[]
  columns?: Column[]
}

/** Views, materialized views and foreign tables share this shape. */
export interface ViewLike {
  id: number
  schema: string
  name: string
  comment: string | null
  is_updatable?: boolean
  columns?: Column[]
}

export interface Entity {
  id: number
  schema: string
  name: string
  comment: string | null
  type: EntityType
  rls_enabled: boolean
}
export const EntityTypeSchema = z.enum(ENTITY_TYPES)

export interface EntitiesResponse { data: Entity[]; count: number }

/** The grid's view of one relation: whatever its kind, its columns and keys. */
export interface GridTable {
  id: number
  schema: string
  name: string
  type: EntityType
  comment: string | null
  rls_enabled: boolean
  /** protected system schema, or a relation that cannot be written */
  readonly: boolean
  columns: Column[]
  primary_keys: PrimaryKey[]
  relationships: Relationship[]
  live_rows_estimate: number
}

export interface Extension {
  name: string
  schema: string | null
  default_version: string
  installed_version: string | null
  comment: string | null
}

export interface Role {
  id: number
  name: string
  is_superuser: boolean
  can_create_role: boolean
  can_create_db: boolean
  can_login: boolean
  is_replication_role: boolean
  can_bypass_rls: boolean
  connection_limit: number
  valid_until: string | null
  config: string[] | null
}

export type Row = Record<string, unknown>
/** A cell whose value was cut: `row` is its index in RowsResponse.rows, `column` its column name. */
export interface TruncatedCell { row: number; column: string }
/**
 * A page of grid rows. Text-like values (text, varchar, char, json, jsonb, xml, bytea) longer than
 * MAX_CELL_CHARACTERS come back cut to exactly that many characters, as a string (json too, since the cut
 * text is no longer valid JSON), and each such cell is listed in `truncated`. Nothing is appended to
 * the value itself, so a cell's text is never ambiguous.
 */
export interface RowsResponse { rows: Row[]; truncated: TruncatedCell[] }
export interface CountResponse { count: number; is_estimate: boolean }
export interface TableDefinition { sql: string }

export interface Project {
  id: number
  ref: string
  name: string
  status: 'ACTIVE_HEALTHY' | 'COMING_UP' | 'INACTIVE'
  connectionString: string | null
  parent_project_ref: string | null
}

export interface StudioInfo {
  isPlatform: boolean
  version: string
  /** 'pglite' or 'postgres' */
  database: 'pglite' | 'postgres'
}
