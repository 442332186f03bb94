/**
 * The worker thread that holds one PGlite (see pglite.ts), so a slow query never blocks the server's own
 * thread. Plain ESM JavaScript: a .ts worker cannot be loaded under `node --import tsx` nor in vitest.
 *
 * workerData: { dir: string, settings: Record<string, string> } (the data directory, the session settings).
 * It posts { ready: true } once open (or { ready: false, error }), then answers every request
 * { id, op: 'query' | 'exec' | 'script' | 'copy' | 'close', sql, params, data, reset } with { id, results } (one
 * per statement, every value as the text Postgres prints; values.ts converts on the main thread) or { id, error }.
 * A 'copy' runs sql (a COPY … FROM '/dev/blob') with the bytes `data` as that blob. A 'script' execs sql, then,
 * whatever it did, `reset` (after a ROLLBACK when it left a transaction open), in one call from the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

/**
 * @typedef {{ name: string, dataTypeID: number }} Field
 * @typedef {{ rows: unknown[][], fields: Field[], rowCount: number, command: string }} Result
 * @typedef {{ id: number, op: 'query' | 'exec' | 'script' | 'copy' | 'close', sql?: string, params?: (string | null)[], data?: Uint8Array, reset?: string }} Request
 */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
const { dir, settings } = /** @type {{ dir: string, settings: Record<string, string> }} */ (workerData)

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
  pg = new PGlite(dir)
  await pg.waitReady
  // Take every value as the text Postgres prints; parameters arrive as text already.
  for (const oid of Object.keys(pg.parsers)) pg.parsers[oid] = (/** @type {string} */ text) => text
  for (const oid of Object.keys(pg.serializers)) pg.serializers[oid] = String
  for (const [name, value] of Object.entries(settings)) await pg.query('select set_config($1, $2, false)', [name, value])
  port.postMessage({ ready: true })
} catch (e) {
  port.postMessage({ ready: false, error: plain(e) })
}

/** Runs a script, then puts the session back with `reset` (and a ROLLBACK first only when one is needed). */
async function script(/** @type {string} */ sql, /** @type {string} */ reset) {
  try {
    return await pg.exec(sql, { rowMode: 'array' })
  } finally {
    await pg.exec(pg.isInTransaction() ? `rollback; ${reset}` : reset)
  }
}

port.on('message', async (/** @type {Request} */ { id, op, sql = '', params = [], data, reset = '' }) => {
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
    const results =
      op === 'query'
        ? [await pg.query(sql, params, { rowMode: 'array' })]
        : op === 'script'
          ? await script(sql, reset)
          : await pg.exec(sql, { rowMode: 'array' })
    port.postMessage({ id, results: results.map((r) => result(/** @type {any} */ (r))) })
  } catch (e) {
    port.postMessage({ id, error: plain(e) })
  }
})
