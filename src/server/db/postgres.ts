/** A PostgreSQL server as the project database, through a node-postgres pool. */
import pg from 'pg'
import {
  SESSION_SETTINGS, prepareScript, serializeParam, withRoleVia, type Driver, type Param, type Queryable, type QueryResult,
  type ScriptOptions,
} from './driver'
import { TYPE_SHAPES_SQL, TypeShapes, toRows } from './values'

type Client = pg.Pool | pg.PoolClient

export function openPostgres(connectionString: string): Driver {
  const options = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value.replaceAll(' ', '\\ ')}`)
    .join(' ')
  const pool = new pg.Pool({
    connectionString,
    options,
    application_name: 'studio',
    // Take every value as the text Postgres prints; values.ts converts.
    types: { getTypeParser: () => (value: string) => value },
  })
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
    const client = await pool.connect()
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

  /** On its own connection; DISCARD ALL returns it to the connection's defaults (our -c options). */
  async function script(sql: string, options: ScriptOptions = {}): Promise<QueryResult[]> {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      await prepareScript(on(client), options)
      return await on(client).exec(sql)
    } finally {
      await client.query('rollback; discard all').catch((e: Error) => (broken = e))
      client.release(broken)
    }
  }

  const direct = on(pool)
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
