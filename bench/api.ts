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
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { startStudio, type Studio } from '../src/server/app'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONCURRENCY = [1, 10, 50]
const WARM_UP = 300
const SQL = 'select 1'
/** what both sides answer */
const ANSWER = JSON.stringify([{ '?column?': 1 }])
const QUERY_PATH = `/platform/pg-meta/${DEFAULT_PROJECT_REF}/query`

interface Target {
  url: string
  headers: Record<string, string>
}
interface RunResult {
  rps: number
  p50: number
  p99: number
  /** time the servers' thread (this one) was busy, per request, in µs */
  busy: number
}

/**
 * The load client: N POSTs over keep-alive connections, `concurrency` at a time, each answer checked; in its
 * own thread, so its work is not the servers'.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads')
const http = require('node:http')
parentPort.on('message', async ({ url, headers, body, expected, requests, concurrency }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  const target = new URL(url)
  const options = { agent, method: 'POST', hostname: target.hostname, port: target.port, path: target.pathname,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }
  const one = () => new Promise((resolve, reject) => {
    const req = http.request(options, (res) => {
      const parts = []
      res.on('data', (d) => parts.push(d))
      res.on('end', () => {
        const text = Buffer.concat(parts).toString()
        if (res.statusCode === 200 && text === expected) resolve()
        else reject(new Error(res.statusCode + ' ' + text))
      })
    })
    req.on('error', reject)
    req.end(body)
  })
  const latencies = []
  let next = 0
  const started = performance.now()
  try {
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++
        const t = performance.now()
        await one()
        latencies.push(performance.now() - t)
      }
    }))
    parentPort.postMessage({ elapsed: performance.now() - started, latencies })
  } catch (e) {
    parentPort.postMessage({ error: String(e) })
  } finally {
    agent.destroy()
  }
})
`

const client = new Worker(CLIENT, { eval: true })
function drive(target: Target, requests: number, concurrency: number): Promise<RunResult> {
  const loop = performance.eventLoopUtilization()
  return new Promise((resolve, reject) => {
    client.once('message', (m: { error?: string; elapsed: number; latencies: number[] }) => {
      if (m.error) return reject(new Error(m.error))
      const { active } = performance.eventLoopUtilization(loop)
      const sorted = m.latencies.sort((a, b) => a - b)
      const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2))
      resolve({ rps: Math.round((requests / m.elapsed) * 1000), p50: at(0.5), p99: at(0.99), busy: Math.round((active * 1000) / requests) })
    })
    client.postMessage({ ...target, body: JSON.stringify({ query: SQL }), expected: ANSWER, requests, concurrency })
  })
}

/** A minimal server: Fastify, one route, the query's rows as JSON. */
async function minimalServer(run: (sql: string) => Promise<unknown[]>): Promise<{ target: Target; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify()
  app.post('/query', async (request) => run((request.body as { query: string }).query))
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { target: { url: `${url}/query`, headers: {} }, close: () => app.close() }
}

/** PGlite on a thread of its own (as the studio runs it), answering one query at a time. */
const PGLITE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads')
import('@electric-sql/pglite').then(async ({ PGlite }) => {
  const db = await PGlite.create(workerData.dir)
  parentPort.postMessage({ ready: true })
  parentPort.on('message', async ({ id, sql }) => {
    try {
      parentPort.postMessage({ id, rows: (await db.query(sql)).rows })
    } catch (e) {
      parentPort.postMessage({ id, error: String(e) })
    }
  })
})
`

async function minimalPglite(dir: string) {
  const thread = new Worker(PGLITE_THREAD, { eval: true, workerData: { dir } })
  await new Promise((resolve) => thread.once('message', resolve))
  type Answer = { id: number; rows?: unknown[]; error?: string }
  const waiting = new Map<number, (m: Answer) => void>()
  thread.on('message', (m: Answer) => waiting.get(m.id)?.(m))
  let ids = 0
  const server = await minimalServer((sql) => new Promise((resolve, reject) => {
    const id = ids++
    waiting.set(id, (m) => {
      waiting.delete(id)
      if (m.error) reject(new Error(m.error))
      else resolve(m.rows!)
    })
    thread.postMessage({ id, sql })
  }))
  return { target: server.target, close: async () => { await server.close(); await thread.terminate() } }
}

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

interface Side {
  name: 'studio' | 'minimal'
  target: Target
}
interface Figures {
  rounds: RunResult[]
  sessionsOpened: number
}

/** Both sides, turn about, each concurrency; `sessions` reads the database's session count (PostgreSQL). */
async function compare(sides: Side[], sessions?: () => Promise<number>) {
  const figures = new Map<string, Figures>()
  for (const c of CONCURRENCY) for (const side of sides) await drive(side.target, WARM_UP, c)
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of CONCURRENCY) {
      for (const side of sides) {
        const before = await sessions?.()
        const result = await drive(side.target, REQUESTS, c)
        const opened = sessions && before !== undefined ? (await sessions()) - before : 0
        const key = `${side.name}@${c}`
        const f = figures.get(key) ?? { rounds: [], sessionsOpened: 0 }
        f.rounds.push(result)
        f.sessionsOpened += opened
        figures.set(key, f)
      }
    }
  }
  return figures
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Per side: req/s of the median round (best and worst too), its p50/p99, and the thread's busy µs per
 * request (median). The ratio is the median of each round's studio/minimal (the two ran one after the other),
 * and of the best rounds.
 */
function summary(database: string, figures: Map<string, Figures>, countsSessions: boolean) {
  for (const c of CONCURRENCY) {
    const line: Record<string, unknown> = { bench: 'api', database, sql: SQL, concurrency: c, requests: REQUESTS, rounds: ROUNDS }
    const [studio, minimal] = (['studio', 'minimal'] as const).map((name) => {
      const f = figures.get(`${name}@${c}`)!
      const byRate = [...f.rounds].sort((a, b) => a.rps - b.rps)
      const mid = byRate[Math.floor(byRate.length / 2)]!
      line[name] = {
        rps: mid.rps, best: byRate.at(-1)!.rps, worst: byRate[0]!.rps, p50_ms: mid.p50, p99_ms: mid.p99,
        busy_us_per_req: median(f.rounds.map((r) => r.busy)),
        ...(countsSessions ? { sessions_opened: f.sessionsOpened } : {}),
      }
      return f.rounds
    })
    line.ratio = Number(median(studio!.map((r, i) => r.rps / minimal![i]!.rps)).toFixed(2))
    line.ratio_best = Number((Math.max(...studio!.map((r) => r.rps)) / Math.max(...minimal!.map((r) => r.rps))).toFixed(2))
    console.log(JSON.stringify(line))
  }
}

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dir = await mkdtemp(join(tmpdir(), 'studio-bench-api-'))
const studioOptions = { port: 0, serveStatic: false, logger: false, token: BENCH_TOKEN }
const studioTarget = (studio: Studio): Target => ({ url: `${studio.url}${QUERY_PATH}`, headers: BENCH_AUTH })
try {
  if (serverUrl) {
    const name = `bench_api_${process.pid}`
    await admin(serverUrl, `create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const databaseUrl = url.toString()
    const stats = new pg.Client({ connectionString: serverUrl })
    await stats.connect()
    try {
      const studio = await startStudio({ ...studioOptions, dataDir: join(dir, 'pg'), databaseUrl })
      const pool = new pg.Pool({ connectionString: databaseUrl })
      pool.on('error', () => undefined) // its idle sessions end when the database is dropped
      const minimal = await minimalServer(async (sql) => (await pool.query(sql)).rows)
      try {
        const sessions = async () => {
          await stats.query('select pg_stat_clear_snapshot()')
          const { rows } = await stats.query<{ sessions: string }>('select sessions from pg_stat_database where datname = $1', [name])
          return Number(rows[0]!.sessions)
        }
        const figures = await compare([{ name: 'studio', target: studioTarget(studio) }, { name: 'minimal', target: minimal.target }], sessions)
        summary('postgres', figures, true)
      } finally {
        await minimal.close()
        await pool.end()
        await studio.close()
      }
    } finally {
      await stats.end()
      await admin(serverUrl, `drop database if exists ${name} with (force)`)
    }
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
  await client.terminate()
  await rm(dir, { recursive: true, force: true })
}
