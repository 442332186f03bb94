/**
 * The first rows of a CSV file, for the import wizard and the import command alike: papaparse reads only
 * the start of the file (a growing slice) and stops after the preview rows; the rows are counted apart.
 */
import Papa from 'papaparse'
import { countRows, type RowCount } from './row-estimate'

export const PREVIEW_ROWS = 20
const FIRST_SLICE = 64 * 1024
const LAST_SLICE = 4 * 1024 * 1024

export interface CsvPreview {
  headers: string[]
  /** up to PREVIEW_ROWS data rows */
  rows: string[][]
  /** the file's size in bytes */
  bytes: number
  /** data rows in the whole file (see countRows) */
  count: RowCount
}

export function csvBlob(source: Blob | string): Blob {
  return typeof source === 'string' ? new Blob([source], { type: 'text/csv' }) : source
}

/** Parses the start of the file; a slice that cuts the file short loses its last (maybe partial) row. */
export async function readCsvPreview(source: Blob | string): Promise<CsvPreview> {
  const blob = csvBlob(source)
  const wanted = PREVIEW_ROWS + 1
  const count = countRows(blob)
  for (let size = FIRST_SLICE; ; size *= 2) {
    const cut = size < blob.size
    const text = (await blob.slice(0, size).text()).replace(/^\uFEFF/, '')
    const result = Papa.parse<string[]>(text, { preview: cut ? wanted + 1 : wanted, skipEmptyLines: 'greedy' })
    const lines = cut ? result.data.slice(0, -1) : result.data
    if (cut && lines.length < wanted && size < LAST_SLICE) continue
    const [headers = [], ...rows] = lines.slice(0, wanted)
    return { headers, rows, bytes: blob.size, count: await count }
  }
}
