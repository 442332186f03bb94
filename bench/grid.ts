/**
 * `npm run bench:grid`: the grid's API on a 1,000,000-row table, beside the same SQL run directly on
 * the database in the same run. Uses DATABASE_URL or TEST_DATABASE_URL when set, else PGlite in a
 * temporary directory. Prints one JSON line: medians in milliseconds, and API/SQL ratios; for reference,
 * what a full count(*) and a plain deep OFFSET would cost.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createApi } from '../src/web/data/api'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { startStudio } from '../src/server/app'
import { prepareBenchTable } from './support/table'
import type { Driver } from '../src/server/db/driver'
import { loadSource } from '../src/server/rows/source'
import { countRows, selectRows } from '../src/server/rows/sql'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'

const ROWS = 1_000_000
const LIMIT = 100

const RUNS = 15

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(2))
}

/** Medians of RUNS timings after a warm-up, the API and the SQL taking turns so both see the same load. */
async function compare(api: () => Promise<unknown>, sql: () => Promise<unknown>) {
  await api()
  await sql()
  const apiTimes: number[] = []
  const sqlTimes: number[] = []
  for (let i = 0; i < RUNS; i++) {
    apiTimes.push(await time(api))
    sqlTimes.push(await time(sql))
  }
  const api_ms = median(apiTimes)
  const sql_ms = median(sqlTimes)
  return { api_ms, sql_ms, ratio: Number((api_ms / sql_ms).toFixed(2)) }
}

async function sqlOnly(sql: () => Promise<unknown>): Promise<number> {
  await sql()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(await time(sql))
  return median(times)
}

const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
const studio = await startStudio({ port: 0, dataDir, databaseUrl, serveStatic: false, logger: false, token: BENCH_TOKEN })
try {
  const { db } = studio
  const tableId = await prepareBenchTable(db, 'bench_grid', ROWS)
  const api = createApi(studio.url, BENCH_AUTH)
  const source = await loadSource(db, tableId)
  const page = (n: number) => selectRows(source, { filters: [], sorts: [], page: n, limit: LIMIT })
  const run = ({ sql, params }: { sql: string; params: Parameters<Driver['query']>[1] }) => () => db.query(sql, params)

  const page1 = await compare(() => api.rows(DEFAULT_PROJECT_REF, { tableId, page: 1, limit: LIMIT }), run(page(1)))
  const page5000 = await compare(() => api.rows(DEFAULT_PROJECT_REF, { tableId, page: 5000, limit: LIMIT }), run(page(5000)))
  const counted = await api.count(DEFAULT_PROJECT_REF, { tableId })
  // The API's count of a big table is the source lookup (reltuples); count(*) is what it avoids.
  const count = await compare(() => api.count(DEFAULT_PROJECT_REF, { tableId }), () => loadSource(db, tableId))
  const countStar = await sqlOnly(run(countRows(source, [])))
  const plainOffset = await sqlOnly(() =>
    db.query(`select * from public.bench_grid order by id limit ${LIMIT} offset ${(5000 - 1) * LIMIT}`),
  )

  console.log(JSON.stringify({
    database: db.kind,
    rows: ROWS,
    runs: RUNS,
    page1,
    page5000,
    count: { ...count, ...counted },
    count_star_sql_ms: countStar,
    page5000_plain_offset_sql_ms: plainOffset,
  }))
} finally {
  await studio.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
