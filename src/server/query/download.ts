/**
 * The whole result of a statement that reads, as a file the browser streams to disk. Two steps, so no SQL
 * travels in a URL and a page of another site cannot start one: POST query/download (JSON, from the app)
 * keeps the request under a random one-time token for SQL_DOWNLOAD_TTL_MS, in the platform store (table
 * _studio.sql_downloads, by the token's SHA-256), so a link made on one studio opens on any other studio
 * sharing that store (several processes on one database); GET query/download/{token}
 * runs the statement again, as the role asked for, in a READ ONLY transaction, through a cursor that hands
 * over SQL_DOWNLOAD_FETCH rows at a time: the next batch is fetched once the client has taken the last,
 * so the result is never held whole. An error before the first batch is the usual JSON error; a later
 * one cuts the download short.
 */
import { PassThrough, type Readable } from 'node:stream'
import type { Impersonation } from '../../shared/api'
import { SQL_DOWNLOAD_FETCH, SQL_DOWNLOAD_TTL_MS } from '../../shared/constants'
import type { ResultDownloadBody } from '../../shared/content'
import { MSG } from '../../shared/messages'
import { csvLine } from '../../shared/result-text'
import { statements } from '../../shared/sql/statements'
import { transactionAs, type Driver } from '../db/driver'
import { badRequest, notFound } from '../errors'
import type { PlatformStore } from '../platform/store'
import { newToken, sha256 } from '../security/secrets'
import { isCursorQuery } from './limit'
import { sendChunk } from '../http/send-chunk'

interface Pending {
  query: string
  format: 'csv' | 'json'
  impersonate?: Impersonation
}

/** At most this many links wait at once; the oldest goes first. */
const MAX_PENDING = 200

export interface DownloadFile {
  filename: string
  contentType: string
  body: Readable
}

export class ResultDownloads {
  constructor(
    private readonly db: Driver,
    /** where links wait: shared by every studio on the same platform database */
    private readonly store: PlatformStore,
  ) {}

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
    const store = await this.store.get()
    const token = newToken(24)
    await store.query(
      `insert into _studio.sql_downloads (token_hash, user_id, query, format, impersonate, expires_at)
       values ($1, $2, $3, $4, $5::jsonb, now() + make_interval(secs => $6))`,
      [sha256(token), userId ?? null, query, body.format, body.impersonate ? JSON.stringify(body.impersonate) : null, SQL_DOWNLOAD_TTL_MS / 1000],
    )
    // Expired links go, and past MAX_PENDING the oldest.
    await store.query(
      `delete from _studio.sql_downloads where expires_at <= now()
         or token_hash in (select token_hash from _studio.sql_downloads order by created_at desc, token_hash offset $1)`,
      [MAX_PENDING],
    )
    return { token }
  }

  /** Takes the link's request (once, whichever studio it was made on) and resolves when the first batch is in hand. */
  async open(token: string, userId: number | undefined): Promise<DownloadFile> {
    const store = await this.store.get()
    const { rows } = await store.query<Pending & { user_id: number | null; live: boolean }>(
      `delete from _studio.sql_downloads where token_hash = $1
       returning query, format, impersonate, user_id, expires_at > now() as live`,
      [sha256(token)],
    )
    const pending = rows[0]
    if (!pending || !pending.live || (pending.user_id ?? undefined) !== userId) throw notFound(MSG.sqlDownloadExpired)
    return streamResult(this.db, { query: pending.query, format: pending.format, ...(pending.impersonate ? { impersonate: pending.impersonate } : {}) })
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
