/**
 * The whole result of a statement that reads, as a file the browser streams to disk. Two steps, so no SQL
 * travels in a URL and a page of another site cannot start one: POST query/download (JSON, from the app)
 * keeps the request under a random one-time token for SQL_DOWNLOAD_TTL_MS; GET query/download/{token}
 * runs the statement again, as the role asked for, in a READ ONLY transaction, through a cursor that hands
 * over SQL_DOWNLOAD_FETCH rows at a time: the next batch is fetched once the client has taken the last,
 * so the result is never held whole. An error before the first batch is the usual JSON error; a later
 * one cuts the download short.
 */
import { randomBytes } from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import type { Impersonation } from '../../shared/api'
import { SQL_DOWNLOAD_FETCH, SQL_DOWNLOAD_TTL_MS } from '../../shared/constants'
import type { ResultDownloadBody } from '../../shared/content'
import { MSG } from '../../shared/messages'
import { csvLine } from '../../shared/result-text'
import { statements } from '../../shared/sql/statements'
import { transactionAs, type Driver } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { isCursorQuery } from './limit'
import { sendChunk } from '../http/send-chunk'

interface Pending {
  query: string
  format: 'csv' | 'json'
  impersonate?: Impersonation
  /** who asked: only they may fetch it */
  userId: number | undefined
  expires: number
}

/** At most this many links wait at once; the oldest goes first. */
const MAX_PENDING = 200

export interface DownloadFile {
  filename: string
  contentType: string
  body: Readable
}

export class ResultDownloads {
  readonly #pending = new Map<string, Pending>()

  constructor(private readonly db: Driver) {}

  /**
   * Keeps the request, answering its token. Refuses a query that is not one statement that reads, and
   * one the database refuses to start (a syntax error, a missing table, no permission): declaring its
   * cursor plans and starts it, fetching nothing, so the person sees why here rather than as a failed
   * download.
   */
  async prepare(body: ResultDownloadBody & { format: 'csv' | 'json' }, userId: number | undefined): Promise<{ token: string }> {
    const [statement, ...more] = statements(body.query)
    if (!statement || more.length || !isCursorQuery(statement)) throw badRequest(MSG.sqlDownloadReadsOnly)
    const query = body.query.slice(statement[0]!.start, statement.at(-1)!.end)
    await transactionAs(this.db, body.impersonate, async (tx) => {
      await tx.query('set transaction read only')
      await tx.query(`declare studio_download_check no scroll cursor for ${query}\n`)
    })
    const now = Date.now()
    for (const [token, p] of this.#pending) if (p.expires <= now || this.#pending.size >= MAX_PENDING) this.#pending.delete(token)
    const token = randomBytes(24).toString('base64url')
    this.#pending.set(token, { query, format: body.format, impersonate: body.impersonate, userId, expires: now + SQL_DOWNLOAD_TTL_MS })
    return { token }
  }

  /** Takes the link's request (once) and resolves when the first batch is in hand. */
  open(token: string, userId: number | undefined): Promise<DownloadFile> {
    const pending = this.#pending.get(token)
    this.#pending.delete(token)
    if (!pending || pending.expires <= Date.now() || pending.userId !== userId) throw notFound(MSG.sqlDownloadExpired)
    return streamResult(this.db, pending)
  }
}

type Row = Record<string, unknown>

/** What comes first, each row, and what comes last, per format. */
function layout(format: Pending['format'], names: readonly string[]) {
  if (format === 'csv') {
    return { head: csvLine(names), row: (r: Row) => csvLine(names.map((n) => r[n])), separator: '', tail: '' }
  }
  return { head: '[\n', row: (r: Row) => `  ${JSON.stringify(r)}`, separator: ',\n', tail: '\n]\n' }
}

function streamResult(db: Driver, req: Pending): Promise<DownloadFile> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough()
    let started = false
    transactionAs(db, req.impersonate, async (tx) => {
      await tx.query('set transaction read only')
      await tx.query(`declare studio_download no scroll cursor for ${req.query}\n`)
      const fetch = () => tx.query<Row>(`fetch ${SQL_DOWNLOAD_FETCH} from studio_download`)
      let batch = await fetch()
      started = true
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-')
      resolve({
        filename: `results-${stamp}.${req.format}`,
        contentType: req.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        body,
      })
      const { head, row, separator, tail } = layout(req.format, batch.fields.map((f) => f.name))
      let chunk = head
      let first = true
      for (;;) {
        for (const r of batch.rows) {
          chunk += first ? row(r) : separator + row(r)
          first = false
        }
        if (batch.rows.length < SQL_DOWNLOAD_FETCH) break
        await sendChunk(body, chunk)
        chunk = ''
        batch = await fetch()
      }
      await sendChunk(body, chunk + tail)
    }).then(
      () => body.end(),
      (e: Error) => (started ? body.destroy(e) : reject(e)),
    )
  })
}
