/**
 * Downloads: a table export read as it streams in, with a toast telling the rows and bytes received so
 * far, then handed to the browser's downloads; or a link the browser downloads from by itself. Headless
 * (tests) there is nowhere to save either: nothing is fetched, the command answers the link.
 */
import type { Api } from '../../../data/api'
import { saveBlob } from '../../app/download'
import { dismissToast, pushProgressToast, updateToast } from '../../app/toasts'
import { about } from './row-estimate'

type ExportQuery = Parameters<Api['exportUrl']>[1]

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`

/** What the export toast says: rows of the expected count so far, and the bytes. */
export function exportProgressText(table: string, rows: number, expected: { rows: number; exact: boolean }, bytes: number): string {
  const received = Math.min(rows, expected.rows).toLocaleString('en-US')
  return `Exporting ${table}: ${received} of ${about(expected)} rows · ${mb(bytes)}`
}

export async function downloadExport(
  api: Api, ref: string, q: ExportQuery, table: string, expected: { rows: number; exact: boolean },
): Promise<void> {
  if (typeof document === 'undefined') return
  // the first line of a CSV file is its header
  const header = (q.format ?? 'csv') === 'csv' ? 1 : 0
  const toast = pushProgressToast(exportProgressText(table, 0, expected, 0), 0)
  let shown = 0
  try {
    const { blob, filename } = await api.downloadExport(ref, q, (bytes, lines) => {
      const now = performance.now()
      if (now - shown < 100) return
      shown = now
      const rows = Math.max(0, lines - header)
      updateToast(toast, exportProgressText(table, rows, expected, bytes), expected.rows ? Math.min(0.99, rows / expected.rows) : undefined)
    })
    saveBlob(blob, filename)
  } finally {
    dismissToast(toast)
  }
}

/** Starts a download the browser streams to disk (a plain link click); headless there is nothing to click. */
export function startDownload(url: string): void {
  if (typeof document === 'undefined') return
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}
