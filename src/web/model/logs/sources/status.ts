/**
 * The badge of an event in a source's list: what its source records as its outcome (the HTTP status of an
 * edge, PostgREST or storage call; a statement's severity; an auth action's refusal), and a tone that
 * matches the histogram's split (shared/logs.ts LOG_STATUS_SQL).
 */
import type { LogSource } from '../../../../shared/logs'

export type EventTone = 'ok' | 'warning' | 'error'

export interface EventStatus {
  label: string
  tone: EventTone
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {})

function httpStatus(code: unknown): EventStatus {
  const n = Number(code)
  if (!Number.isFinite(n) || code === null) return { label: '—', tone: 'ok' }
  return { label: String(n), tone: n >= 500 ? 'error' : n >= 400 ? 'warning' : 'ok' }
}

export function eventStatus(source: LogSource, metadata: Record<string, unknown>): EventStatus {
  switch (source) {
    case 'edge':
      return httpStatus(obj(metadata.response).status_code)
    case 'postgrest':
    case 'storage':
      return httpStatus(metadata.status)
    case 'postgres': {
      const severity = String(obj(metadata.parsed).error_severity ?? 'LOG')
      return { label: severity, tone: ['ERROR', 'FATAL', 'PANIC'].includes(severity) ? 'error' : severity === 'WARNING' ? 'warning' : 'ok' }
    }
    case 'auth':
      return metadata.error_code ? { label: 'FAILED', tone: 'error' } : { label: 'OK', tone: 'ok' }
  }
}

/** What the histogram's three parts are called for each source (tooltip). */
export const STATUS_PARTS: Record<LogSource, Record<'ok' | 'warnings' | 'errors', string>> = {
  edge: { ok: '1xx–3xx', warnings: '4xx', errors: '5xx' },
  postgrest: { ok: '1xx–3xx', warnings: '4xx', errors: '5xx' },
  storage: { ok: '1xx–3xx', warnings: '4xx', errors: '5xx' },
  postgres: { ok: 'Statements', warnings: 'Warnings', errors: 'Errors' },
  auth: { ok: 'Events', warnings: 'Warnings', errors: 'Failures' },
}
