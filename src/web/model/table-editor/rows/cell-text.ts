/** A cell's value as text (the palette's row labels, the clipboard); apart from row-text.ts, which loads the CSV writer. */

/** A value as one cell of text: NULL is empty, JSON and arrays are JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
