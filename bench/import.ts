/**
 * `npm run bench:import`: imports 100,000 CSV rows through the API (streamed, loaded by COPY in parts
 * inside one transaction, NDJSON progress) beside a bare `COPY … FROM STDIN (format csv, header)` of the
 * same file into the same table, emptied before each run and counted (count(*)) after it. Uses DATABASE_URL
 * or TEST_DATABASE_URL when set, else PGlite in a temporary directory. The two take turns, so both see the
 * same load. Prints one JSON line: rows/s of both, cold (the first run) and warm (median of RUNS after it),
 * and API/COPY.
 *
 * PostgreSQL: COPY goes through node-postgres's own copy messages on a client of its own (no extra
 * package). PGlite has one connection, the studio's: COPY reads the whole file as its /dev/blob on the
 * studio's database worker, through the driver (`copy_rows_per_s`); then, once the studio has closed,
 * PGlite in this thread does the same (`copy_direct_rows_per_s`, not interleaved).
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
const RUNS = 9
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
  /** untimed: the rows now in the table */
  count: () => Promise<number>
}

interface Rate {
  cold: number
  warm: number
}

/** Rows per second of each: the first run (cold), and the median of RUNS more (warm), the runs taking turns. */
async function rates(...runs: Run[]): Promise<Rate[]> {
  const times = runs.map((): number[] => [])
  for (let i = 0; i <= RUNS; i++) {
    for (const [j, { before, run, count }] of runs.entries()) {
      await before()
      const start = performance.now()
      await run()
      times[j]!.push((performance.now() - start) / 1000)
      const rows = await count()
      if (rows !== ROWS) throw new Error(`run ${j} left ${rows} rows, not ${ROWS}`)
    }
  }
  const rate = (seconds: number) => Math.round(ROWS / seconds)
  return times.map(([cold, ...warm]) => ({ cold: rate(cold!), warm: rate(warm.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!) }))
}

const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
// a data directory of its own even on PostgreSQL: the default one may be another studio's
const dataDir = await mkdtemp(join(tmpdir(), 'studio-bench-'))
try {
  const csv = csvFile()
  // the same bytes for every run, whichever way they go in
  const data = Buffer.from(csv)
  const file = new Blob([data])
  const studio = await startStudio({ port: 0, dataDir, databaseUrl, serveStatic: false, logger: false, token: BENCH_TOKEN })
  let api: Rate
  let copy: Rate
  let direct: Rate | undefined
  try {
    await studio.db.query(TABLE)
    const tableId = (await studio.db.query<{ oid: number }>(`select 'public.bench_import'::regclass::oid as oid`)).rows[0]!.oid
    const empty = () => studio.db.query('truncate public.bench_import')
    const count = async () => (await studio.db.query<{ n: number }>('select count(*)::int as n from public.bench_import')).rows[0]!.n
    const mapping = Object.fromEntries(COLUMNS.map((c) => [c, c]))
    const viaApi: Run = {
      before: empty,
      count,
      run: async () => {
        const last = await createApi(studio.url, BENCH_AUTH).importCsv(DEFAULT_PROJECT_REF, { tableId, mapping }, file)
        if (last.type !== 'done' || last.rows !== ROWS) throw new Error(`import failed: ${JSON.stringify(last)}`)
      },
    }
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        ;[api, copy] = (await rates(viaApi, { before: empty, count, run: () => client.query(new CopyFrom(COPY('stdin'), data)).done })) as [Rate, Rate]
      } finally {
        await client.end()
      }
    } else {
      const viaDriver = () => studio.db.copyTransaction((tx) => tx.copyFrom('public.bench_import', 'format csv, header', [data]))
      ;[api, copy] = (await rates(viaApi, { before: empty, count, run: viaDriver })) as [Rate, Rate]
    }
  } finally {
    await studio.close()
  }
  if (!databaseUrl) {
    const db = new PGlite(join(dataDir, 'db'))
    try {
      ;[direct] = await rates({
        before: () => db.query('truncate public.bench_import'),
        count: async () => (await db.query<{ n: number }>('select count(*)::int as n from public.bench_import')).rows[0]!.n,
        run: () => db.query(COPY(`'/dev/blob'`), [], { blob: file }),
      })
    } finally {
      await db.close()
    }
  }
  console.log(JSON.stringify({
    bench: 'import',
    database: databaseUrl ? 'postgres' : 'pglite',
    rows: ROWS,
    runs: RUNS,
    csv_mb: Number((data.byteLength / 1e6).toFixed(1)),
    api_rows_per_s: api,
    copy_rows_per_s: copy,
    ratio: { cold: Number((api.cold / copy.cold).toFixed(2)), warm: Number((api.warm / copy.warm).toFixed(2)) },
    ...(direct && {
      copy_direct_rows_per_s: direct,
      ratio_to_direct: { cold: Number((api.cold / direct.cold).toFixed(2)), warm: Number((api.warm / direct.warm).toFixed(2)) },
    }),
  }))
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
