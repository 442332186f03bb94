/**
 * The SQL of the logs explorer's ready queries (templates.ts lists them), written for the metadata each source
 * records (server/logs/edge.ts, postgres-source.ts, rest/logs.ts, auth/audit.ts, storage/logs.ts). Each runs
 * over the page's time range.
 */
import type { LogTemplateId } from './templates'

const STATUS = `(metadata->'response'->>'status_code')::int`

export const TEMPLATE_SQL: Record<LogTemplateId, string> = {
  'requests-per-minute': `select date_trunc('minute', timestamp) as minute, count(*) as requests
from edge_logs
group by 1
order by 1`,
  'slowest-requests': `select timestamp,
  metadata->'request'->>'method' as method,
  metadata->'request'->>'path' as path,
  ${STATUS} as status,
  (metadata->>'duration_ms')::numeric as duration_ms
from edge_logs
order by duration_ms desc nulls last
limit 100`,
  'errors-by-path': `select metadata->'request'->>'path' as path, ${STATUS} as status, count(*) as errors
from edge_logs
where ${STATUS} >= 400
group by 1, 2
order by errors desc
limit 100`,
  'top-user-agents': `select coalesce(metadata->'request'->>'user_agent', '(none)') as user_agent, count(*) as requests
from edge_logs
group by 1
order by requests desc
limit 50`,
  'rest-errors': `select timestamp, metadata->>'method' as method, metadata->>'path' as path,
  (metadata->>'status')::int as status, metadata->>'error_code' as error_code, metadata->>'role' as role
from postgrest_logs
where (metadata->>'status')::int >= 400
order by timestamp desc
limit 100`,
  'failed-sign-ins': `select timestamp, metadata->>'actor_username' as email, metadata->>'ip' as ip, metadata->>'error_code' as error_code
from auth_logs
where metadata->>'action' = 'login_failed'
order by timestamp desc
limit 100`,
  'largest-uploads': `select timestamp, metadata->>'bucket' as bucket, metadata->>'key' as key, (metadata->>'size')::bigint as size
from storage_logs
where metadata->>'operation' in ('upload', 'upload_signed', 'update') and metadata->>'size' is not null
order by size desc
limit 100`,
  'statement-errors': `select timestamp, metadata->>'error_code' as error_code, event_message as error,
  metadata->'parsed'->>'user_name' as role, metadata->'parsed'->>'query' as query
from postgres_logs
where metadata->'parsed'->>'error_severity' = 'ERROR'
order by timestamp desc
limit 100`,
  'slowest-statements': `select metadata->'parsed'->>'query' as query, count(*) as calls,
  round(avg((metadata->>'duration_ms')::numeric), 2) as mean_ms,
  max((metadata->>'duration_ms')::numeric) as max_ms
from postgres_logs
group by 1
order by mean_ms desc
limit 50`,
}
