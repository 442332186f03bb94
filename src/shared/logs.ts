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
