/**
 * A source view's events as react-query holds them: the newest page first read for the range and search in
 * the URL, then older pages appended ("load older") and newer events prepended (live tail) into the same
 * cache entry, so the page, the commands and a headless test all read one list.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { LOG_SOURCE_PAGE_ROWS } from '../../../../shared/constants'
import type { LogSource } from '../../../../shared/logs'
import type { Api } from '../../../data/api'
import { rangeBounds, type LogBounds, type LogRangeSearch } from '../time-range'
import { runLogsSql } from '../logs-query'
import { eventsSql } from './sql'

/** What a source page shows: the source, the range and the search text of its URL. */
export interface SourceView {
  source: LogSource
  range: LogRangeSearch
  search?: string
}

export interface SourceEvent {
  id: string
  /** ISO 8601, to the microsecond */
  ts: string
  event_message: string
  metadata: Record<string, unknown>
}

export interface EventsData {
  /** newest first */
  rows: SourceEvent[]
  /** the range as it was read (a preset's "now" is fixed when the list is first read) */
  bounds: LogBounds
  /** the last page read was full: older events may be left */
  hasOlder: boolean
}

/** Every query of one source's page: one invalidation refreshes its list and histogram. */
export const sourceLogsKey = (ref: string, source: LogSource) => ['project', ref, 'logs', 'source', source] as const

const viewKey = (view: SourceView) => ({ range: view.range.range, start: view.range.start, end: view.range.end, search: view.search?.trim() || undefined })

export function eventsQuery(api: Api, ref: string, view: SourceView) {
  return queryOptions({
    queryKey: [...sourceLogsKey(ref, view.source), 'events', viewKey(view)] as const,
    queryFn: async (): Promise<EventsData> => {
      const bounds = rangeBounds(view.range)
      const rows = await fetchEvents(api, ref, view, bounds)
      return { rows, bounds, hasOlder: rows.length === LOG_SOURCE_PAGE_ROWS }
    },
    // pages appended and prepended by hand live in this entry: reading it again on focus would drop them
    staleTime: Infinity,
  })
}

const fetchEvents = async (api: Api, ref: string, view: SourceView, bounds: LogBounds, page: Parameters<typeof eventsSql>[1] = {}) =>
  (await runLogsSql(api, ref, eventsSql(view.source, { search: view.search, ...page }), bounds)) as unknown as SourceEvent[]

/** Reads the page of events older than the oldest shown into the list; answers how many came. */
export async function loadOlderEvents(queryClient: QueryClient, api: Api, ref: string, view: SourceView): Promise<number> {
  const query = eventsQuery(api, ref, view)
  const data = await queryClient.ensureQueryData(query)
  const oldest = data.rows.at(-1)
  if (!data.hasOlder || !oldest) return 0
  // a query of its own, so the page sees it loading and a second ask for the same page waits for the first
  const rows = await queryClient.fetchQuery({
    queryKey: [...sourceLogsKey(ref, view.source), 'older', oldest.id],
    queryFn: () => fetchEvents(api, ref, view, data.bounds, { before: { ts: oldest.ts, id: oldest.id } }),
    gcTime: 0,
  })
  let added = 0
  queryClient.setQueryData(query.queryKey, (now) => {
    if (!now || now.rows.at(-1)?.id !== oldest.id) return now // appended already (or the list was read again)
    added = rows.length
    return { ...now, rows: [...now.rows, ...rows], hasOlder: rows.length === LOG_SOURCE_PAGE_ROWS }
  })
  return added
}

/**
 * Reads the events recorded since the newest shown (up to now, or the end of a custom range) into the top
 * of the list; answers how many were new. Events sharing the newest one's timestamp are read again and
 * left out by id, so none recorded within that same microsecond is missed.
 */
export async function loadNewerEvents(queryClient: QueryClient, api: Api, ref: string, view: SourceView): Promise<number> {
  const query = eventsQuery(api, ref, view)
  const data = await queryClient.ensureQueryData(query)
  const newest = data.rows[0]
  const bounds = { start: data.bounds.start, end: rangeBounds(view.range).end }
  if (Date.parse(bounds.end) <= Date.parse(bounds.start)) return 0
  const read = await fetchEvents(api, ref, view, bounds, newest ? { since: newest.ts } : {})
  const sameTime = new Set(data.rows.filter((r) => r.ts === newest?.ts).map((r) => r.id))
  const fresh = read.filter((r) => !sameTime.has(r.id))
  if (fresh.length) queryClient.setQueryData(query.queryKey, (now) => now && { ...now, rows: [...fresh, ...now.rows] })
  return fresh.length
}

/** The list and histogram are read again from the newest events (the older and tailed pages dropped). */
export function refreshSourceLogs(queryClient: QueryClient, ref: string, source: LogSource): Promise<void> {
  return queryClient.resetQueries({ queryKey: sourceLogsKey(ref, source) })
}
