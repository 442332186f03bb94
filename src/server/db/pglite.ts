/**
 * The embedded project database: PGlite persisted at `${dataDir}/db`. PGlite has one connection, so
 * every call takes turns through one promise queue, and a transaction holds the queue until it ends.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite'
import {
  SESSION_SETTINGS, prepareScript, serializeParam, withRoleVia, type Driver, type Param, type Queryable, type QueryResult,
  type ScriptOptions,
} from './driver'
import { TYPE_SHAPES_SQL, TypeShapes, toRows } from './values'

/** PGlite itself, or one of its transactions. */
type Connection = Pick<Transaction, 'query' | 'exec'>

export async function openPglite(dataDir: string): Promise<Driver> {
  const dir = join(dataDir, 'db')
  await mkdir(dir, { recursive: true })
  const pg = new PGlite(dir)
  await pg.waitReady
  // Take every value as the text Postgres prints (values.ts converts); parameters arrive as text already.
  for (const oid of Object.keys(pg.parsers)) pg.parsers[oid] = (text: string) => text
  for (const oid of Object.keys(pg.serializers)) pg.serializers[oid] = String
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await pg.query('select set_config($1, $2, false)', [name, value])
  }

  const shapes = new TypeShapes()
  function on(connection: Connection): Queryable {
    const convert = async (r: Results<unknown[]>): Promise<QueryResult> => {
      const unknown = shapes.unknown(r.fields)
      if (unknown.length) {
        const found = await connection.query<unknown[]>(TYPE_SHAPES_SQL, [serializeParam(unknown.map(String))], { rowMode: 'array' })
        shapes.learn(unknown, found.rows.map(([oid, elem, delim]) => ({ oid, elem, delim })))
      }
      return { rows: toRows(shapes, r.fields, r.rows), fields: r.fields, rowCount: r.rowCount ?? r.rows.length, command: r.command ?? '' }
    }
    return {
      query: async <R>(sql: string, params: readonly Param[] = []) =>
        (await convert(await connection.query<unknown[]>(sql, params.map(serializeParam), { rowMode: 'array' }))) as QueryResult<R>,
      exec: async (sql) => {
        const out: QueryResult[] = []
        for (const r of await connection.exec(sql, { rowMode: 'array' })) out.push(await convert(r as Results<unknown[]>))
        return out
      },
    }
  }

  let queue: Promise<unknown> = Promise.resolve()
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn)
    queue = run.catch(() => undefined)
    return run
  }

  const direct = on(pg)
  /** PGlite's transaction rolls back when fn throws, and refuses calls on tx once it has ended. */
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) => exclusive(() => pg.transaction((tx) => fn(on(tx))))
  const settings = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `set ${name} = '${value}';`)
    .join(' ')
  const script = (sql: string, options: ScriptOptions = {}) =>
    exclusive(async () => {
      try {
        await prepareScript(direct, options)
        return await direct.exec(sql)
      } finally {
        await pg.exec(`rollback; reset all; reset role; reset session authorization; ${settings}`)
      }
    })
  const queued: Queryable = {
    query: (sql, params) => exclusive(() => direct.query(sql, params)),
    exec: (sql) => exclusive(() => direct.exec(sql)),
  }
  return {
    kind: 'pglite',
    ...queued,
    transaction,
    withRole: withRoleVia(transaction, queued),
    script,
    close: () => exclusive(() => pg.close()),
  }
}
