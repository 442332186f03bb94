/**
 * `npm run bench:export`: exports a 500,000-row table as CSV through the API (reading the whole stream)
 * beside `COPY (select … order by id) TO STDOUT (format csv, header)` on the same database. Uses
 * DATABASE_URL or TEST_DATABASE_URL when set, else PGlite in a temporary directory. Prints one JSON line:
 * rows/s of both (median of RUNS after a warm-up) and API/COPY.
 *
 * On PostgreSQL the two take turns, so both see the same load; node-postgres reads COPY … TO STDOUT off
 * the wire and drops the data, which is the server's whole cost. On PGlite COPY writes to its /dev/blob
 * and needs the database to itself, so it runs after the studio has closed.
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
import { prepareBenchTable } from './support/table'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'

const ROWS = 500_000
const RUNS = 5
const COPY = (to: string) => `copy (select * from public.bench_export order by id) to ${to} with (format csv, header)`

/** Median rows per second of each, after a warm-up, the runs taking turns. */
async function rates(...runs: (() => Promise<unknown>)[]): Promise<number[]> {
  for (const run of runs) await run()
  const times = runs.map((): number[] => [])
  for (let i = 0; i < RUNS; i++) {
    for (const [j, run] of runs.entries()) {
      const start = performance.now()
      await run()
      times[j]!.push((performance.now() - start) / 1000)
    }
  }
  return times.map((t) => Math.round(ROWS / t.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!))
}

/** Reads the whole download; answers its size in bytes. */
async function download(url: string): Promise<number> {
  const res = await fetch(url, { headers: BENCH_AUTH })
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`)
  const reader = res.body.getReader()
  let bytes = 0
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength
  return bytes
}

const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
// a data directory of its own even on PostgreSQL: the default one may be another studio's
const dataDir = await mkdtemp(join(tmpdir(), 'studio-bench-'))
try {
  const studio = await startStudio({ port: 0, dataDir, databaseUrl, serveStatic: false, logger: false, token: BENCH_TOKEN })
  let api: number
  let copy: number
  let bytes: number
  try {
    const url = createApi(studio.url, BENCH_AUTH).exportUrl(DEFAULT_PROJECT_REF, { tableId: await prepareBenchTable(studio.db, 'bench_export', ROWS, `'Customer, "' || g || '"'`) })
    bytes = await download(url)
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        ;[api = 0, copy = 0] = await rates(() => download(url), () => client.query(COPY('stdout')))
      } finally {
        await client.end()
      }
    } else {
      ;[api = 0] = await rates(() => download(url))
    }
  } finally {
    await studio.close()
  }
  if (!databaseUrl) {
    const db = new PGlite(join(dataDir, 'db'))
    try {
      ;[copy = 0] = await rates(() => db.query(COPY(`'/dev/blob'`)))
    } finally {
      await db.close()
    }
  }
  console.log(JSON.stringify({
    bench: 'export',
    database: databaseUrl ? 'postgres' : 'pglite',
    rows: ROWS,
    runs: RUNS,
    csv_mb: Number((bytes / 1e6).toFixed(1)),
    api_rows_per_s: api,
    copy_rows_per_s: copy!,
    ratio: Number((api / copy!).toFixed(2)),
  }))
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
