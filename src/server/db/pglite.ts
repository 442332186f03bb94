/**
 * The embedded project database: PGlite persisted at `${dataDir}/db`, run in a worker thread
 * (pglite-worker.mjs) so a slow query never blocks the server's own thread. PGlite has one connection, so
 * every call takes turns through one queue: a call that waits too long fails with 503, and a transaction
 * or a script holds the queue until it ends. Cancelling a running script ends the worker and opens a new
 * one on the same directory (PGlite recovers as after a crash; committed rows stay).
 */
import { chmod, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import {
  SESSION_SETTINGS, databaseBusy, driverDefaults, prepareScript, queryCancelled, serializeParam, withRoleVia,
  type Driver, type DriverOptions, type Param, type Queryable, type QueryResult, type ScriptOptions,
} from './driver'
import { TYPE_SHAPES_SQL, TypeShapes, toRows, type Field } from './values'

/** One statement's result as the worker sends it: every value as text. */
interface WireResult {
  rows: unknown[][]
  fields: Field[]
  rowCount: number
  command: string
}
type Reply = { id: number; results: WireResult[] } | { id: number; error: Record<string, unknown> }
type Ready = { ready: true } | { ready: false; error: Record<string, unknown> }

/** An error from the worker, rebuilt with its fields (code, severity, position…) so isDatabaseError sees it. */
const rebuild = ({ message, ...fields }: Record<string, unknown>) => Object.assign(new Error(String(message)), fields)

/** The main thread's handle on one worker and the PGlite it holds. */
class PgliteWorker {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve(r: WireResult[]): void; reject(e: Error): void }>()
  #next = 1
  #crash: Error | undefined
  alive = true
  /** settles once the thread has stopped, for whatever reason */
  readonly exited: Promise<void>
  readonly ready: Promise<void>

  static async open(dir: string): Promise<PgliteWorker> {
    const w = new PgliteWorker(dir)
    await w.ready
    return w
  }

  private constructor(dir: string) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, settings: SESSION_SETTINGS } })
    let opened!: (ready: Ready) => void
    const ready = new Promise<Ready>((resolve) => (opened = resolve))
    this.#worker.on('message', (m: Ready | Reply) => {
      if ('ready' in m) return opened(m)
      const call = this.#pending.get(m.id)
      this.#pending.delete(m.id)
      if (!this.#pending.size) this.#worker.unref() // an idle worker keeps no process alive
      if ('error' in m) call?.reject(rebuild(m.error))
      else call?.resolve(m.results)
    })
    this.#worker.on('error', (e) => (this.#crash = e)) // an uncaught error in the worker; 'exit' follows
    this.exited = new Promise((resolve) =>
      this.#worker.once('exit', () => {
        this.alive = false
        for (const call of this.#pending.values()) call.reject(this.#crash ?? new Error('The database worker stopped'))
        this.#pending.clear()
        opened({ ready: false, error: { message: this.#crash?.message ?? 'The database worker stopped while opening' } })
        resolve()
      }),
    )
    this.ready = ready.then(async (m) => {
      if (m.ready) return void this.#worker.unref()
      await this.terminate()
      throw rebuild(m.error)
    })
  }

  request(op: 'query' | 'exec' | 'close', sql = '', params: (string | null)[] = []): Promise<WireResult[]> {
    if (!this.alive) return Promise.reject(this.#crash ?? new Error('The database worker stopped'))
    const id = this.#next++
    this.#worker.ref()
    this.#worker.postMessage({ id, op, sql, params })
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }))
  }

  /** Stops the thread at once, even inside a query (pending calls reject). */
  async terminate(): Promise<void> {
    await this.#worker.terminate()
    await this.exited
  }

  async close(): Promise<void> {
    await this.request('close')
    await this.terminate()
  }
}

/**
 * One call at a time, in order. A call still waiting after waitMs, or whose signal aborts while it waits,
 * leaves the queue without running.
 */
class Turns {
  #busy = false
  readonly #waiting = new Set<() => void>()

  take<T>(fn: () => Promise<T>, { waitMs, signal }: { waitMs: number; signal?: AbortSignal }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', cancelled)
        this.#waiting.delete(start)
      }
      const start = () => {
        leave()
        this.#busy = true
        fn().then(resolve, reject).finally(() => {
          this.#busy = false
          this.#waiting.values().next().value?.()
        })
      }
      const cancelled = () => {
        leave()
        reject(queryCancelled())
      }
      if (!this.#busy) return start()
      this.#waiting.add(start)
      timer = setTimeout(() => {
        leave()
        reject(databaseBusy(waitMs))
      }, waitMs)
      signal?.addEventListener('abort', cancelled, { once: true })
    })
  }
}

/** The data directory is private: directories 0700, files 0600 (PGlite's initdb makes them 0666). */
async function makePrivate(path: string): Promise<void> {
  await chmod(path, 0o700)
  const entries = await readdir(path, { withFileTypes: true })
  await Promise.all(
    entries.map((entry) => {
      const child = join(path, entry.name)
      return entry.isDirectory() ? makePrivate(child) : entry.isFile() ? chmod(child, 0o600) : undefined
    }),
  )
}

export async function openPglite(dataDir: string, opts: DriverOptions = {}): Promise<Driver> {
  const { waitTimeoutMs } = driverDefaults(opts)
  const wait = { waitMs: waitTimeoutMs }
  const dir = join(dataDir, 'db')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  /** the worker in use, or the one being opened (after a cancel) */
  let current = PgliteWorker.open(dir)
  await current
  await makePrivate(dir)
  let closed = false

  /** The worker to run on: the current one, or a new one when it ended (a cancel, a crash). */
  async function connection(): Promise<PgliteWorker> {
    if (closed) throw new Error('The database is closed')
    const w = await current.catch(() => undefined)
    if (w?.alive) return w
    current = PgliteWorker.open(dir)
    return current
  }

  const turns = new Turns()
  const shapes = new TypeShapes()
  function on(w: PgliteWorker): Queryable {
    const convert = async (r: WireResult): Promise<QueryResult> => {
      const unknown = shapes.unknown(r.fields)
      if (unknown.length) {
        const [found] = await w.request('query', TYPE_SHAPES_SQL, [serializeParam(unknown.map(String))])
        shapes.learn(unknown, (found?.rows ?? []).map(([oid, elem, delim]) => ({ oid, elem, delim })))
      }
      return { rows: toRows(shapes, r.fields, r.rows), fields: r.fields, rowCount: r.rowCount, command: r.command }
    }
    return {
      query: async <R>(sql: string, params: readonly Param[] = []) => {
        const [result] = await w.request('query', sql, params.map(serializeParam))
        return (await convert(result!)) as QueryResult<R>
      },
      exec: async (sql) => {
        const out: QueryResult[] = []
        for (const r of await w.request('exec', sql)) out.push(await convert(r))
        return out
      },
    }
  }

  /** BEGIN … COMMIT on one worker, holding the queue; tx refuses calls once the transaction has ended. */
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
    turns.take(async () => {
      const w = await connection()
      const q = on(w)
      let open = true
      const ended = () => Promise.reject(new Error('This transaction has already ended'))
      const tx: Queryable = {
        query: (sql, params) => (open ? q.query(sql, params) : ended()),
        exec: (sql) => (open ? q.exec(sql) : ended()),
      }
      await w.request('exec', 'begin')
      try {
        const result = await fn(tx)
        await w.request('exec', 'commit')
        return result
      } catch (e) {
        await w.request('exec', 'rollback').catch(() => undefined)
        throw e
      } finally {
        open = false
      }
    }, wait)

  const reset = `rollback; reset all; reset role; reset session authorization; ${Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `set ${name} = '${value}';`)
    .join(' ')}`
  /** Aborting a running script ends its worker (even inside pg_sleep) and opens a new one for the next calls. */
  const script = (sql: string, options: ScriptOptions = {}) => {
    const { signal } = options
    return turns.take(async () => {
      const w = await connection()
      if (signal?.aborted) throw queryCancelled()
      let stopped: Promise<void> | undefined
      const stop = () => {
        stopped = w.terminate()
        // The next calls wait for the new worker; they are still in the queue, behind this script.
        current = stopped.then(() => PgliteWorker.open(dir))
        current.catch(() => undefined) // connection() tries again
      }
      signal?.addEventListener('abort', stop, { once: true })
      try {
        const q = on(w)
        try {
          await prepareScript(q, options)
          return await q.exec(sql)
        } finally {
          if (!stopped) await w.request('exec', reset)
        }
      } catch (e) {
        if (!stopped) throw e
        await stopped
        throw queryCancelled()
      } finally {
        signal?.removeEventListener('abort', stop)
      }
    }, { ...wait, signal })
  }

  const queued: Queryable = {
    query: (sql, params) => turns.take(async () => on(await connection()).query(sql, params), wait),
    exec: (sql) => turns.take(async () => on(await connection()).exec(sql), wait),
  }
  let closing: Promise<void> | undefined
  /** Closes PGlite after the calls queued before; one that holds the queue past the wait timeout is stopped. */
  const close = () =>
    (closing ??= (async () => {
      await turns
        .take(async () => {
          closed = true
          await (await current).close()
        }, wait)
        .catch(() => undefined)
      closed = true
      await (await current.catch(() => undefined))?.terminate()
    })())

  return {
    kind: 'pglite',
    ...queued,
    transaction,
    withRole: withRoleVia(transaction, queued),
    script,
    close,
  }
}
