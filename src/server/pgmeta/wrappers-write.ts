/**
 * A postgres_fdw server with a user mapping for the current user, IMPORT FOREIGN SCHEMA into a local schema
 * (created when missing), DROP SERVER: each inside the caller's transaction. Without postgres_fdw the answer
 * says which extension is missing.
 */
import type { z } from 'zod'
import type { ForeignSchemaImportBody, ForeignServer, ForeignServerCreateBody } from '../../shared/contract/pg-meta-wrappers'
import { POSTGRES_FDW } from '../../shared/contract/pg-meta-wrappers'
import { isProtectedSchema } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteLiteral } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { findForeignServer, postgresFdw } from './wrappers'

type Create = z.output<typeof ForeignServerCreateBody>
type Import = z.output<typeof ForeignSchemaImportBody>

/** postgres_fdw must be installed: a 400 saying which, whether the database lacks it or it is not enabled. */
async function needPostgresFdw(tx: Queryable): Promise<void> {
  const fdw = await postgresFdw(tx)
  if (!fdw.available) throw badRequest(MSG.fdwNotAvailable)
  if (!fdw.installed) throw badRequest(MSG.fdwNotInstalled)
}

const options = (pairs: [string, string | undefined][]) =>
  pairs.filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '').map(([k, v]) => `${quoteIdent(k)} ${quoteLiteral(v)}`).join(', ')

export async function createForeignServer(tx: Queryable, body: Create): Promise<void> {
  await needPostgresFdw(tx)
  const server = quoteIdent(body.name)
  await tx.query(
    `create server ${server} foreign data wrapper ${quoteIdent(POSTGRES_FDW)} options (${options([['host', body.host], ['port', String(body.port)], ['dbname', body.dbname]])})`,
  )
  await tx.query(`create user mapping for current_user server ${server} options (${options([['user', body.user], ['password', body.password]])})`)
}

export async function serverToChange(tx: Queryable, name: string): Promise<ForeignServer> {
  const s = await findForeignServer(tx, name)
  if (!s) throw notFound(MSG.foreignServerNotFound(name))
  return s
}

const FOREIGN_TABLES_SQL = `
select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'f' and n.nspname = $1 order by c.relname`

/** The foreign tables the import created, as "schema.name". */
export async function importForeignSchema(tx: Queryable, body: Import): Promise<string[]> {
  await needPostgresFdw(tx)
  await serverToChange(tx, body.server)
  if (isProtectedSchema(body.local_schema)) throw badRequest(MSG.foreignSchemaProtected(body.local_schema))
  const before = new Set((await tx.query<{ name: string }>(FOREIGN_TABLES_SQL, [body.local_schema])).rows.map((r) => r.name))
  await tx.query(`create schema if not exists ${quoteIdent(body.local_schema)}`)
  const limit = body.tables?.length ? ` limit to (${body.tables.map(quoteIdent).join(', ')})` : ''
  await tx.query(
    `import foreign schema ${quoteIdent(body.remote_schema)}${limit} from server ${quoteIdent(body.server)} into ${quoteIdent(body.local_schema)}`,
  )
  return (await tx.query<{ name: string }>(FOREIGN_TABLES_SQL, [body.local_schema])).rows.map((r) => r.name).filter((n) => !before.has(n))
}

export async function dropForeignServer(tx: Queryable, server: ForeignServer, cascade: boolean): Promise<void> {
  await tx.query(`drop server ${quoteIdent(server.name)}${cascade ? ' cascade' : ''}`)
}
