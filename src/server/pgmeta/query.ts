/** Running SQL from the SQL editor (every statement's result, cancellable on PostgreSQL), and formatting it. */
import { format } from 'sql-formatter'
import type { Row } from '../../shared/api'
import type { RunQueryBody, RunQueryResponse } from '../../shared/content'
import type { Driver, Queryable } from '../db/driver'
import { badRequest } from '../errors'

/** Runs one or more statements; answers the rows of the last one. */
export async function runQuery(db: Driver, sql: string): Promise<Row[]> {
  const results = await db.script(sql)
  return results.at(-1)?.rows ?? []
}

/**
 * The editor's runs. On PostgreSQL a run with a runId remembers the backend pid of its connection, so a
 * cancel from another connection (pg_cancel_backend) stops it; the run then fails with the database's
 * 'canceling statement due to user request'. PGlite runs in the server's own thread: nothing can stop a
 * query there, and cancel answers false.
 */
export class QueryRuns {
  /** runId → backend pid, while the run lasts */
  readonly #running = new Map<string, number>()

  constructor(private readonly db: Driver) {}

  async run({ query, runId, impersonate }: RunQueryBody): Promise<RunQueryResponse> {
    const started = performance.now()
    const remember = async (connection: Queryable) => {
      const { rows } = await connection.query<{ pid: number }>('select pg_backend_pid() as pid')
      if (runId && rows[0]) this.#running.set(runId, rows[0].pid)
    }
    try {
      const results = await this.db.script(query, {
        impersonate,
        prepare: runId && this.db.kind === 'postgres' ? remember : undefined,
      })
      return {
        results: results.map((r) => ({ command: r.command, columns: r.fields, rows: r.rows, rowCount: r.rowCount })),
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      }
    } finally {
      if (runId) this.#running.delete(runId)
    }
  }

  /** Whether the database accepted to cancel the run (false when it is not running, or on PGlite). */
  async cancel(runId: string): Promise<boolean> {
    const pid = this.#running.get(runId)
    if (pid === undefined) return false
    const { rows } = await this.db.query<{ cancelled: boolean }>('select pg_cancel_backend($1) as cancelled', [pid])
    return rows[0]?.cancelled === true
  }
}

export function formatQuery(sql: string): string {
  try {
    return format(sql, { language: 'postgresql' })
  } catch (e) {
    throw badRequest(`Could not format the query: ${(e as Error).message}`)
  }
}
