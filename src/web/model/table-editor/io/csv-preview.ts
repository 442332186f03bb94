/**
 * The first rows of a CSV file, for the import wizard and the import command alike. Only the start of
 * the file is read (a growing slice, never the whole file), and papaparse stops after the preview rows.
 */
import Papa from 'papaparse'

export const PREVIEW_ROWS = 20
const FIRST_SLICE = 64 * 1024
const LAST_SLICE = 4 * 1024 * 1024

export interface CsvPreview {
  headers: string[]
  /** up to PREVIEW_ROWS data rows */
  rows: string[][]
  /** the file's size in bytes */
  bytes: number
  /** data rows in the whole file: exact when the preview holds them all, else estimated from the size */
  estimatedRows: number
}

export function csvBlob(source: Blob | string): Blob {
  return typeof source === 'string' ? new Blob([source], { type: 'text/csv' }) : source
}

/** Parses the start of the file; a slice that cuts the file short loses its last (maybe partial) row. */
export async function readCsvPreview(source: Blob | string): Promise<CsvPreview> {
  const blob = csvBlob(source)
  const wanted = PREVIEW_ROWS + 1
  for (let size = FIRST_SLICE; ; size *= 2) {
    const cut = size < blob.size
    const text = (await blob.slice(0, size).text()).replace(/^\uFEFF/, '')
    const result = Papa.parse<string[]>(text, { preview: cut ? wanted + 1 : wanted, skipEmptyLines: 'greedy' })
    const lines = cut ? result.data.slice(0, -1) : result.data
    if (cut && lines.length < wanted && size < LAST_SLICE) continue
    const [headers = [], ...rows] = lines.slice(0, wanted)
    const whole = !cut && (result.data.length < wanted || result.meta.cursor >= text.trimEnd().length)
    const bytes = (end: number) => new TextEncoder().encode(text.slice(0, end)).length
    const headerBytes = bytes(Papa.parse(text, { preview: 1 }).meta.cursor)
    const bytesPerRow = (bytes(result.meta.cursor) - headerBytes) / Math.max(1, result.data.length - 1)
    return {
      headers,
      rows,
      bytes: blob.size,
      estimatedRows: whole ? rows.length : Math.max(rows.length, Math.round((blob.size - headerBytes) / bytesPerRow)),
    }
  }
}
