import { PREVIEW_ROWS } from './csv-preview'

/**
 * A row count from the preview: exact while the whole file fits in it, else estimated from the file's
 * size and said with the precision it has (402,130 → 'about 400,000').
 */
export function about(rows: number): string {
  if (rows <= PREVIEW_ROWS) return String(rows)
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(rows)) - 1)
  return `about ${(Math.round(rows / unit) * unit).toLocaleString('en-US')}`
}
