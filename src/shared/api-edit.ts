/**
 * The table editor's write calls (issue 3): rows, CSV export and import, columns and tables. Request
 * schemas the server validates with; the web client and commands use the types. Messages are the spec's.
 */
import { z } from 'zod'
import { Impersonation, type Column, type Row, type Table, type TruncatedCell } from './api'
import { Filter } from './filters'
import { MSG } from './messages'

const tableId = z.number().int().positive()
/** A row as column name → value (JSON): strings are parsed by the column's type, null is NULL. */
export const RowValues = z.record(z.string(), z.unknown())
export type RowValues = z.infer<typeof RowValues>

// ---- rows ----
/** Inserted through `json_populate_recordset`; only the columns given are written (others get defaults). */
export const InsertRowsBody = z.object({
  tableId,
  rows: z.array(RowValues).min(1, MSG.noValueToInsert),
  impersonate: Impersonation.optional(),
})
export type InsertRowsBody = z.input<typeof InsertRowsBody>
/** The inserted rows as grid reads give them (long values cut, each cut cell listed in `truncated`). */
export interface InsertRowsResponse {
  rows: Row[]
  truncated: TruncatedCell[]
  /** Rows inserted as a role that the role may not read back (no SELECT policy or grant). */
  hidden?: number
}

/** Updates one row, addressed by its primary key only. */
export const UpdateRowBody = z.object({
  tableId,
  primaryKey: RowValues.refine((pk) => Object.keys(pk).length > 0, MSG.noFiltersUpdate),
  values: RowValues.refine((v) => Object.keys(v).length > 0, 'no value to update'),
  impersonate: Impersonation.optional(),
})
export type UpdateRowBody = z.input<typeof UpdateRowBody>
/** The columns of a relation that the role (the impersonated one, else the studio's) may UPDATE. */
export const WritableColumnsBody = z.object({ tableId, impersonate: Impersonation.optional() })
export type WritableColumnsBody = z.input<typeof WritableColumnsBody>
export interface WritableColumnsResponse { columns: string[] }
/** The updated row as grid reads give it; `truncated` names the columns whose values were cut. */
export interface UpdateRowResponse { row: Row; truncated: string[] }

/** Deletes the rows with these primary keys, or every row matching the filters (at least one). */
export const DeleteRowsBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('rows'),
    tableId,
    primaryKeys: z.array(RowValues).min(1, MSG.noFiltersDelete),
    impersonate: Impersonation.optional(),
  }),
  z.object({
    mode: z.literal('filters'),
    tableId,
    filters: z.array(Filter).min(1, MSG.noFiltersDelete),
    impersonate: Impersonation.optional(),
  }),
])
export type DeleteRowsBody = z.input<typeof DeleteRowsBody>
export interface DeleteRowsResponse { deleted: number }

/** All rows, no filters: TRUNCATE (optionally CASCADE). Never while impersonating. */
export const TruncateBody = z.object({
  tableId,
  cascade: z.boolean().default(false),
  impersonate: z.undefined({ error: MSG.truncateImpersonating }).optional(),
})
export type TruncateBody = z.input<typeof TruncateBody>

// ---- export (GET, so the browser streams the download to disk) ----
export const EXPORT_FORMATS = ['csv', 'sql'] as const
/**
 * GET table-rows/export?tableId=&filter=col:op:value&sort=col:asc&format=csv|sql[&role=&sub=]
 * Streams every filtered and sorted row (a cursor, never the whole table in memory) as an attachment.
 */
export const ExportQuery = z.object({
  tableId: z.coerce.number().int().positive(),
  filter: z.union([z.string(), z.array(z.string())]).optional(),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
  role: z.string().min(1).optional(),
  sub: z.string().min(1).optional(),
})

// ---- import (POST text/csv body, NDJSON progress back) ----
/**
 * POST table-rows/import?tableId=&mapping=<JSON {csvHeader: columnName}> with the CSV file as the body
 * (content-type text/csv). The server loads it with COPY as it streams in, in parts inside ONE
 * transaction, and answers NDJSON lines as it goes (rows loaded so far, after each part):
 *   {"type":"progress","rows":1200} … then {"type":"done","rows":N}
 *   or {"type":"error","row":<1-based data row, 0 when no one row is to blame>,"message":"<the database's
 *   message>"} (nothing committed).
 * CSV headers missing from the mapping are skipped; an empty cell is NULL.
 */
export const ImportQuery = z.object({
  tableId: z.coerce.number().int().positive(),
  mapping: z
    .string()
    .transform((s, ctx) => {
      try {
        return z.record(z.string(), z.string()).parse(JSON.parse(s))
      } catch {
        ctx.addIssue({ code: 'custom', message: 'mapping must be a JSON object of CSV header → column' })
        return z.NEVER
      }
    }),
})
export type ImportEvent =
  | { type: 'progress'; rows: number }
  | { type: 'done'; rows: number }
  | { type: 'error'; row: number; message: string }

// ---- columns (spec 3: column create and update payloads) ----
export const DEFAULT_VALUE_FORMATS = ['expression', 'literal'] as const
export const FOREIGN_KEY_ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'] as const
export const ForeignKeySpec = z.object({
  targetTableSchema: z.string().min(1),
  targetTableName: z.string().min(1),
  targetColumnName: z.string().min(1),
  deletionAction: z.enum(FOREIGN_KEY_ACTIONS).default('NO ACTION'),
})
export type ForeignKeySpec = z.infer<typeof ForeignKeySpec>

const columnFields = {
  name: z.string().trim().min(1, 'Please assign a name for your column'),
  /** the format, with a [] suffix for arrays, e.g. 'int8', 'text[]', 'order_status' */
  type: z.string().trim().min(1, 'Please select a type for your column'),
  comment: z.string().nullable().optional(),
  check: z.string().nullable().optional(),
  isIdentity: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  isPrimaryKey: z.boolean().optional(),
  isNullable: z.boolean().optional(),
  defaultValue: z.string().nullable().optional(),
  defaultValueFormat: z.enum(DEFAULT_VALUE_FORMATS).optional(),
  foreignKey: ForeignKeySpec.nullable().optional(),
}
/** POST columns. Identity applies only to integer types (int2, int4, int8). */
export const ColumnCreateBody = z.object({ tableId, ...columnFields })
export type ColumnCreateBody = z.input<typeof ColumnCreateBody>
/** PATCH columns?id=<tableId.ordinal>: only the changed fields, always with isPrimaryKey. */
export const ColumnUpdateBody = z
  .object({
    name: columnFields.name.optional(),
    type: columnFields.type.optional(),
    comment: columnFields.comment,
    check: columnFields.check,
    isIdentity: columnFields.isIdentity,
    isUnique: columnFields.isUnique,
    isNullable: columnFields.isNullable,
    defaultValue: columnFields.defaultValue,
    defaultValueFormat: columnFields.defaultValueFormat,
    foreignKey: columnFields.foreignKey,
    isPrimaryKey: z.boolean(),
  })
export type ColumnUpdateBody = z.input<typeof ColumnUpdateBody>
export const ColumnIdQuery = z.object({
  id: z.string().regex(/^\d+\.\d+$/, 'id must be <tableId>.<ordinal position>'),
  cascade: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
})
export type { Column }

// ---- tables ----
/** POST tables (needs tenant SQL admin write). Columns are optional: a new table gets an id column. */
export const TableCreateBody = z.object({
  schema: z.string().min(1).default('public'),
  name: z.string().trim().min(1, 'Please provide a name for your table'),
  comment: z.string().nullable().optional(),
  columns: z.array(z.object(columnFields)).optional(),
  /** row level security on from the start (absent: off, as a plain CREATE TABLE) */
  rls_enabled: z.boolean().optional(),
})
export type TableCreateBody = z.input<typeof TableCreateBody>
/** PATCH tables?id=: rename, comment, schema move, RLS toggle ({id, rls_enabled} per spec 7). */
export const TableUpdateBody = z.object({
  id: tableId.optional(),
  name: z.string().trim().min(1, 'Please provide a name for your table').optional(),
  comment: z.string().nullable().optional(),
  rls_enabled: z.boolean().optional(),
})
export type TableUpdateBody = z.input<typeof TableUpdateBody>
export const TableIdQuery = z.object({
  id: z.coerce.number().int().positive(),
  cascade: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
})
/** POST tables/duplicate: a copy of the table's structure, with its rows when withData. */
export const TableDuplicateBody = z.object({
  id: tableId,
  name: z.string().trim().min(1, 'Please provide a name for your table'),
  withData: z.boolean().default(true),
})
export type TableDuplicateBody = z.input<typeof TableDuplicateBody>
export type { Table }
