/**
 * The SQL a source view sends to logs.all (issue 16): its events newest first, a page at a time (keyset on
 * timestamp then id, so a page never skips or repeats an event however many share a timestamp), the events
 * newer than the newest shown (live tail), and the histogram (date_bin + count, split into errors and
 * warnings as shared/logs.ts LOG_STATUS_SQL defines them). The time range itself is the request's
 * iso_timestamp_start/end; the search text is quoted through shared/sql-quote like every literal.
 */
import { LOG_HISTOGRAM_MAX_BARS, LOG_SOURCE_PAGE_ROWS } from '../../../../shared/constants'
import { LOG_STATUS_SQL, LOG_VIEWS, logMinutesView, type LogSource } from '../../../../shared/logs'
import { quoteLiteral } from '../../../../shared/sql-quote'
import type { LogBounds } from '../time-range'

/** Bar widths a histogram picks from, narrowest first (seconds). */
const BUCKET_SECONDS = [1, 10, 60, 5 * 60, 10 * 60, 3600, 6 * 3600, 86_400] as const

/** The narrowest bar width that keeps the range within LOG_HISTOGRAM_MAX_BARS bars (1 min for 1 h, 1 h for 7 days). */
export function bucketSeconds(bounds: LogBounds): number {
  const span = (Date.parse(bounds.end) - Date.parse(bounds.start)) / 1000
  return BUCKET_SECONDS.find((s) => span / s <= LOG_HISTOGRAM_MAX_BARS) ?? BUCKET_SECONDS.at(-1)!
}

/**
 * The search as a WHERE condition: the message holds the text, whatever its case. strpos rather than ILIKE,
 * so `_` and `%` (common in paths and names) are matched as themselves and the explorer shows no escapes.
 */
function searchCondition(search: string | undefined): string | null {
  const text = search?.trim()
  return text ? `strpos(lower(event_message), ${quoteLiteral(text.toLowerCase())}) > 0` : null
}

const where = (conditions: (string | null)[]) => {
  const kept = conditions.filter((c): c is string => c !== null)
  return kept.length ? `\nwhere ${kept.join('\n  and ')}` : ''
}

/** The timestamp as exact text (microseconds, UTC): what the next page's keyset starts from. */
const TS = `to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts`

export interface EventsPage {
  search?: string
  /** the oldest event shown: the page holds the ones before it */
  before?: { ts: string; id: string }
  /** the newest event shown: the page holds it and the ones after it (live tail) */
  since?: string
  limit?: number
}

/** One page of events, newest first. */
export function eventsSql(source: LogSource, page: EventsPage = {}): string {
  const conditions = [
    searchCondition(page.search),
    page.before ? `(timestamp, id) < (${quoteLiteral(page.before.ts)}::timestamptz, ${quoteLiteral(page.before.id)}::uuid)` : null,
    page.since ? `timestamp >= ${quoteLiteral(page.since)}::timestamptz` : null,
  ]
  return `select id, ${TS}, event_message, metadata from ${LOG_VIEWS[source]}${where(conditions)}
order by timestamp desc, id desc
limit ${page.limit ?? LOG_SOURCE_PAGE_ROWS}`
}

/** A bar's start as exact text (UTC, to the second). */
const barStart = (seconds: number, column: string) =>
  `to_char(date_bin(interval '${seconds} seconds', ${column}, timestamptz '2000-01-01T00:00:00Z') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as bucket`

/**
 * The histogram: per bar (its start, as exact text), the events, and the errors and warnings among them.
 * Bars of whole minutes without a search add up the store's per-minute counts (a day of a million events
 * is 1,440 rows); a search, or bars under a minute, count the events themselves.
 */
export function histogramSql(source: LogSource, bounds: LogBounds, search?: string): string {
  const seconds = bucketSeconds(bounds)
  if (!searchCondition(search) && seconds % 60 === 0) {
    return `select ${barStart(seconds, 'minute')},
  sum(total)::int as total,
  sum(errors)::int as errors,
  sum(warnings)::int as warnings
from ${logMinutesView(source)}
group by 1
order by 1`
  }
  const status = LOG_STATUS_SQL[source]
  return `select ${barStart(seconds, 'timestamp')},
  count(*)::int as total,
  count(*) filter (where ${status.error})::int as errors,
  count(*) filter (where ${status.warning})::int as warnings
from ${LOG_VIEWS[source]}${where([searchCondition(search)])}
group by 1
order by 1`
}

/** What "Open in explorer" starts from: the source's newest events matching the search, as a person would write it. */
export function explorerSql(source: LogSource, search?: string): string {
  return `select id, timestamp, event_message, metadata
from ${LOG_VIEWS[source]}${where([searchCondition(search)])}
order by timestamp desc
limit 100`
}
