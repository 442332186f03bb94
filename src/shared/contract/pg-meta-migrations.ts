/**
 * GET /platform/pg-meta/{ref}/migrations: the history the Supabase CLI keeps in
 * `supabase_migrations.schema_migrations` (version, name, statements), newest first. `exists` is false when
 * that schema or table is absent (the page then explains how migrations get there).
 */
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export interface Migration {
  /** the CLI writes a 14-digit timestamp (YYYYMMDDHHMMSS); any text is kept as it is */
  version: string
  /** null when the table has no name column (older CLIs) or the row has none */
  name: string | null
  /** each statement of the migration, in order; empty when the table has no statements column */
  statements: string[]
}

export interface MigrationsResponse {
  exists: boolean
  migrations: Migration[]
}

export const pgMetaMigrations = {
  migrations: endpoint({ method: 'GET', path: `${PG_META}/migrations`, response: type<MigrationsResponse>() }),
}
