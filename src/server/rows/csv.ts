/**
 * Lines of an export: CSV as RFC 4180 quotes it, and SQL INSERT statements. Values arrive as the text
 * Postgres prints for them (json as JSON text, arrays as array literals) or null.
 */
import { quoteLiteral } from '../sql/quote'

const NEEDS_QUOTES = /[",\r\n]/

/** NULL is an empty field; an empty text is written "" so the two stay apart for readers that care. */
export function csvField(value: string | null): string {
  if (value === null) return ''
  if (value === '') return '""'
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\n`
}

/** `insert into <target> values (…);` with every value a quoted literal Postgres casts to the column's type. */
export function insertLine(target: string, values: readonly (string | null)[]): string {
  return `${target} values (${values.map((v) => (v === null ? 'NULL' : quoteLiteral(v))).join(', ')});\n`
}
