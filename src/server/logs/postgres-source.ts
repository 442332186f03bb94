/**
 * The postgres source: every statement the studio's services run on the project database, recorded by a
 * Driver that wraps the project's own once the call has settled (its result or error passed on untouched).
 * One event per call: a batch, an exec or a script is one event for all its statements (the statements
 * joined with `; `), a transaction one per statement run in it (its BEGIN and COMMIT are not logged).
 *
 * event_message: the statement with its literals removed (sql-shape.ts), on one line, cut to
 * LOG_SQL_MESSAGE_CHARS; on error, the error's message. metadata, after Supabase's postgres_logs:
 *   parsed: {
 *     error_severity: 'LOG' | 'ERROR',
 *     sql_state_code: '00000', or the error's SQLSTATE,
 *     query: the statement shaped (cut to LOG_SQL_QUERY_CHARS),
 *     command_tag: 'SELECT', 'INSERT'… (the last statement's, for several),
 *     user_name: the role it ran as (a script's or withRole's impersonated role, else 'postgres'),
 *   },
 *   duration_ms, rows (the rows returned or changed, summed over the statements; null on error),
 *   error_code, error_message (on error only: the SQLSTATE, when there is one, and the message).
 */
import { LOG_SQL_MESSAGE_CHARS } from '../../shared/constants'
import type { CopyQueryable, Driver, Param, Queryable, QueryResult, Statement } from '../db/driver'
import type { LogSink } from './collector'
import { commandOf, sqlShape } from './sql-shape'

const OWNER = 'postgres'

const ms = (since: number) => Math.round((performance.now() - since) * 100) / 100

type Results = QueryResult<unknown> | QueryResult<unknown>[] | number

/** Records one call on `sql` that started at `since` and settled with `outcome` (a result or an error). */
function record(logs: LogSink, sql: string, role: string, since: number, outcome: { ok: Results } | { error: unknown }): void {
  const duration_ms = ms(since)
  const query = sqlShape(sql)
  if ('ok' in outcome) {
    const results = outcome.ok
    const list = typeof results === 'number' ? [] : Array.isArray(results) ? results : [results]
    const rows = typeof results === 'number' ? results : list.reduce((n, r) => n + (r.rowCount ?? 0), 0)
    const command_tag = list.length ? list[list.length - 1]!.command : commandOf(query)
    const message = query.length > LOG_SQL_MESSAGE_CHARS ? `${query.slice(0, LOG_SQL_MESSAGE_CHARS - 1)}…` : query
    logs.record('postgres', message, {
      parsed: { error_severity: 'LOG', sql_state_code: '00000', query, command_tag, user_name: role },
      duration_ms,
      rows,
    })
    return
  }
  const e = outcome.error as { code?: unknown; message?: unknown } | null
  const error_code = typeof e?.code === 'string' ? e.code : null
  const error_message = typeof e?.message === 'string' ? e.message : String(outcome.error)
  logs.record('postgres', error_message, {
    parsed: { error_severity: 'ERROR', sql_state_code: error_code, query, command_tag: commandOf(query), user_name: role },
    duration_ms,
    rows: null,
    error_code,
    error_message,
  })
}

/** `run()`, recorded as a call on `sql` (a function, so joining a batch's statements waits until it is logged). */
async function logged<T extends Results>(logs: LogSink, sql: () => string, role: string, run: () => Promise<T>): Promise<T> {
  const since = performance.now()
  try {
    const ok = await run()
    record(logs, sql(), role, since, { ok })
    return ok
  } catch (error) {
    record(logs, sql(), role, since, { error })
    throw error
  }
}

/** A connection's query and exec, logged as `role`. */
function loggedQueryable<Q extends Queryable>(tx: Q, logs: LogSink, role: string): Q {
  return Object.assign(Object.create(tx) as Q, {
    query: <R>(sql: string, params?: readonly Param[]) => logged(logs, () => sql, role, () => tx.query<R>(sql, params)),
    exec: (sql: string) => logged(logs, () => sql, role, () => tx.exec(sql)),
  })
}

function loggedCopy(tx: CopyQueryable, logs: LogSink): CopyQueryable {
  const wrapped = loggedQueryable(tx, logs, OWNER)
  wrapped.copyFrom = (into, options, data) =>
    logged(logs, () => `copy ${into} from stdin with (${options})`, OWNER, () => tx.copyFrom(into, options, data))
  return wrapped
}

const joined = (statements: readonly Statement[]) => () => statements.map((s) => s.sql).join('; ')

export function loggedDriver(db: Driver, logs: LogSink): Driver {
  return Object.assign(Object.create(db) as Driver, {
    kind: db.kind,
    query: <R>(sql: string, params?: readonly Param[]) => logged(logs, () => sql, OWNER, () => db.query<R>(sql, params)),
    exec: (sql: string) => logged(logs, () => sql, OWNER, () => db.exec(sql)),
    script: (sql: string, options?: Parameters<Driver['script']>[1]) =>
      logged(logs, () => sql, options?.impersonate?.role ?? OWNER, () => db.script(sql, options)),
    batch: (statements: readonly Statement[], options?: { rollback?: boolean }) =>
      logged(logs, joined(statements), OWNER, () => db.batch(statements, options)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction((tx) => fn(loggedQueryable(tx, logs, OWNER))),
    copyTransaction: <T>(fn: (tx: CopyQueryable) => Promise<T>) => db.copyTransaction((tx) => fn(loggedCopy(tx, logs))),
    withRole: <T>(who: Parameters<Driver['withRole']>[0], fn: (tx: Queryable) => Promise<T>) =>
      db.withRole(who, (tx) => fn(loggedQueryable(tx, logs, who?.role ?? OWNER))),
    close: () => db.close(),
  })
}
