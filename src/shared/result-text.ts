/**
 * A SQL result's values as text, the same in the browser (copy, a download of the rows it holds) and on
 * the server (the streamed download of a whole result): JSON for objects and arrays, the text of anything
 * else; CSV fields as RFC 4180 quotes them, NULL an empty field.
 */

/** One value as a cell shows it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line (with its CRLF) of a row's values, in the columns' order. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map((v) => csvField(cellText(v))).join(',')}\r\n`
}
