/**
 * The logs, read as Supabase's dashboard reads them (issue 16):
 * GET /platform/projects/{ref}/analytics/endpoints/logs.all?sql=…&iso_timestamp_start=…&iso_timestamp_end=…
 * runs one SELECT (PostgreSQL dialect) over the source views (edge_logs, postgres_logs, postgrest_logs,
 * auth_logs, storage_logs; shared/logs.ts) restricted to the time range, read-only, with a timeout, and answers
 * `{ result: [...] }`; a query the database or the studio refuses answers 400 `{ error: { message } }`.
 */
import { z } from 'zod'
import type { Row } from '../api'
import { endpoint, type } from './endpoint'

export interface LogsQueryResponse {
  result: Row[]
  /** more rows matched than LOGS_QUERY_MAX_ROWS: `result` holds the first ones */
  truncated?: boolean
}

/** The answer of a refused logs query (with `message` too, as every error of the dashboard API has). */
export interface LogsQueryError {
  error: { message: string; code?: string }
  message: string
}

export const analytics = {
  logsAll: endpoint({
    method: 'GET',
    path: '/platform/projects/:ref/analytics/endpoints/logs.all',
    query: z.object({
      sql: z.string().optional(),
      iso_timestamp_start: z.string().optional(),
      iso_timestamp_end: z.string().optional(),
    }),
    response: type<LogsQueryResponse>(),
  }),
}
