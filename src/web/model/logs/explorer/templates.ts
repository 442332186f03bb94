/**
 * The logs explorer's ready queries: what the palette and the Templates page list. Their SQL is in
 * template-sql.ts, loaded with the page or the command's run (not with the palette's first load).
 */
import type { LogSource } from '../../../../shared/logs'

export interface LogTemplate {
  id: string
  title: string
  description: string
  source: LogSource
}

export const LOG_TEMPLATES = [
  { id: 'requests-per-minute', title: 'Requests per minute', description: 'How many API requests arrived each minute.', source: 'edge' },
  { id: 'slowest-requests', title: 'Slowest requests', description: 'The API requests that took longest to answer.', source: 'edge' },
  { id: 'errors-by-path', title: 'Errors by path', description: 'API requests answered with a 4xx or 5xx status, counted per path and status.', source: 'edge' },
  { id: 'top-user-agents', title: 'Top user agents', description: 'The clients that sent the most API requests.', source: 'edge' },
  { id: 'rest-errors', title: 'Data API errors', description: 'REST (PostgREST) calls that failed, with the table or function they were on.', source: 'postgrest' },
  { id: 'failed-sign-ins', title: 'Failed sign-ins', description: 'Sign-in attempts auth refused, with the email and address they came from.', source: 'auth' },
  { id: 'largest-uploads', title: 'Largest uploads', description: 'The biggest files uploaded to storage.', source: 'storage' },
  { id: 'statement-errors', title: 'Statement errors', description: 'SQL statements the database refused, with their error code.', source: 'postgres' },
  { id: 'slowest-statements', title: 'Slowest statements', description: 'Statements by their mean time, with how often they ran.', source: 'postgres' },
] as const satisfies readonly LogTemplate[]

export type LogTemplateId = (typeof LOG_TEMPLATES)[number]['id']
export const LOG_TEMPLATE_IDS = LOG_TEMPLATES.map((t) => t.id) as [LogTemplateId, ...LogTemplateId[]]
