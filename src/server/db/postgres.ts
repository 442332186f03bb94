/**
 * A PostgreSQL server as the project database, through a node-postgres pool. Sessions start with the
 * shared settings plus statement_timeout and idle_in_transaction_session_timeout; a call that waits too
 * long for a connection fails with 503. SQL-editor scripts run without a statement timeout (they can be
 * cancelled) and put their session back with DISCARD ALL, so the pool reuses it.
 */
import pg from 'pg'
import { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS } from '../../shared/constants'
import {
  SESSION_SETTINGS, databaseBusy, driverDefaults, prepareScript, queryCancelled, serializeParam, withRoleVia, type Driver, type DriverOptions,
  type Param, type Queryable, type QueryResult, type ScriptOptions,
} from './driver'
import { TYPE_SHAPES_SQL, TypeShapes, toRows } from './values'

type Client = pg.Pool | pg.PoolClient

/** pg-pool's errors for "no connection within connectionTimeoutMillis" (queued, or a new one too slow). */
const ACQUIRE_TIMEOUTS = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']

export function openPostgres(connectionString: string, opts: DriverOptions = {}): Driver {
  const { waitTimeoutMs, statementTimeoutMs } = driverDefaults(opts)
  const settings = {
    ...SESSION_SETTINGS,
    statement_timeout: String(statementTimeoutMs),
    idle_in_transaction_session_timeout: String(DB_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  }
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replaceAll(' ', '\\ ')}`)
    .join(' ')
  const pool = new pg.Pool({
    connectionString,
    options,
    application_name: 'studio',
    connectionTimeoutMillis: waitTimeoutMs,
    // Take every value as the text Postgres prints; values.ts converts.
    types: { getTypeParser: () => (value: string) => value },
  })
  /** pg's acquire timeout as the same 503 PGlite's queue gives; any other error as it is. */
  const busy = (e: unknown): never => {
    throw e instanceof Error && ACQUIRE_TIMEOUTS.includes(e.message) ? databaseBusy(waitTimeoutMs) : e
  }
  const connect = () => pool.connect().catch(busy)
  pool.on('error', (e) => console.error('studio: idle database connection failed:', e.message))

  const shapes = new TypeShapes()
  const convert = async (client: Client, r: pg.QueryResult<unknown[]>): Promise<QueryResult> => {
    const unknown = shapes.unknown(r.fields)
    if (unknown.length) {
      const found = await client.query(TYPE_SHAPES_SQL, [serializeParam(unknown.map(String))])
      shapes.learn(unknown, found.rows)
    }
    return {
      rows: toRows(shapes, r.fields, r.rows),
      fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      rowCount: r.rowCount ?? r.rows.length,
      command: r.command,
    }
  }
  const on = (client: Client): Queryable => ({
    query: async <R>(sql: string, params: readonly Param[] = []) => {
      // Always the extended protocol (pg's typings omit queryMode), as PGlite's query: one statement, never several.
      const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
        text: sql, values: params.map(serializeParam), rowMode: 'array', queryMode: 'extended',
      }
      return (await convert(client, await client.query(config))) as QueryResult<R>
    },
    exec: async (sql) => {
      const result = (await client.query({ text: sql, rowMode: 'array' })) as unknown
      const results = (Array.isArray(result) ? result : [result]) as pg.QueryResult<unknown[]>[]
      const out: QueryResult[] = []
      for (const r of results) out.push(await convert(client, r))
      return out
    },
  })

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await connect()
    let broken: Error | undefined
    try {
      await client.query('begin')
      const result = await fn(on(client))
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
   * On its own connection, without a statement timeout (the editor cancels instead): aborting the signal
   * runs pg_cancel_backend on that connection. Then ROLLBACK and DISCARD ALL as two queries (in one query
   * string they share an implicit transaction, where DISCARD ALL fails), which puts back the -c options.
   */
  async function script(sql: string, options: ScriptOptions = {}): Promise<QueryResult[]> {
    const { signal } = options
    /** Between steps: a cancel that reached an idle session stopped nothing, so stop here. */
    const check = () => {
      if (signal?.aborted) throw queryCancelled()
    }
    check()
    const client = await connect()
    let broken: Error | undefined
    let cancelling: Promise<unknown> | undefined
    const cancel = () => {
      // the backend pid node-postgres learnt at connect (BackendKeyData)
      const pid = (client as pg.PoolClient & { processID: number }).processID
      cancelling = pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined)
    }
    try {
      check()
      signal?.addEventListener('abort', cancel, { once: true })
      await client.query('set statement_timeout = 0')
      await prepareScript(on(client), options)
      check()
      return await on(client).exec(sql)
    } finally {
      signal?.removeEventListener('abort', cancel)
      await cancelling // so that a late cancel cannot hit the reset below
      await client.query('rollback').catch((e: Error) => (broken = e))
      if (!broken) await client.query('discard all').catch((e: Error) => (broken = e))
      client.release(broken)
    }
  }

  const pooled = on(pool)
  const direct: Queryable = {
    query: <R>(sql: string, params?: readonly Param[]) => pooled.query<R>(sql, params).catch(busy),
    exec: (sql) => pooled.exec(sql).catch(busy),
  }
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    transaction,
    withRole: withRoleVia(transaction, direct),
    script,
    close: () => pool.end(),
  }
}
