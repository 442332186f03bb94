/**
 * The log sources the studio records (issue 16) and the views they are read through, named as Supabase names
 * its Logflare sources, so a query written for Supabase's logs explorer reads ours: each view has `id`,
 * `timestamp`, `event_message` and a `metadata` JSON column. Realtime and the pooler have no service here.
 */
export const LOG_SOURCES = ['edge', 'postgres', 'postgrest', 'auth', 'storage'] as const
export type LogSource = (typeof LOG_SOURCES)[number]

/** The view each source is read through (in the logs SQL). */
export const LOG_VIEWS: Record<LogSource, string> = {
  edge: 'edge_logs',
  postgres: 'postgres_logs',
  postgrest: 'postgrest_logs',
  auth: 'auth_logs',
  storage: 'storage_logs',
}

/** One event as a service records it: when, a one-line message, and the fields (JSON) of its source. */
export interface LogEvent {
  /** ISO 8601 */
  timestamp: string
  event_message: string
  metadata: Record<string, unknown>
}

/** A row as the logs SQL reads it from a source view. */
export interface LogRow extends LogEvent {
  id: string
}

/**
 * What colours a source's events, as SQL conditions on a row of its view: its errors and its warnings. The
 * store counts them per minute as it writes (the histogram's rollup) and the source views split bars by them.
 */
export const LOG_STATUS_SQL: Record<LogSource, { error: string; warning: string }> = {
  edge: { error: `(metadata->'response'->>'status_code')::int >= 500`, warning: `(metadata->'response'->>'status_code')::int between 400 and 499` },
  postgrest: { error: `(metadata->>'status')::int >= 500`, warning: `(metadata->>'status')::int between 400 and 499` },
  storage: { error: `(metadata->>'status')::int >= 500`, warning: `(metadata->>'status')::int between 400 and 499` },
  postgres: {
    error: `metadata->'parsed'->>'error_severity' in ('ERROR', 'FATAL', 'PANIC')`,
    warning: `metadata->'parsed'->>'error_severity' = 'WARNING'`,
  },
  // a refused sign-in, sign-up or verification is the failure that matters; auth has no warning of its own
  auth: { error: `metadata->>'error_code' is not null`, warning: `false` },
}

/** The view of a source's per-minute counts (total, errors, warnings), kept to the query's time range. */
export const logMinutesView = (source: LogSource) => `${LOG_VIEWS[source]}_minutes`
