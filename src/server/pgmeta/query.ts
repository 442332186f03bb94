/** Running SQL from the SQL editor (every statement's result, cancellable), and formatting it. */
import { format } from 'sql-formatter'
import type { Row } from '../../shared/api'
import type { RunQueryBody, RunQueryResponse } from '../../shared/content'
import type { Driver } from '../db/driver'
import { badRequest } from '../errors'

/** Runs one or more statements; answers the rows of the last one. */
export async function runQuery(db: Driver, sql: string): Promise<Row[]> {
  const results = await db.script(sql)
  return results.at(-1)?.rows ?? []
}

/**
 * The editor's runs. A run with a runId can be cancelled while it waits or runs: its script's signal is
 * aborted (PostgreSQL: pg_cancel_backend on its connection; PGlite: the database worker is ended and
 * opened again), and the run fails with the database's 'canceling statement due to user request' (57014).
 */
export class QueryRuns {
  /** runId → how to stop the run, and its end, while the run lasts */
  readonly #running = new Map<string, { controller: AbortController; ended: Promise<unknown> }>()

  constructor(private readonly db: Driver) {}

  async run({ query, runId, impersonate }: RunQueryBody): Promise<RunQueryResponse> {
    const started = performance.now()
    const controller = new AbortController()
    const running = this.db.script(query, { impersonate, signal: controller.signal })
    const entry = { controller, ended: running.catch(() => undefined) }
    if (runId) this.#running.set(runId, entry)
    try {
      const results = await running
      return {
        results: results.map((r) => ({ command: r.command, columns: r.fields, rows: r.rows, rowCount: r.rowCount })),
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      }
    } finally {
      if (runId && this.#running.get(runId) === entry) this.#running.delete(runId)
    }
  }

  /** Stops the run and answers once it has ended: true when it was queued or running, false when there is no such run. */
  async cancel(runId: string): Promise<boolean> {
    const entry = this.#running.get(runId)
    if (!entry) return false
    this.#running.delete(runId)
    entry.controller.abort()
    await entry.ended
    return true
  }
}

export function formatQuery(sql: string): string {
  try {
    return format(sql, { language: 'postgresql' })
  } catch (e) {
    throw badRequest(`Could not format the query: ${(e as Error).message}`)
  }
}
