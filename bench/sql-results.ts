/**
 * `npm run bench:sql`: the SQL editor's run of a query answering 100,000 rows, end to end (POST query/run:
 * the script on the database, rows converted, JSON, HTTP, parsed by the client), beside the driver's own
 * fetch of the same SQL in the same run. Uses DATABASE_URL or TEST_DATABASE_URL when set, else PGlite in a
 * temporary directory. Prints one JSON line: medians in milliseconds and rows per second.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startStudio } from '../src/server/app'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import type { RunQueryResponse } from '../src/shared/content'
import { createApi } from '../src/web/data/api'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'

const ROWS = 100_000
const RUNS = 7
const SQL = `select g as id, 'customer ' || g as name, (g % 10000) / 100.0 as amount, g % 3 = 0 as active,
  timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute' as created_at, jsonb_build_object('tier', g % 5) as details
  from generate_series(1, ${ROWS}) g`

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn() // warm-up
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return Number(times[Math.floor(RUNS / 2)]!.toFixed(1))
}

const perSecond = (ms: number) => Math.round((ROWS / ms) * 1000)

const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
const studio = await startStudio({ port: 0, dataDir, databaseUrl, serveStatic: false, logger: false, token: BENCH_TOKEN })
try {
  const api = createApi(studio.url, BENCH_AUTH)
  let response: RunQueryResponse | undefined
  const apiMs = await median(async () => (response = await api.runQuery(DEFAULT_PROJECT_REF, { query: SQL })))
  const driverMs = await median(() => studio.db.query(SQL))
  if (response?.results[0]?.rowCount !== ROWS) throw new Error(`expected ${ROWS} rows`)
  const answer = response
  const jsonMs = await median(async () => JSON.stringify(answer))

  console.log(JSON.stringify({
    database: studio.db.kind,
    rows: ROWS,
    runs: RUNS,
    query_run: { ms: apiMs, rows_per_s: perSecond(apiMs), server_duration_ms: answer.duration_ms, json_ms: jsonMs },
    driver: { ms: driverMs, rows_per_s: perSecond(driverMs) },
    ratio: Number((apiMs / driverMs).toFixed(2)),
    response_mb: Number((JSON.stringify(answer).length / 1e6).toFixed(1)),
  }))
} finally {
  await studio.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
