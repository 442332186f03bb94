/** What kind of value a column holds, which decides its default width (spec 9) and how its cells look. */
import type { Column, GridTable, Relationship } from '../../../shared/api'
import { COLUMN_MIN_WIDTH, COLUMN_WIDTHS, COLUMN_WIDTH_CHAR_FACTOR } from '../../../shared/constants'

export type ColumnKind = 'numeric' | 'datetime' | 'boolean' | 'enum' | 'json' | 'other'

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money'])
const DATETIME = new Set(['date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval'])

export function columnKind(c: Column): ColumnKind {
  if (NUMERIC.has(c.format)) return 'numeric'
  if (DATETIME.has(c.format)) return 'datetime'
  if (c.format === 'bool') return 'boolean'
  if (c.enums.length > 0) return 'enum'
  if (c.format === 'json' || c.format === 'jsonb' || c.data_type === 'ARRAY') return 'json'
  return 'other'
}

/** Spec 9: by kind, at least (name length + format length) x 9, never under 100. */
export function defaultColumnWidth(c: Column): number {
  const kind = columnKind(c)
  const byKind = kind === 'json' ? COLUMN_WIDTHS.other : COLUMN_WIDTHS[kind]
  return Math.max(COLUMN_MIN_WIDTH, byKind, (c.name.length + c.format.length) * COLUMN_WIDTH_CHAR_FACTOR)
}

export function isPrimaryKey(table: GridTable, column: string): boolean {
  return table.primary_keys.some((pk) => pk.name === column)
}

/** The foreign key this column of this table points along, if any (a table also lists keys pointing at it). */
export function foreignKeyOf(table: GridTable, column: string): Relationship | undefined {
  return table.relationships.find(
    (r) => r.source_table_id === table.id && r.source_column_name === column && r.target_table_id !== null,
  )
}
