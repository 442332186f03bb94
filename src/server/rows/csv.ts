/**
 * Lines of an export: CSV as RFC 4180 quotes it, and SQL INSERT statements. Values are the text Postgres
 * prints for them (json as JSON text, arrays as array literals), booleans as true/false, or null.
 */
import { quoteLiteral } from '../../shared/sql-quote'

const NEEDS_QUOTES = /[",\r\n]/

/** NULL is an empty field; an empty text is written "" so the two stay apart for readers that care. */
export function csvField(value: string | null): string {
  if (value === null) return ''
  if (value === '') return '""'
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvField).join(',')}\n`
}

/**
 * A row as Postgres prints a record, `(1,"a ""b""",,"x\\y","")`, made a CSV line. Postgres quotes a field
 * holding a comma, quote, backslash, parenthesis or white space, and an empty text, doubling quotes and
 * backslashes inside; NULL is an empty field. Once the parentheses go and doubled backslashes are single
 * again, that is RFC 4180 CSV (quoting a field that need not be is allowed). Postgres does the per-value
 * work in one call per row, which keeps a big export fast.
 */
export function csvFromRecord(record: string): string {
  const fields = record.slice(1, -1)
  return `${fields.includes('\\') ? fields.replaceAll('\\\\', '\\') : fields}\n`
}

/** `insert into <target> values (…);` with every value a quoted literal Postgres casts to the column's type. */
export function insertLine(target: string, values: readonly (string | null)[]): string {
  return `${target} values (${values.map((v) => (v === null ? 'NULL' : quoteLiteral(v))).join(', ')});\n`
}
