/**
 * A source view's histogram: the events per bar over the whole range (bars with no event included, so the
 * time axis is even), each split into errors, warnings and the rest, read by one SQL (sql.ts).
 */
import { queryOptions } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import { rangeBounds, type LogBounds } from '../time-range'
import { sourceLogsKey, type SourceView } from './events'
import { runLogsSql } from '../logs-query'
import { bucketSeconds, histogramSql } from './sql'

export interface HistogramBar {
  /** the bar's start, ms since the epoch */
  start: number
  ok: number
  warnings: number
  errors: number
}

export interface Histogram {
  bars: HistogramBar[]
  /** a bar's width */
  seconds: number
  bounds: LogBounds
  total: number
}

interface BucketRow {
  bucket: string
  total: number
  errors: number
  warnings: number
}

/** The bars from the range's first to its last (bars align on whole widths since the epoch, as date_bin's origin does). */
export function fillBars(rows: readonly BucketRow[], bounds: LogBounds, seconds: number): HistogramBar[] {
  const width = seconds * 1000
  const counted = new Map(rows.map((r) => [Date.parse(r.bucket), r]))
  const bars: HistogramBar[] = []
  for (let start = Math.floor(Date.parse(bounds.start) / width) * width; start < Date.parse(bounds.end); start += width) {
    const r = counted.get(start)
    bars.push({ start, errors: r?.errors ?? 0, warnings: r?.warnings ?? 0, ok: r ? r.total - r.errors - r.warnings : 0 })
  }
  return bars
}

export function histogramQuery(api: Api, ref: string, view: SourceView) {
  return queryOptions({
    queryKey: [...sourceLogsKey(ref, view.source), 'histogram', { ...view.range, search: view.search?.trim() || undefined }] as const,
    queryFn: async (): Promise<Histogram> => {
      const bounds = rangeBounds(view.range)
      const seconds = bucketSeconds(bounds)
      const rows = (await runLogsSql(api, ref, histogramSql(view.source, bounds, view.search), bounds)) as unknown as BucketRow[]
      return { bars: fillBars(rows, bounds, seconds), seconds, bounds, total: rows.reduce((n, r) => n + r.total, 0) }
    },
    staleTime: Infinity,
  })
}
