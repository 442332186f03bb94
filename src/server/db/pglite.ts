/**
 * The embedded project database: PGlite persisted at `${dataDir}/db`, run in a worker thread
 * (pglite-worker.mjs, pglite-thread.ts) so a slow query never blocks the server's own thread. PGlite has one
 * connection, so every call takes turns through one queue (turns.ts): a call that waits too long fails with
 * 503, and a transaction or a script holds the queue until it ends. Cancelling a running script ends the
 * worker and opens a new one on the same directory (PGlite recovers as after a crash; committed rows stay).
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { makePrivate } from '../security/data-dir'
import {
  databaseBusy, driverDefaults, prepareScript, queryCancelled, serializeParam, withRoleVia,
  type CopyQueryable, type Driver, type DriverOptions, type Param, type Queryable, type QueryResult, type ScriptOptions, type Statement,
} from './driver'
import { PgliteWorker, type Deadline, type WireResult } from './pglite-thread'
import { Turns } from './turns'
import { TYPE_SHAPES_SQL, TypeShapes, toRows } from './values'

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
  /**
   * What puts the session back after a script (the worker sends a ROLLBACK first when one is needed): the
   * session settings are the worker's start options, which RESET ALL comes back to.
   */
  const reset = 'reset all; reset role; reset session authorization'
  /** A shared call's deadline: not started in the worker by then, it fails as a call that waited too long. */
  const deadlineAt = (at: number): Deadline => ({ at, error: () => databaseBusy(waitTimeoutMs) })

  /** Calls on worker w; with a deadline, each must start by then (shared calls, see Turns). */
  function on(w: PgliteWorker, deadline?: Deadline): Queryable & { script(sql: string): Promise<QueryResult[]>; convert(r: WireResult): Promise<QueryResult> } {
    const convert = async (r: WireResult): Promise<QueryResult> => {
      const unknown = shapes.unknown(r.fields)
      if (unknown.length) {
        const [found] = await w.request('query', TYPE_SHAPES_SQL, [serializeParam(unknown.map(String))])
        shapes.learn(unknown, (found?.rows ?? []).map(([oid, elem, delim]) => ({ oid, elem, delim })))
      }
      return { rows: toRows(shapes, r.fields, r.rows), fields: r.fields, rowCount: r.rowCount, command: r.command }
    }
    return {
      convert,
      query: async <R>(sql: string, params: readonly Param[] = []) => {
        const [result] = await w.request('query', sql, params.map(serializeParam), { deadline })
        return (await convert(result!)) as QueryResult<R>
      },
      exec: async (sql) => {
        const out: QueryResult[] = []
        for (const r of await w.request('exec', sql, [], { deadline })) out.push(await convert(r))
        return out
      },
      /** sql, then the session reset, in one call to the worker */
      script: async (sql: string) => {
        const out: QueryResult[] = []
        for (const r of await w.request('script', sql, [], { reset, deadline })) out.push(await convert(r))
        return out
      },
    }
  }

  /** COPY … FROM '/dev/blob' on the worker, the data gathered into one blob. */
  async function copyFrom(w: PgliteWorker, into: string, options: string, data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    const chunks: Uint8Array[] = []
    for await (const chunk of data) chunks.push(chunk)
    const [result] = await w.request('copy', `copy ${into} from '/dev/blob' with (${options})`, [], { data: Buffer.concat(chunks) })
    return result?.rowCount ?? 0
  }

  /** BEGIN … COMMIT on one worker, holding the queue; tx refuses calls once the transaction has ended. */
  const transaction = <T>(fn: (tx: CopyQueryable) => Promise<T>) =>
    turns.take(async () => {
      const w = await connection()
      const q = on(w)
      let open = true
      const ended = () => Promise.reject(new Error('This transaction has already ended'))
      const tx: CopyQueryable = {
        query: (sql, params) => (open ? q.query(sql, params) : ended()),
        exec: (sql) => (open ? q.exec(sql) : ended()),
        copyFrom: (into, options, data) => (open ? copyFrom(w, into, options, data) : ended()),
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

  /**
   * A script that cannot be cancelled and acts as the server's own role shares the worker with the calls
   * around it (the worker runs it and its reset as one request). Aborting a cancellable script ends its
   * worker (even inside pg_sleep) and opens a new one for the next calls: such a script runs alone.
   */
  const script = (sql: string, options: ScriptOptions = {}) => {
    const { signal } = options
    if (!signal && !options.impersonate) return turns.share(async (at) => on(await connection(), deadlineAt(at)).script(sql), wait)
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
        } catch (e) {
          if (!stopped) await w.request('script', 'select', [], { reset })
          throw e
        }
        return await q.script(sql)
      } catch (e) {
        if (!stopped) throw e
        // Holds the queue until the new worker is open: the calls behind wait for a database, not for a reopen
        // that their wait timeout would count as 'another query is still running'.
        await stopped
        await current.catch(() => undefined)
        throw queryCancelled()
      } finally {
        signal?.removeEventListener('abort', stop)
      }
    }, { ...wait, signal })
  }

  /** One call to the worker, which runs the whole transaction before any other request: so it shares the queue. */
  const batch = (statements: readonly Statement[], { rollback = false } = {}) =>
    turns.share(async (at) => {
      const w = await connection()
      const wire = statements.map((s) => ({ sql: s.sql, params: (s.params ?? []).map(serializeParam) }))
      const results = await w.request('batch', rollback ? 'rollback' : 'commit', [], { statements: wire, deadline: deadlineAt(at) })
      const q = on(w)
      return Promise.all(results.map((r) => q.convert(r)))
    }, wait)

  const queued: Queryable = {
    query: (sql, params) => turns.share(async (at) => on(await connection(), deadlineAt(at)).query(sql, params), wait),
    exec: (sql) => turns.share(async (at) => on(await connection(), deadlineAt(at)).exec(sql), wait),
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
    copyTransaction: transaction,
    withRole: withRoleVia(transaction, queued),
    script,
    batch,
    close,
  }
}
