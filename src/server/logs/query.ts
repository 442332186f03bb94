/**
 * One logs query (logs.all): a single SELECT over the source views, run on the platform store in a read-only
 * transaction as `_studio_logs_reader` (which may read the views and nothing else), with the time range as
 * the views' settings, a statement timeout on PostgreSQL and, on both databases, a cancel once
 * LOGS_QUERY_TIMEOUT_MS has passed (PGlite has no statement timeout: its worker is ended and opened again).
 *
 * Checked before it runs: one statement, starting with SELECT, WITH, VALUES or TABLE, and no set_config (the
 * one way a SELECT could change its role mid-query). The rows are capped at LOGS_QUERY_MAX_ROWS.
 */
import { LOGS_QUERY_MAX_ROWS, LOGS_QUERY_TIMEOUT_MS } from '../../shared/constants'
import type { Row } from '../../shared/api'
import type { LogsQueryResponse } from '../../shared/contract/analytics'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteLiteral } from '../../shared/sql-quote'
import { statements } from '../../shared/sql/statements'
import type { Driver } from '../db/driver'
import { badRequest, isDatabaseError } from '../errors'
import { LOGS_READER_ROLE, logSchema, type LogStore } from './store'

const READS = new Set(['select', 'with', 'values', 'table'])

export interface LogsQuery {
  sql?: string
  iso_timestamp_start?: string
  iso_timestamp_end?: string
}

function isoOf(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw badRequest(MSG.logsBadTimestamp(name))
  return new Date(ms).toISOString()
}

/** The statement to run, as written (comments around it and the final semicolon left out), or a 400. */
export function checkedStatement(sql: string | undefined): string {
  const text = sql ?? ''
  const all = statements(text)
  if (all.length === 0) throw badRequest(MSG.logsQueryEmpty)
  if (all.length > 1) throw badRequest(MSG.logsQueryOneStatement)
  const tokens = all[0]!
  if (tokens[0]?.kind !== 'word' || !READS.has(tokens[0].text)) throw badRequest(MSG.logsQueryReadOnly)
  if (tokens.some((t) => (t.kind === 'word' || t.kind === 'name') && t.text.toLowerCase() === 'set_config')) throw badRequest(MSG.logsQuerySetConfig)
  return text.slice(tokens[0]!.start, tokens.at(-1)!.end)
}

export async function queryLogs(db: Driver, store: LogStore, q: LogsQuery, timeoutMs = LOGS_QUERY_TIMEOUT_MS): Promise<LogsQueryResponse> {
  const statement = checkedStatement(q.sql)
  const start = isoOf(q.iso_timestamp_start, 'iso_timestamp_start')
  const end = isoOf(q.iso_timestamp_end, 'iso_timestamp_end')
  if (start && end && start >= end) throw badRequest(MSG.logsBadRange)
  await store.ready()
  const settings = [
    `set local search_path to ${quoteIdent(logSchema(store.ref))}`,
    `select set_config('studio_logs.start', ${quoteLiteral(start ?? '')}, true), set_config('studio_logs.end', ${quoteLiteral(end ?? '')}, true)`,
    ...(db.kind === 'postgres' ? [`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`] : []),
    `set local role ${quoteIdent(LOGS_READER_ROLE)}`,
  ]
  const script = ['begin read only', ...settings, `select * from (\n${statement}\n) as logs_query limit ${LOGS_QUERY_MAX_ROWS + 1}`, 'commit'].join(';\n')
  const signal = AbortSignal.timeout(timeoutMs)
  let results
  try {
    results = await db.script(script, { signal })
  } catch (e) {
    if (signal.aborted || (isDatabaseError(e) && e.code === '57014')) throw badRequest(MSG.logsQueryTimedOut(timeoutMs / 1000))
    throw e // the database's own error (a 400 with its code)
  }
  const rows = (results.at(-2)?.rows ?? []) as Row[]
  return rows.length > LOGS_QUERY_MAX_ROWS ? { result: rows.slice(0, LOGS_QUERY_MAX_ROWS), truncated: true } : { result: rows }
}
