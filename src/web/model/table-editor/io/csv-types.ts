/**
 * A new table from a CSV: column names from the headers, and each column's type inferred from the
 * preview rows (int8, numeric, bool, timestamptz, date, jsonb, else text). Empty cells say nothing.
 */
export const INFERRED_TYPES = ['int8', 'numeric', 'bool', 'date', 'timestamptz', 'jsonb', 'text'] as const
export type InferredType = (typeof INFERRED_TYPES)[number]

const INT8_MAX = 9223372036854775807n
const TESTS: [InferredType, (v: string) => boolean][] = [
  ['int8', (v) => /^[-+]?\d{1,19}$/.test(v) && BigInt(v) <= INT8_MAX && BigInt(v) >= -INT8_MAX - 1n],
  ['numeric', (v) => /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)],
  ['bool', (v) => /^(true|false|t|f|yes|no)$/i.test(v)],
  ['date', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))],
  ['timestamptz', (v) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)?$/i.test(v)],
  ['jsonb', (v) => /^[[{]/.test(v) && isJson(v)],
]

function isJson(v: string): boolean {
  try {
    JSON.parse(v)
    return true
  } catch {
    return false
  }
}

/** The narrowest type every non-empty value fits; text when there is no value at all. */
export function inferType(values: readonly string[]): InferredType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '')
  if (present.length === 0) return 'text'
  return TESTS.find(([, fits]) => present.every(fits))?.[0] ?? 'text'
}

/** The type of each column of the preview, by its position. */
export function inferColumnTypes(headers: readonly string[], rows: readonly string[][]): InferredType[] {
  return headers.map((_, i) => inferType(rows.map((r) => r[i] ?? '')))
}

/** Column names from headers: trimmed, at most 63 characters, blank ones named by position, repeats numbered. */
export function columnNames(headers: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return headers.map((h, i) => {
    const base = (h.trim() || `column_${i + 1}`).slice(0, 60)
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    return n === 1 ? base : `${base}_${n}`
  })
}

/** Each header to the column of the same name (ignoring case and spaces); headers that match none are skipped. */
export function autoMapping(headers: readonly string[], columns: readonly string[]): Record<string, string> {
  const key = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_')
  const byKey = new Map(columns.map((c) => [key(c), c]))
  return Object.fromEntries(headers.flatMap((h) => (byKey.has(key(h)) ? [[h, byKey.get(key(h))!]] : [])))
}
