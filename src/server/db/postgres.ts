/**
 * A PostgreSQL server as the project database, through two node-postgres pools on the same database:
 * - the driver's own calls: sessions start with the shared settings plus statement_timeout and
 *   idle_in_transaction_session_timeout; a call that waits too long for a connection fails with 503;
 * - SQL-editor scripts: sessions start without a statement timeout (a run is cancelled instead) and are
 *   pipelined, so a script and the DISCARD ALL that puts its session back go out together: one round trip
 *   per run, and the pool reuses the session.
 */
import pg from 'pg'
import { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS } from '../../shared/constants'
import {
  SESSION_SETTINGS, databaseBusy, driverDefaults, prepareScript, queryCancelled, serializeParam, withRoleVia, type CopyQueryable, type Driver,
  type DriverOptions, type Param, type Queryable, type QueryResult, type ScriptOptions, type Statement,
} from './driver'
import { copyFromStdin } from './pg-copy'
import { TYPE_SHAPES_SQL, TypeShapes, toRows } from './values'

type Client = pg.Pool | pg.PoolClient

/** pg-pool's errors for "no connection within connectionTimeoutMillis" (queued, or a new one too slow). */
const ACQUIRE_TIMEOUTS = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']

/**
 * A script that may start COPY … FROM STDIN: the server would read the DISCARD ALL sent behind it as the
 * copy's data, so such a script is reset only once it has ended. (STDIN is a keyword and cannot be quoted:
 * a COPY from the client always spells it.)
 */
const MAY_COPY_IN = /stdin/i
/** How often a cancel is sent again while the cancelled script has not stopped. */
const CANCEL_REPEAT_MS = 50

/** The -c startup options of a pool's sessions. */
function startupOptions(statementTimeoutMs: number): string {
  const settings = {
    ...SESSION_SETTINGS,
    statement_timeout: String(statementTimeoutMs),
    idle_in_transaction_session_timeout: String(DB_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  }
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replaceAll(' ', '\\ ')}`)
    .join(' ')
}

export function openPostgres(connectionString: string, opts: DriverOptions = {}): Driver {
  const { waitTimeoutMs, statementTimeoutMs } = driverDefaults(opts)
  const common: pg.PoolConfig = {
    connectionString,
    application_name: 'studio',
    connectionTimeoutMillis: waitTimeoutMs,
    // Take every value as the text Postgres prints; values.ts converts.
    types: { getTypeParser: () => (value: string) => value },
  }
  const pool = new pg.Pool({ ...common, options: startupOptions(statementTimeoutMs) })
  const scripts = new pg.Pool({ ...common, options: startupOptions(0), pipeline: true })
  /** batch(): pipelined sessions with the driver's settings (no COPY or cursors there: pipelining refuses them) */
  const batches = new pg.Pool({ ...common, options: startupOptions(statementTimeoutMs), pipeline: true })
  /** pg's acquire timeout as the same 503 PGlite's queue gives; any other error as it is. */
  const busy = (e: unknown): never => {
    throw e instanceof Error && ACQUIRE_TIMEOUTS.includes(e.message) ? databaseBusy(waitTimeoutMs) : e
  }
  for (const p of [pool, scripts, batches]) p.on('error', (e) => console.error('studio: idle database connection failed:', e.message))

  const shapes = new TypeShapes()
  /** Learns the shapes (array or not) of the types among these results' fields that are new to it. */
  async function learnShapes(client: Client, results: readonly pg.QueryResult<unknown[]>[]): Promise<void> {
    const unknown = shapes.unknown(results.flatMap((r) => r.fields))
    if (!unknown.length) return
    const found = await client.query(TYPE_SHAPES_SQL, [serializeParam(unknown.map(String))])
    shapes.learn(unknown, found.rows)
  }
  const convert = (r: pg.QueryResult<unknown[]>): QueryResult => ({
    rows: toRows(shapes, r.fields, r.rows),
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: r.rowCount ?? r.rows.length,
    command: r.command,
  })

  /** One statement, always over the extended protocol (pg's typings omit queryMode), as PGlite's query. */
  async function queryOn<R>(client: Client, sql: string, params: readonly Param[] = []): Promise<QueryResult<R>> {
    const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
      text: sql, values: params.map(serializeParam), rowMode: 'array', queryMode: 'extended',
    }
    const result = await client.query(config)
    await learnShapes(client, [result])
    return convert(result) as QueryResult<R>
  }
  /**
   * Several statements (no parameters) over the simple protocol: one result per statement. New types among
   * the results are looked up on `catalog`.
   */
  async function execOn(client: Client, sql: string, catalog: Client = client): Promise<QueryResult[]> {
    const result = (await client.query({ text: sql, rowMode: 'array' })) as unknown
    const results = (Array.isArray(result) ? result : [result]) as pg.QueryResult<unknown[]>[]
    await learnShapes(catalog, results)
    return results.map(convert)
  }
  const on = (client: Client): Queryable => ({
    query: (sql, params) => queryOn(client, sql, params),
    exec: (sql) => execOn(client, sql),
  })

  /** A transaction's session: its queries, and COPY … FROM STDIN (see pg-copy.ts). */
  const copying = (client: pg.PoolClient): CopyQueryable => ({
    ...on(client),
    copyFrom: (into, options, data) => copyFromStdin(client, `copy ${into} from stdin with (${options})`, data),
  })

  async function transaction<T>(fn: (tx: CopyQueryable) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch(busy)
    let broken: Error | undefined
    try {
      await client.query('begin')
      const result = await fn(copying(client))
      await client.query('commit')
      return result
    } catch (e) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
      throw e
    } finally {
      client.release(broken)
    }
  }

  /**
   * Puts a script's session back as a new one: DISCARD ALL (which also restores the startup options), after
   * ROLLBACK when the script left a transaction open. `discarded` is the outcome of a DISCARD ALL already
   * sent behind the script, if any: it failed when the script left a transaction (which it then aborted),
   * or when a late cancel hit it.
   */
  async function reset(client: pg.PoolClient, discarded?: Promise<Error | undefined>): Promise<void> {
    if (discarded && !(await discarded)) return
    if (client.getTransactionStatus() !== 'I') await client.query('rollback')
    await client.query('discard all')
  }

  /**
   * On a session of its own, without a statement timeout (the editor cancels instead): aborting the signal
   * runs pg_cancel_backend on that session. DISCARD ALL follows the script on the wire (see reset).
   */
  async function script(sql: string, options: ScriptOptions = {}): Promise<QueryResult[]> {
    const { signal } = options
    /** Between steps: a cancel that reached an idle session stopped nothing, so stop here. */
    const check = () => {
      if (signal?.aborted) throw queryCancelled()
    }
    check()
    const client = await scripts.connect().catch(busy)
    let cancelling: Promise<unknown> | undefined
    let repeat: NodeJS.Timeout | undefined
    let discarded: Promise<Error | undefined> | undefined
    // A cancel that reaches the session while its statement is still on the way (or between the impersonation
    // and the script) is dropped by the server, so it is sent again until the script has ended.
    const cancelOnce = () => {
      // the backend pid node-postgres learnt at connect (BackendKeyData)
      const pid = (client as pg.PoolClient & { processID: number }).processID
      cancelling = Promise.all([cancelling, pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined)])
    }
    const cancel = () => {
      cancelOnce()
      repeat = setInterval(cancelOnce, CANCEL_REPEAT_MS)
    }
    try {
      check()
      signal?.addEventListener('abort', cancel, { once: true })
      if (options.impersonate) await prepareScript(on(client), options)
      check()
      // The script and the DISCARD ALL behind it leave in one write: the server runs the reset right after
      // the script, whatever the script did.
      const { stream } = client.connection
      stream.cork()
      let results: Promise<QueryResult[]>
      try {
        // By the time its results are read its session is reset (or in a failed transaction it left):
        // new types are looked up on another session (a type made in a transaction the script left open,
        // rolled back at once, is not found there: its values stay text).
        results = execOn(client, sql, pool)
        if (!MAY_COPY_IN.test(sql)) discarded = client.query('discard all').then(() => undefined, (e: Error) => e)
      } finally {
        stream.uncork()
      }
      return await results
    } finally {
      signal?.removeEventListener('abort', cancel)
      clearInterval(repeat)
      // Back to the pool once reset, else ended; the caller has its answer meanwhile (the DISCARD ALL sent
      // with the script may still be running). After any cancel sent, so that a late one cannot hit the reset.
      void (async () => {
        await cancelling
        client.release(await reset(client, discarded).then(() => undefined, (e: Error) => e))
      })()
    }
  }

  /**
   * BEGIN, the statements and COMMIT (or ROLLBACK) leave in one write and come back in one read. After a
   * failed statement the ones behind it fail as the transaction is aborted, and COMMIT rolls back: the first
   * error is the one to report. A session whose transaction did not end is not reused.
   */
  async function batch(statements: readonly Statement[], { rollback = false } = {}): Promise<QueryResult[]> {
    const client = await batches.connect().catch(busy)
    let broken: Error | undefined
    try {
      const { stream } = client.connection
      stream.cork()
      const sent: Promise<pg.QueryResult<unknown[]>>[] = []
      try {
        sent.push(client.query('begin') as Promise<pg.QueryResult<unknown[]>>)
        for (const s of statements) {
          const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
            text: s.sql, values: (s.params ?? []).map(serializeParam), rowMode: 'array', queryMode: 'extended',
          }
          sent.push(client.query(config))
        }
        sent.push(client.query(rollback ? 'rollback' : 'commit') as Promise<pg.QueryResult<unknown[]>>)
      } finally {
        stream.uncork()
      }
      const settled = await Promise.allSettled(sent)
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (settled.at(-1)!.status === 'rejected' || client.getTransactionStatus() !== 'I') {
        broken = new Error('a batch left its session in a transaction')
      }
      if (failed) throw failed.reason
      const results = settled.slice(1, -1).map((r) => (r as PromiseFulfilledResult<pg.QueryResult<unknown[]>>).value)
      await learnShapes(pool, results)
      return results.map(convert)
    } finally {
      client.release(broken)
    }
  }

  const direct: Queryable = {
    query: <R>(sql: string, params?: readonly Param[]) => queryOn<R>(pool, sql, params).catch(busy),
    exec: (sql) => execOn(pool, sql).catch(busy),
  }
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    transaction,
    copyTransaction: transaction,
    withRole: withRoleVia(transaction, direct),
    script,
    batch,
    close: async () => {
      await Promise.all([pool.end(), scripts.end(), batches.end()])
    },
  }
}
