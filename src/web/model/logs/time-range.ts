/**
 * The time range every logs page reads (spec 2, Logs; issue 16): one of the presets, or a custom start and
 * end, kept in the URL (`?range=1h`, `?range=custom&start=…&end=…`) so a view is a link. A preset is read
 * against the clock each time a query runs (so "last hour" moves on); a custom range stays put.
 */
import { z } from 'zod'

export const LOG_RANGES = [
  { id: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { id: '1h', label: 'Last hour', ms: 3_600_000 },
  { id: '3h', label: 'Last 3 hours', ms: 3 * 3_600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 24 * 3_600_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * 3_600_000 },
] as const
export type LogRangeId = (typeof LOG_RANGES)[number]['id'] | 'custom'
export const DEFAULT_LOG_RANGE: LogRangeId = '1h'

const isoOrUndefined = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)))
  .optional()
  .catch(undefined)

/** The range's part of a logs page's search (a bad part is dropped: the page falls back to the default). */
export const logRangeSearch = z.object({
  range: z.enum(['15m', '1h', '3h', '24h', '7d', 'custom']).optional().catch(undefined),
  start: isoOrUndefined,
  end: isoOrUndefined,
})
export type LogRangeSearch = z.infer<typeof logRangeSearch>

export interface LogBounds {
  /** ISO 8601 */
  start: string
  end: string
}

/** The bounds of a range now: a preset ends now; a custom range without both ends falls back to the default. */
export function rangeBounds(search: LogRangeSearch, now = Date.now()): LogBounds {
  if (search.range === 'custom' && search.start && search.end && Date.parse(search.start) < Date.parse(search.end)) {
    return { start: new Date(search.start).toISOString(), end: new Date(search.end).toISOString() }
  }
  const preset = LOG_RANGES.find((r) => r.id === search.range) ?? LOG_RANGES.find((r) => r.id === DEFAULT_LOG_RANGE)!
  return { start: new Date(now - preset.ms).toISOString(), end: new Date(now).toISOString() }
}

/** What the range picker shows. */
export function rangeLabel(search: LogRangeSearch): string {
  if (search.range === 'custom' && search.start && search.end) return `${new Date(search.start).toLocaleString()} – ${new Date(search.end).toLocaleString()}`
  return (LOG_RANGES.find((r) => r.id === search.range) ?? LOG_RANGES.find((r) => r.id === DEFAULT_LOG_RANGE)!).label
}
