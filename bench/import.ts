/**
 * `npm run bench:import`: imports 100,000 CSV rows through the API (streamed, batches in one
 * transaction, NDJSON progress) beside `COPY … FROM STDIN (format csv, header)` of the same file on the
 * same database, the table emptied before each run. Uses DATABASE_URL or TEST_DATABASE_URL when set, else
 * PGlite in a temporary directory. Prints one JSON line: rows/s of both (median of RUNS after a warm-up)
 * and API/COPY.
 *
 * On PostgreSQL the two take turns, so both see the same load; COPY goes through node-postgres's own
 * copy messages (no extra package). On PGlite COPY reads its /dev/blob and needs the database to itself,
 * so it runs after the studio has closed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { createApi } from '../src/web/data/api'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { startStudio } from '../src/server/app'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'

const ROWS = 100_000
const RUNS = 5
const COLUMNS = ['id', 'name', 'email', 'amount', 'quantity', 'active', 'created_at', 'details']
const TABLE = `create table if not exists public.bench_import (
  id bigint primary key, name text not null, email text not null, amount numeric(10, 2) not null,
  quantity integer not null, active boolean not null, created_at timestamptz not null, details jsonb not null
)`
const COPY = (from: string) => `copy public.bench_import from ${from} with (format csv, header)`

function csvFile(): string {
  const lines = [COLUMNS.join(',')]
  for (let g = 1; g <= ROWS; g++) {
    const at = new Date(Date.UTC(2024, 0, 1) + g * 60_000).toISOString()
    lines.push(`${g},"Customer, ""${g}""",customer${g}@example.com,${(g % 100_000) / 100},${g % 50},${g % 3 !== 0},${at},"{""tier"": ${g % 5}, ""note"": ""n${g}""}"`)
  }
  return `${lines.join('\n')}\n`
}

/** The copy messages node-postgres sends but does not declare. */
type CopyConnection = pg.Connection & { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }

/** COPY … FROM STDIN of `data`: node-postgres runs any object with submit() and routes the replies to it. */
class CopyFrom implements pg.Submittable {
  readonly done: Promise<void>
  private settle!: (error?: Error) => void
  private error?: Error

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = (e) => (e ? reject(e) : resolve())))
  }

  submit(connection: pg.Connection): void {
    connection.query(this.text)
  }

  handleCopyInResponse(connection: CopyConnection): void {
    for (let at = 0; at < this.data.length; at += 65_536) connection.sendCopyFromChunk(this.data.subarray(at, at + 65_536))
    connection.endCopyFrom()
  }

  handleCommandComplete(): void {}

  handleError(error: Error): void {
    this.error = error
  }

  handleReadyForQuery(): void {
    this.settle(this.error)
  }
}

interface Run {
  /** untimed: empties the table */
  before: () => Promise<unknown>
  run: () => Promise<unknown>
}

/** Median rows per second of each, after a warm-up, the runs taking turns. */
async function rates(...runs: Run[]): Promise<number[]> {
  const times = runs.map((): number[] => [])
  for (let i = 0; i <= RUNS; i++) {
    for (const [j, { before, run }] of runs.entries()) {
      await before()
      const start = performance.now()
      await run()
      if (i > 0) times[j]!.push((performance.now() - start) / 1000)
    }
  }
  return times.map((t) => Math.round(ROWS / t.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!))
}

const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
try {
  const csv = csvFile()
  const studio = await startStudio({ port: 0, dataDir, databaseUrl, serveStatic: false, logger: false, token: BENCH_TOKEN })
  let api: number
  let copy: number
  try {
    await studio.db.query(TABLE)
    const tableId = (await studio.db.query<{ oid: number }>(`select 'public.bench_import'::regclass::oid as oid`)).rows[0]!.oid
    const empty = () => studio.db.query('truncate public.bench_import')
    const mapping = Object.fromEntries(COLUMNS.map((c) => [c, c]))
    const viaApi: Run = {
      before: empty,
      run: async () => {
        const last = await createApi(studio.url, BENCH_AUTH).importCsv(DEFAULT_PROJECT_REF, { tableId, mapping }, csv)
        if (last.type !== 'done' || last.rows !== ROWS) throw new Error(`import failed: ${JSON.stringify(last)}`)
      },
    }
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        const data = Buffer.from(csv)
        ;[api = 0, copy = 0] = await rates(viaApi, { before: empty, run: () => client.query(new CopyFrom(COPY('stdin'), data)).done })
      } finally {
        await client.end()
      }
    } else {
      ;[api = 0] = await rates(viaApi)
    }
  } finally {
    await studio.close()
  }
  if (dataDir) {
    const db = new PGlite(join(dataDir, 'db'))
    try {
      const blob = new Blob([csv])
      ;[copy = 0] = await rates({ before: () => db.query('truncate public.bench_import'), run: () => db.query(COPY(`'/dev/blob'`), [], { blob }) })
    } finally {
      await db.close()
    }
  }
  console.log(JSON.stringify({
    bench: 'import',
    database: databaseUrl ? 'postgres' : 'pglite',
    rows: ROWS,
    runs: RUNS,
    csv_mb: Number((Buffer.byteLength(csv) / 1e6).toFixed(1)),
    api_rows_per_s: api,
    copy_rows_per_s: copy!,
    ratio: Number((api / copy!).toFixed(2)),
  }))
} finally {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
