/**
 * Foreign data under /platform/pg-meta/{ref}/foreign-data (issue 15, spec 7): the foreign data wrappers, their
 * servers (options without secrets), user mappings (never a password) and whether postgres_fdw can be used;
 * creating a postgres_fdw server (with a user mapping for the current user), importing a foreign schema into
 * a local one, and dropping a server. Foreign tables are pgMeta.foreignTables (GET /foreign-tables).
 */
import { z } from 'zod'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

/** The extension the wrappers page creates servers with. */
export const POSTGRES_FDW = 'postgres_fdw'

/** Option names whose values are never sent to the browser. */
export const SECRET_OPTIONS = ['password', 'passfile', 'sslpassword', 'sslkey', 'password_required'] as const

export interface ForeignDataWrapper {
  id: number
  name: string
  owner: string
  handler: string | null
  validator: string | null
  /** the extension that created it, or null */
  extension: string | null
  options: string[]
}

export interface ForeignServer {
  id: number
  name: string
  wrapper: string
  owner: string
  type: string | null
  version: string | null
  /** key=value, secrets left out */
  options: string[]
  foreign_table_count: number
}

export interface UserMapping {
  server: string
  /** the local role, or PUBLIC */
  user: string
  /** key=value, never a password */
  options: string[]
}

export interface ForeignData {
  wrappers: ForeignDataWrapper[]
  servers: ForeignServer[]
  user_mappings: UserMapping[]
  postgres_fdw: {
    /** in pg_available_extensions */
    available: boolean
    /** created in this database */
    installed: boolean
  }
}

const ident = (what: string) => z.string().trim().min(1, `Please provide ${what}`).max(63, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most 63 characters`)

export const ForeignServerCreateBody = z
  .object({
    name: ident('a name for the server'),
    host: z.string().trim().min(1, 'Please provide the host'),
    port: z.coerce.number().int().min(1).max(65535).default(5432),
    dbname: z.string().trim().min(1, 'Please provide the database name'),
    user: z.string().trim().min(1, 'Please provide the remote user'),
    password: z.string().optional(),
  })
  .strict()
export type ForeignServerCreateBody = z.input<typeof ForeignServerCreateBody>

export const ForeignSchemaImportBody = z
  .object({
    server: ident('the server'),
    remote_schema: ident('the remote schema'),
    /** created when missing */
    local_schema: ident('the local schema'),
    /** only these tables (LIMIT TO); all when missing */
    tables: z.array(z.string().trim().min(1)).optional(),
  })
  .strict()
export type ForeignSchemaImportBody = z.input<typeof ForeignSchemaImportBody>

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')])
export const ForeignServerDeleteQuery = z.object({ id: ident('the server'), cascade: flag.optional() })

export const pgMetaWrappers = {
  foreignData: endpoint({ method: 'GET', path: `${PG_META}/foreign-data`, response: type<ForeignData>() }),
  createForeignServer: endpoint({ method: 'POST', path: `${PG_META}/foreign-data/servers`, body: ForeignServerCreateBody, response: type<ForeignServer>() }),
  /** answers the foreign tables it created, as "schema.name" */
  importForeignSchema: endpoint({
    method: 'POST', path: `${PG_META}/foreign-data/import`, body: ForeignSchemaImportBody, response: type<{ tables: string[] }>(),
  }),
  /** answers the server as it was */
  deleteForeignServer: endpoint({ method: 'DELETE', path: `${PG_META}/foreign-data/servers`, query: ForeignServerDeleteQuery, response: type<ForeignServer>() }),
}
