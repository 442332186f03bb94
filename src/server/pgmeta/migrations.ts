/**
 * The migration history of `supabase_migrations.schema_migrations`, as the Supabase CLI creates it
 * (version text primary key, name text, statements text[]). Older tables lack name or statements: the
 * columns present are read, the others answered empty. No table: `exists: false`.
 */
import type { MigrationsResponse } from '../../shared/contract/pg-meta-migrations'
import type { Queryable } from '../db/driver'

export const MIGRATIONS_SCHEMA = 'supabase_migrations'
export const MIGRATIONS_TABLE = 'schema_migrations'

const COLUMNS_SQL = `
select a.attname as name
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')`

/** The select over the columns the table has (no user text reaches it: the column names are fixed). */
export function migrationsSql(columns: ReadonlySet<string>): string {
  const name = columns.has('name') ? 'name::text' : 'null::text'
  const statements = columns.has('statements') ? `coalesce(statements::text[], '{}'::text[])` : `'{}'::text[]`
  return `select version::text as version, ${name} as name, ${statements} as statements
from ${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}
order by version desc`
}

export async function listMigrations(db: Queryable): Promise<MigrationsResponse> {
  const columns = new Set((await db.query<{ name: string }>(COLUMNS_SQL, [MIGRATIONS_SCHEMA, MIGRATIONS_TABLE])).rows.map((r) => r.name))
  if (!columns.has('version')) return { exists: false, migrations: [] }
  const { rows } = await db.query<{ version: string; name: string | null; statements: string[] | null }>(migrationsSql(columns))
  return { exists: true, migrations: rows.map((r) => ({ version: r.version, name: r.name, statements: r.statements ?? [] })) }
}
