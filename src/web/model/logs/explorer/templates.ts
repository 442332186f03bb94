/**
 * Ready queries for the logs explorer, written for the metadata each source records (server/logs/edge.ts,
 * postgres-source.ts, rest/logs.ts, auth/audit.ts, storage/logs.ts). Each runs over the page's time range.
 */
import type { LogSource } from '../../../../shared/logs'

export interface LogTemplate {
  id: string
  title: string
  description: string
  source: LogSource
  sql: string
}

const STATUS = `(metadata->'response'->>'status_code')::int`

export const LOG_TEMPLATES = [
  {
    id: 'requests-per-minute',
    title: 'Requests per minute',
    description: 'How many API requests arrived each minute.',
    source: 'edge',
    sql: `select date_trunc('minute', timestamp) as minute, count(*) as requests
from edge_logs
group by 1
order by 1`,
  },
  {
    id: 'slowest-requests',
    title: 'Slowest requests',
    description: 'The API requests that took longest to answer.',
    source: 'edge',
    sql: `select timestamp,
  metadata->'request'->>'method' as method,
  metadata->'request'->>'path' as path,
  ${STATUS} as status,
  (metadata->>'duration_ms')::numeric as duration_ms
from edge_logs
order by duration_ms desc nulls last
limit 100`,
  },
  {
    id: 'errors-by-path',
    title: 'Errors by path',
    description: 'API requests answered with a 4xx or 5xx status, counted per path and status.',
    source: 'edge',
    sql: `select metadata->'request'->>'path' as path, ${STATUS} as status, count(*) as errors
from edge_logs
where ${STATUS} >= 400
group by 1, 2
order by errors desc
limit 100`,
  },
  {
    id: 'top-user-agents',
    title: 'Top user agents',
    description: 'The clients that sent the most API requests.',
    source: 'edge',
    sql: `select coalesce(metadata->'request'->>'user_agent', '(none)') as user_agent, count(*) as requests
from edge_logs
group by 1
order by requests desc
limit 50`,
  },
  {
    id: 'rest-errors',
    title: 'Data API errors',
    description: 'REST (PostgREST) calls that failed, with the table or function they were on.',
    source: 'postgrest',
    sql: `select timestamp, metadata->>'method' as method, metadata->>'path' as path,
  (metadata->>'status')::int as status, metadata->>'error_code' as error_code, metadata->>'role' as role
from postgrest_logs
where (metadata->>'status')::int >= 400
order by timestamp desc
limit 100`,
  },
  {
    id: 'failed-sign-ins',
    title: 'Failed sign-ins',
    description: 'Sign-in attempts auth refused, with the email and address they came from.',
    source: 'auth',
    sql: `select timestamp, metadata->>'actor_username' as email, metadata->>'ip' as ip, metadata->>'error_code' as error_code
from auth_logs
where metadata->>'action' = 'login_failed'
order by timestamp desc
limit 100`,
  },
  {
    id: 'largest-uploads',
    title: 'Largest uploads',
    description: 'The biggest files uploaded to storage.',
    source: 'storage',
    sql: `select timestamp, metadata->>'bucket' as bucket, metadata->>'key' as key, (metadata->>'size')::bigint as size
from storage_logs
where metadata->>'operation' in ('upload', 'upload_signed', 'update') and metadata->>'size' is not null
order by size desc
limit 100`,
  },
  {
    id: 'statement-errors',
    title: 'Statement errors',
    description: 'SQL statements the database refused, with their error code.',
    source: 'postgres',
    sql: `select timestamp, metadata->>'error_code' as error_code, event_message as error,
  metadata->'parsed'->>'user_name' as role, metadata->'parsed'->>'query' as query
from postgres_logs
where metadata->'parsed'->>'error_severity' = 'ERROR'
order by timestamp desc
limit 100`,
  },
  {
    id: 'slowest-statements',
    title: 'Slowest statements',
    description: 'Statements by their mean time, with how often they ran.',
    source: 'postgres',
    sql: `select metadata->'parsed'->>'query' as query, count(*) as calls,
  round(avg((metadata->>'duration_ms')::numeric), 2) as mean_ms,
  max((metadata->>'duration_ms')::numeric) as max_ms
from postgres_logs
group by 1
order by mean_ms desc
limit 50`,
  },
] as const satisfies readonly LogTemplate[]

export type LogTemplateId = (typeof LOG_TEMPLATES)[number]['id']
export const LOG_TEMPLATE_IDS = LOG_TEMPLATES.map((t) => t.id) as [LogTemplateId, ...LogTemplateId[]]

export const logTemplate = (id: string): LogTemplate | undefined => LOG_TEMPLATES.find((t) => t.id === id)
