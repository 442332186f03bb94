/**
 * What the HTTP benches (api.ts, rest.ts) share: a load client in a worker thread (node:http, keep-alive,
 * each answer checked), a minimal Fastify server, PGlite on a thread of its own as the studio runs it, the
 * sides taking turns over rounds and concurrencies, and the per-concurrency summary (median round, ratios).
 */
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'

export interface Target {
  url: string
  headers: Record<string, string>
  method?: 'GET' | 'POST'
  body?: string
  /** the exact answer expected, or else the number of items of the JSON array answered */
  expected?: string
  expectedItems?: number
}
export interface RunResult {
  rps: number
  p50: number
  p99: number
  /** time the servers' thread (this one) was busy, per request, in µs */
  busy: number
}

/**
 * The load client: N requests over keep-alive connections, `concurrency` at a time, each answer checked; in
 * its own thread, so its work is not the servers'.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads')
const http = require('node:http')
parentPort.on('message', async ({ url, headers, method, body, expected, expectedItems, requests, concurrency }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  const target = new URL(url)
  const options = { agent, method: method || 'POST', hostname: target.hostname, port: target.port, path: target.pathname + target.search,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }
  const ok = (text) => expected !== undefined ? text === expected : JSON.parse(text).length === expectedItems
  const one = () => new Promise((resolve, reject) => {
    const req = http.request(options, (res) => {
      const parts = []
      res.on('data', (d) => parts.push(d))
      res.on('end', () => {
        const text = Buffer.concat(parts).toString()
        if (res.statusCode === 200 && ok(text)) resolve()
        else reject(new Error(res.statusCode + ' ' + text.slice(0, 500)))
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

export interface LoadClient {
  drive(target: Target, requests: number, concurrency: number): Promise<RunResult>
  close(): Promise<number>
}

export function loadClient(): LoadClient {
  const client = new Worker(CLIENT, { eval: true })
  return {
    drive(target, requests, concurrency) {
      const loop = performance.eventLoopUtilization()
      return new Promise((resolve, reject) => {
        client.once('message', (m: { error?: string; elapsed: number; latencies: number[] }) => {
          if (m.error) return reject(new Error(m.error))
          const { active } = performance.eventLoopUtilization(loop)
          const sorted = m.latencies.sort((a, b) => a - b)
          const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2))
          resolve({ rps: Math.round((requests / m.elapsed) * 1000), p50: at(0.5), p99: at(0.99), busy: Math.round((active * 1000) / requests) })
        })
        client.postMessage({ ...target, requests, concurrency })
      })
    },
    close: () => client.terminate(),
  }
}

/** A minimal server: Fastify with the routes `setup` adds. */
export async function minimalServer(setup: (app: FastifyInstance) => void): Promise<{ url: string; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify()
  setup(app)
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}

/** PGlite on a thread of its own (as the studio runs it), answering one query at a time. */
const PGLITE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads')
import('@electric-sql/pglite').then(async ({ PGlite }) => {
  const db = await PGlite.create(workerData.dir)
  parentPort.postMessage({ ready: true })
  parentPort.on('message', async ({ id, sql, params }) => {
    try {
      const result = params ? await db.query(sql, params) : (await db.exec(sql)).at(-1)
      parentPort.postMessage({ id, rows: result ? result.rows : [] })
    } catch (e) {
      parentPort.postMessage({ id, error: String(e) })
    }
  })
})
`

/** PGlite in a thread: `query(sql)` runs a script (the last statement's rows), `query(sql, params)` one statement. */
export async function pgliteThread(dir: string) {
  const thread = new Worker(PGLITE_THREAD, { eval: true, workerData: { dir } })
  await new Promise((resolve) => thread.once('message', resolve))
  type Answer = { id: number; rows?: unknown[]; error?: string }
  const waiting = new Map<number, (m: Answer) => void>()
  thread.on('message', (m: Answer) => waiting.get(m.id)?.(m))
  let ids = 0
  const query = <R = Record<string, unknown>>(sql: string, params?: unknown[]) =>
    new Promise<R[]>((resolve, reject) => {
      const id = ids++
      waiting.set(id, (m) => {
        waiting.delete(id)
        if (m.error) reject(new Error(m.error))
        else resolve(m.rows as R[])
      })
      thread.postMessage({ id, sql, params })
    })
  return { query, close: () => thread.terminate() }
}

export async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

/**
 * fn with a database of the bench's own on the PostgreSQL server of `serverUrl` (`${prefix}_${pid}`, dropped
 * after), and how many sessions have been opened on it so far (pg_stat_database.sessions).
 */
export async function withBenchDatabase<T>(
  serverUrl: string, prefix: string, fn: (db: { url: string; sessions(): Promise<number> }) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}`
  await admin(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const stats = new pg.Client({ connectionString: serverUrl })
  await stats.connect()
  try {
    const sessions = async () => {
      await stats.query('select pg_stat_clear_snapshot()')
      const { rows } = await stats.query<{ sessions: string }>('select sessions from pg_stat_database where datname = $1', [name])
      return Number(rows[0]!.sessions)
    }
    return await fn({ url: url.toString(), sessions })
  } finally {
    await stats.end()
    await admin(serverUrl, `drop database if exists ${name} with (force)`)
  }
}

export interface Side {
  name: string
  target: Target
}
export interface Figures {
  rounds: RunResult[]
  sessionsOpened: number
}
export interface Plan {
  concurrency: readonly number[]
  rounds: number
  requests: number
  warmUp: number
}

/** The sides, turn about, each concurrency; `sessions` reads the database's session count (PostgreSQL). */
export async function compare(load: LoadClient, plan: Plan, sides: Side[], sessions?: () => Promise<number>) {
  const figures = new Map<string, Figures>()
  for (const c of plan.concurrency) for (const side of sides) await load.drive(side.target, plan.warmUp, c)
  for (let round = 0; round < plan.rounds; round++) {
    for (const c of plan.concurrency) {
      for (const side of sides) {
        const before = await sessions?.()
        const result = await load.drive(side.target, plan.requests, c)
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

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * One line per concurrency, `head` first: per side, req/s of the median round (best and worst too), its
 * p50/p99, the thread's busy µs per request (median); `ratio` is the median of each round's first/second side
 * (the two ran one after the other), `ratio_best` that of the best rounds.
 */
export function summarize(plan: Plan, figures: Map<string, Figures>, names: [string, string], head: Record<string, unknown>, countsSessions: boolean) {
  return plan.concurrency.map((c) => {
    const line: Record<string, unknown> = { ...head, concurrency: c, requests: plan.requests, rounds: plan.rounds }
    const [first, second] = names.map((name) => {
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
    line.ratio = Number(median(first!.map((r, i) => r.rps / second![i]!.rps)).toFixed(2))
    line.ratio_best = Number((Math.max(...first!.map((r) => r.rps)) / Math.max(...second!.map((r) => r.rps))).toFixed(2))
    return line
  })
}
