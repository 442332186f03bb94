/**
 * The worker thread that holds one PGlite (see pglite.ts), so a slow query never blocks the server's own
 * thread. Plain ESM JavaScript: a .ts worker cannot be loaded under `node --import tsx` nor in vitest.
 *
 * workerData: { dir: string, settings: Record<string, string>, slots: SharedArrayBuffer } (the data directory, the
 * session settings, given as start options so that RESET ALL comes back to them; the calls' start flags, see
 * pglite-thread.ts). It posts { ready: true } once open (or { ready: false, error }), then runs every request
 * { id, slot, op: 'query' | 'exec' | 'script' | 'copy' | 'close', sql, params, data, reset }, one at a time in the
 * order they came, unless its slot says it was skipped, and answers { id, results } (one
 * per statement, every value as the text Postgres prints; values.ts converts on the main thread) or { id, error }.
 * A 'batch' runs `statements` ({ sql, params }) between BEGIN and COMMIT (ROLLBACK when sql is 'rollback'),
 * stopping at the first that fails (its error is the answer; the transaction is rolled back).
 * A 'copy' runs sql (a COPY … FROM '/dev/blob') with the bytes `data` as that blob. A 'script' execs sql, answers,
 * then, whatever it did, runs `reset` (after a ROLLBACK when it left a transaction open) before the next request.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from './pglite-extensions.mjs'

/**
 * @typedef {{ name: string, dataTypeID: number }} Field
 * @typedef {{ rows: unknown[][], fields: Field[], rowCount: number, command: string }} Result
 * @typedef {{ id: number, slot: number, op: 'query' | 'exec' | 'script' | 'copy' | 'batch' | 'close', sql?: string, params?: (string | null)[], data?: Uint8Array, reset?: string, statements?: { sql: string, params: (string | null)[] }[] }} Request
 */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
const { dir, settings, slots: shared } = /** @type {{ dir: string, settings: Record<string, string>, slots: SharedArrayBuffer }} */ (workerData)
const slots = new Int32Array(shared)
const STARTED = -1

/** @param {import('@electric-sql/pglite').Results<unknown[]>} r @returns {Result} */
const result = (r) => ({
  rows: r.rows,
  fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  rowCount: r.rowCount ?? r.rows.length,
  command: r.command ?? '',
})

/** An error as plain data (message, code, severity, position, detail, hint…): only text and numbers cross. */
function plain(/** @type {unknown} */ e) {
  const error = e instanceof Error ? e : new Error(String(e))
  /** @type {Record<string, string | number>} */
  const out = { message: error.message }
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value
  }
  return out
}

/** @type {PGlite} */
let pg
try {
  const options = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])
  // the extensions PGlite ships, so `create extension` works as on a server (pglite-extensions.mjs)
  const extensions = await pgliteExtensions()
  pg = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...options], extensions })
  await pg.waitReady
  // Take every value as the text Postgres prints; parameters arrive as text already.
  for (const oid of Object.keys(pg.parsers)) pg.parsers[oid] = (/** @type {string} */ text) => text
  for (const oid of Object.keys(pg.serializers)) pg.serializers[oid] = String
  port.postMessage({ ready: true })
} catch (e) {
  port.postMessage({ ready: false, error: plain(e) })
}

/**
 * Runs a script and answers it, then puts the session back with `reset` (and a ROLLBACK first only when one is
 * needed) before the next request: the answer does not wait for the reset. A session that cannot be put back
 * is not used again: the worker ends, and the next call opens a new one (pglite.ts).
 */
async function script(/** @type {number} */ id, /** @type {string} */ sql, /** @type {string} */ reset) {
  try {
    const results = await pg.exec(sql, { rowMode: 'array' })
    port.postMessage({ id, results: results.map((r) => result(/** @type {any} */ (r))) })
  } catch (e) {
    port.postMessage({ id, error: plain(e) })
  }
  try {
    await pg.exec(pg.isInTransaction() ? `rollback; ${reset}` : reset)
  } catch (e) {
    console.error('studio: the database session could not be reset, its worker ends:', plain(e).message)
    process.exit(1)
  }
}

/** BEGIN, the statements, COMMIT or ROLLBACK: one request, so nothing else runs inside the transaction. */
async function batch(/** @type {number} */ id, /** @type {{ sql: string, params: (string | null)[] }[]} */ statements, /** @type {boolean} */ rollback) {
  /** @type {Result[]} */
  const out = []
  try {
    await pg.exec('begin')
    for (const s of statements) out.push(result(/** @type {any} */ (await pg.query(s.sql, s.params, { rowMode: 'array' }))))
    await pg.exec(rollback ? 'rollback' : 'commit')
    port.postMessage({ id, results: out })
  } catch (e) {
    port.postMessage({ id, error: plain(e) })
    try {
      if (pg.isInTransaction()) await pg.exec('rollback')
    } catch (e2) {
      console.error('studio: the database session could not be reset, its worker ends:', plain(e2).message)
      process.exit(1)
    }
  }
}

/** One request, unless it was skipped (its deadline passed before its turn). */
async function run(/** @type {Request} */ { id, slot, op, sql = '', params = [], data, reset = '', statements }) {
  if (Atomics.compareExchange(slots, slot, id, STARTED) !== id) return
  try {
    if (op === 'close') {
      await pg.close()
      port.postMessage({ id, results: [] })
      return
    }
    if (op === 'copy') {
      const copied = await pg.query(sql, [], { blob: new Blob([/** @type {Uint8Array} */ (data)]) })
      port.postMessage({ id, results: [{ ...result(/** @type {any} */ (copied)), rowCount: copied.affectedRows ?? 0 }] })
      return
    }
    if (op === 'script') return await script(id, sql, reset)
    if (op === 'batch') return await batch(id, statements ?? [], sql === 'rollback')
    const results = op === 'query' ? [await pg.query(sql, params, { rowMode: 'array' })] : await pg.exec(sql, { rowMode: 'array' })
    port.postMessage({ id, results: results.map((r) => result(/** @type {any} */ (r))) })
  } catch (e) {
    port.postMessage({ id, error: plain(e) })
  }
}

// One at a time, in order: a script and the reset behind it are never split by another request.
let turn = Promise.resolve()
port.on('message', (/** @type {Request} */ request) => {
  turn = turn.then(() => run(request))
})
