/**
 * `npm run bench:logs-scale`: a source view over 1,000,000 edge events spread over the last 24 hours (issue 16:
 * the histogram for 24 h and the event list's first page, each under 200 ms on both databases). The events are
 * made in the log store by one INSERT … SELECT from generate_series; the queries are the source view's own
 * (src/web/model/logs/sources/sql.ts), run through logs.all's runner as the page runs them.
 * Prints one JSON line per database and query: median, p95 and max of BENCH_RUNS runs (default 7), warm.
 *
 *   npm run bench:logs-scale        BENCH_EVENTS=200000 for a quicker run; on PostgreSQL too with TEST_DATABASE_URL
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStudio, type Studio } from '../src/server/app'
import { queryLogs } from '../src/server/logs/query'
import { logSchema } from '../src/server/logs/store'
import { eventsSql, histogramSql } from '../src/web/model/logs/sources/sql'
import { BENCH_TOKEN } from './support/auth'
import { withBenchDatabase } from './support/load'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const DAY_MS = 86_400_000

async function fill(studio: Studio): Promise<number> {
  const { store } = studio.logs
  const now = Date.now()
  // the two day partitions the last 24 hours fall in
  await store.write('edge', [now - DAY_MS, now].map((t) => ({ timestamp: new Date(t).toISOString(), event_message: 'partition', metadata: {} })))
  const db = await studio.store.get()
  const started = performance.now()
  await db.exec(`insert into ${logSchema(store.ref)}.edge_events (timestamp, event_message, metadata)
    select ts, 'GET | ' || status || ' | 127.0.0.1 | req-' || i || ' | /rest/v1/items_' || (i % 40) || ' | bench',
      jsonb_build_object(
        'request', jsonb_build_object('method', 'GET', 'path', '/rest/v1/items_' || (i % 40), 'user_agent', 'bench'),
        'response', jsonb_build_object('status_code', status), 'duration_ms', i % 250, 'role', 'anon')
    from (select i, now() - (i * (${DAY_MS} / ${EVENTS}::float8)) * interval '1 millisecond' as ts,
                 case when i % 50 = 0 then 500 when i % 10 = 0 then 404 else 200 end as status
            from generate_series(1, ${EVENTS}) i) g;
    analyze ${logSchema(store.ref)}.edge_events`)
  await store.recount('edge') // the per-minute counts write() keeps, for the rows made around it
  return Math.round(performance.now() - started)
}

async function timed(run: () => Promise<unknown>) {
  await run() // warm
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await run()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]! * 10) / 10
  return { median_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) }
}

async function bench(database: string, studio: Studio) {
  const fillMs = await fill(studio)
  const db = await studio.store.get()
  const end = new Date().toISOString()
  const bounds = { start: new Date(Date.parse(end) - DAY_MS).toISOString(), end }
  const range = { iso_timestamp_start: bounds.start, iso_timestamp_end: bounds.end }
  const histogram = histogramSql('edge', bounds)
  const bars = (await queryLogs(db, studio.logs.store, { sql: histogram, ...range })).result.length
  const firstPage = eventsSql('edge')
  const rows = (await queryLogs(db, studio.logs.store, { sql: firstPage, ...range })).result.length
  const head = { bench: 'logs-scale', database, events: EVENTS, fill_ms: fillMs }
  console.log(JSON.stringify({ ...head, query: 'histogram 24 h', bars, ...(await timed(() => queryLogs(db, studio.logs.store, { sql: histogram, ...range }))) }))
  console.log(JSON.stringify({ ...head, query: 'first page', rows, ...(await timed(() => queryLogs(db, studio.logs.store, { sql: firstPage, ...range }))) }))
}

const dir = await mkdtemp(join(tmpdir(), 'studio-bench-logs-scale-'))
const base = { port: 0, serveStatic: false, logger: false, token: BENCH_TOKEN, logs: { flushMs: 3_600_000 } }
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
try {
  if (serverUrl) {
    await withBenchDatabase(serverUrl, 'bench_logs_scale', async ({ url }) => {
      const studio = await startStudio({ ...base, dataDir: join(dir, 'pg'), databaseUrl: url })
      try {
        await bench('postgres', studio)
      } finally {
        await studio.close()
      }
    })
  }
  const studio = await startStudio({ ...base, dataDir: join(dir, 'pglite') })
  try {
    await bench('pglite', studio)
  } finally {
    await studio.close()
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
