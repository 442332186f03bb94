/**
 * `npm run bench:api`: `select 1` through the studio's `POST /platform/pg-meta/{ref}/query` beside a minimal
 * Fastify server doing the same over HTTP (a JSON body in, the rows as JSON out), in one run:
 * - on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set (a database of the bench's own on that
 *   server, dropped at the end): the studio beside Fastify + a pg pool of the same size;
 * - always on PGlite: the studio (PGlite in its worker thread) beside Fastify + PGlite in its own thread.
 *
 * Each side gets BENCH_REQUESTS requests (default 2,000) at concurrency 1, 10 and 50 from a client in a
 * worker thread (node:http, keep-alive), after a warm-up; the sides take turns for BENCH_ROUNDS rounds
 * (default 3), so both see the same load from whatever else runs on the machine. Prints one JSON line per
 * database and concurrency: each side's median req/s (and best, worst), p50/p99 latency in ms of the median
 * round, how long the servers' thread was busy per request (µs), and studio/minimal (the median of each
 * round's ratio, and best over best). On PostgreSQL it also counts the sessions each side opened
 * (pg_stat_database.sessions) over its measured requests: a pool that reuses its connections opens none.
 *
 *   TEST_DATABASE_URL=postgres://… npm run bench:api       BENCH_REQUESTS=5000 BENCH_ROUNDS=5 for steadier figures,
 *   BENCH_PG_ONLY=1 to skip the PGlite part
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startStudio, type Studio } from '../src/server/app'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'
import {
  compare as compareSides, withBenchDatabase, loadClient, minimalServer, pgliteThread, summarize, type Figures, type Side, type Target,
} from './support/load'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONCURRENCY = [1, 10, 50]
const WARM_UP = 300
const SQL = 'select 1'
/** what both sides answer */
const ANSWER = JSON.stringify([{ '?column?': 1 }])
const QUERY_PATH = `/platform/pg-meta/${DEFAULT_PROJECT_REF}/query`

const PLAN = { concurrency: CONCURRENCY, rounds: ROUNDS, requests: REQUESTS, warmUp: WARM_UP }
const load = loadClient()
const request = { body: JSON.stringify({ query: SQL }), expected: ANSWER }

/** A minimal server: Fastify, one route, the query's rows as JSON. */
async function minimalQueryServer(run: (sql: string) => Promise<unknown[]>): Promise<{ target: Target; close(): Promise<void> }> {
  const server = await minimalServer((app) => app.post('/query', async (req) => run((req.body as { query: string }).query)))
  return { target: { url: `${server.url}/query`, headers: {}, ...request }, close: server.close }
}

async function minimalPglite(dir: string) {
  const thread = await pgliteThread(dir)
  const server = await minimalQueryServer((sql) => thread.query(sql))
  return { target: server.target, close: async () => { await server.close(); await thread.close() } }
}

const compare = (sides: Side[], sessions?: () => Promise<number>) => compareSides(load, PLAN, sides, sessions)
const summary = (database: string, figures: Map<string, Figures>, countsSessions: boolean) => {
  for (const line of summarize(PLAN, figures, ['studio', 'minimal'], { bench: 'api', database, sql: SQL }, countsSessions)) console.log(JSON.stringify(line))
}

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dir = await mkdtemp(join(tmpdir(), 'studio-bench-api-'))
const studioOptions = { port: 0, serveStatic: false, logger: false, token: BENCH_TOKEN }
const studioTarget = (studio: Studio): Target => ({ url: `${studio.url}${QUERY_PATH}`, headers: BENCH_AUTH, ...request })
try {
  if (serverUrl) {
    await withBenchDatabase(serverUrl, 'bench_api', async ({ url: databaseUrl, sessions }) => {
      const studio = await startStudio({ ...studioOptions, dataDir: join(dir, 'pg'), databaseUrl })
      const pool = new pg.Pool({ connectionString: databaseUrl })
      pool.on('error', () => undefined) // its idle sessions end when the database is dropped
      const minimal = await minimalQueryServer(async (sql) => (await pool.query(sql)).rows)
      try {
        const figures = await compare([{ name: 'studio', target: studioTarget(studio) }, { name: 'minimal', target: minimal.target }], sessions)
        summary('postgres', figures, true)
      } finally {
        await minimal.close()
        await pool.end()
        await studio.close()
      }
    })
  }
  if (!process.env.BENCH_PG_ONLY) {
    const studio = await startStudio({ ...studioOptions, dataDir: join(dir, 'pglite') })
    const minimal = await minimalPglite(join(dir, 'minimal'))
    try {
      summary('pglite', await compare([{ name: 'studio', target: studioTarget(studio) }, { name: 'minimal', target: minimal.target }]), false)
    } finally {
      await minimal.close()
      await studio.close()
    }
  }
} finally {
  await load.close()
  await rm(dir, { recursive: true, force: true })
}
