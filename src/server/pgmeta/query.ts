/**
 * Running SQL from the SQL editor (every statement's result under the editor's row limit, cancellable),
 * EXPLAIN ANALYZE of one statement (rolled back), a whole result as a streamed download, and formatting.
 */
import type { FastifyInstance } from 'fastify'
import { format } from 'sql-formatter'
import type { Row } from '../../shared/api'
import type { ExplainQueryBody, ExplainQueryResponse, RunQueryBody, RunQueryResponse } from '../../shared/content'
import { sql } from '../../shared/contract/sql'
import type { Driver, QueryResult } from '../db/driver'
import { badRequest, isDatabaseError } from '../errors'
import type { PlatformStore } from '../platform/store'
import { route, type RouteOptions } from '../route'
import { ResultDownloads } from '../query/download'
import { explainStatement } from '../query/explain'
import { sendRunLines } from '../query/run-lines'
import { RunTracker } from '../query/runs'
import { limitScript, limitedResults, type LimitedResult } from '../query/limit'

/** Runs one or more statements; answers the rows of the last one. */
export async function runQuery(db: Driver, query: string): Promise<Row[]> {
  const results = await db.script(query)
  return results.at(-1)?.rows ?? []
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10

/** The editor's runs and explains, each cancellable by its runId (see RunTracker). */
export class QueryRuns {
  readonly runs = new RunTracker()

  constructor(private readonly db: Driver) {}

  async run({ query, runId, impersonate, limit }: RunQueryBody): Promise<RunQueryResponse> {
    const started = performance.now()
    const limited = limit === undefined ? undefined : limitScript(query, limit)
    let results: LimitedResult[]
    try {
      const raw = await this.runs.track(runId, (signal) => this.db.script(limited?.sql ?? query, { impersonate, signal }))
      results = limited ? limitedResults(limited, raw) : raw
    } catch (e) {
      // the database counted in the text that ran: place the error in the text as written
      if (limited && isDatabaseError(e) && Number(e.position) > 0) e.position = limited.originalPosition(Number(e.position))
      throw e
    }
    return { results: results.map(statementResult), duration_ms: elapsed(started) }
  }

  async explain({ query, runId, impersonate }: ExplainQueryBody): Promise<ExplainQueryResponse> {
    const started = performance.now()
    const plan = await this.runs.track(runId, (signal) => explainStatement(this.db, { query, impersonate, signal }))
    return { plan, duration_ms: elapsed(started) }
  }
}

function statementResult(r: QueryResult & LimitedResult): RunQueryResponse['results'][number] {
  const out: RunQueryResponse['results'][number] = { command: r.command, columns: r.fields, rows: r.rows, rowCount: r.rowCount }
  if (r.statement) Object.assign(out, { truncated: r.truncated ?? false, statement: r.statement })
  return out
}

export function formatQuery(query: string): string {
  try {
    return format(query, { language: 'postgresql' })
  } catch (e) {
    throw badRequest(`Could not format the query: ${(e as Error).message}`)
  }
}

/** The download's name, with a plain-ASCII fallback for clients that do not read filename*. */
function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/** The SQL editor's routes; `write` guards those that run the user's SQL. */
export function queryRoutes(app: FastifyInstance, db: Driver, write: RouteOptions, platform: PlatformStore): void {
  route(app, sql.query, write, ({ body }) => runQuery(db, body.query))
  route(app, sql.formatQuery, ({ body }) => ({ formatted: formatQuery(body.query) }))
  const runs = new QueryRuns(db)
  route(app, sql.runQuery, write, ({ body }) => runs.run(body))
  // the same run, its answer in NDJSON lines once it has run (an error answers as runQuery's)
  route(app, sql.runQueryLines, write, async ({ body, req, reply }) => sendRunLines(req, reply, await runs.run(body)))
  route(app, sql.cancelQuery, write, async ({ body }) => ({ cancelled: await runs.runs.cancel(body.runId) }))
  route(app, sql.explainQuery, write, ({ body }) => runs.explain(body))
  const downloads = new ResultDownloads(db, platform)
  route(app, sql.prepareResultDownload, write, ({ body, req }) => downloads.prepare(body, req.studioAuth?.userId))
  route(app, sql.resultDownload, write, async ({ params, req, reply }) => {
    const file = await downloads.open(params.token, req.studioAuth?.userId)
    return reply.header('content-disposition', attachment(file.filename)).type(file.contentType).send(file.body)
  })
}
