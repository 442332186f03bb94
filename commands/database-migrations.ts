/**
 * Database migrations (spec 2, Database → Migrations): the history the Supabase CLI keeps in
 * supabase_migrations.schema_migrations, read-only. Pick a migration, step through the history, copy its
 * SQL or open it as a new query in the SQL editor. Lives on /project/{ref}/database/migrations; the bodies
 * are in database-migrations.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import {
  formatVersion, migrationsKey, migrationsQuery, type Migration, type MigrationsResponse,
} from '../src/web/model/database/migrations/migrations-data'
import { migrationsState } from '../src/web/model/database/migrations/migrations-state'

const load = () => import('./database-migrations.run')

const AREA = 'database'

const onMigrationsPage = (ctx: CommandContext) => ctx.route.matches('database.migrations')

/** The history, read again from the database when `fresh`. */
export function migrations(ctx: CommandContext, fresh = false): Promise<MigrationsResponse> {
  const query = migrationsQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

/** Enabled while the history shown has a migration (and one to move to, for next/previous). */
function hasMigrations(ctx: CommandContext, step?: 1 | -1): true | string {
  const data = ctx.queryClient.getQueryData<MigrationsResponse>(migrationsKey(ctx.ref))
  if (!data) return 'Loading the migrations…'
  if (data.migrations.length === 0) return 'There are no migrations in this database'
  if (step === undefined) return true
  const i = Math.max(0, data.migrations.findIndex((m) => m.version === migrationsState.selected))
  const next = i + step
  if (next < 0) return 'This is the newest migration'
  if (next >= data.migrations.length) return 'This is the oldest migration'
  return true
}

export const migrationLabel = (m: Migration) => `${formatVersion(m.version)}${m.name ? ` ${m.name}` : ''}`

async function migrationOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const { migrations: list } = await migrations(ctx)
  const selected = migrationsState.selected ?? list[0]?.version
  const options = list.map((m) => ({
    value: m.version,
    label: migrationLabel(m),
    hint: `${m.statements.length} ${m.statements.length === 1 ? 'statement' : 'statements'}`,
  }))
  return [...options.filter((o) => o.value === selected), ...options.filter((o) => o.value !== selected)]
}

const version = z.string().min(1, 'Pick a migration')
export const MigrationArgs = z.object({ version })
/** Copy, open in the SQL editor: the migration given, else the one selected (the newest when none is). */
export const OptionalMigrationArgs = z.object({ version: version.optional() })
const pickMigration = { argOptions: { version: migrationOptions }, argLabels: { version: 'Migration' } }

export const refreshMigrationsList = defineCommand({
  id: 'database.migrations.refresh',
  title: 'Refresh migrations',
  area: AREA,
  keywords: ['reload', 'retry', 'history'],
  when: onMigrationsPage,
  run: lazyRun(load, 'refreshMigrationsList'),
})

export const openMigration = defineCommand({
  id: 'database.migration.open',
  title: 'Open migration',
  area: AREA,
  keywords: ['select migration', 'version', 'history', 'go to'],
  args: MigrationArgs,
  ...pickMigration,
  when: onMigrationsPage,
  enabled: (ctx) => hasMigrations(ctx),
  run: lazyRun(load, 'openMigration'),
})

export const nextMigration = defineCommand({
  id: 'database.migration.next',
  title: 'Next migration (older)',
  area: AREA,
  keywords: ['down', 'older', 'history'],
  when: onMigrationsPage,
  enabled: (ctx) => hasMigrations(ctx, 1),
  run: lazyRun(load, 'nextMigration'),
})

export const previousMigration = defineCommand({
  id: 'database.migration.previous',
  title: 'Previous migration (newer)',
  area: AREA,
  keywords: ['up', 'newer', 'history'],
  when: onMigrationsPage,
  enabled: (ctx) => hasMigrations(ctx, -1),
  run: lazyRun(load, 'previousMigration'),
})

export const copyMigrationSql = defineCommand({
  id: 'database.migration.copy',
  title: 'Copy migration SQL',
  area: AREA,
  keywords: ['clipboard', 'sql', 'statements'],
  args: OptionalMigrationArgs,
  ...pickMigration,
  when: onMigrationsPage,
  enabled: (ctx) => hasMigrations(ctx),
  run: lazyRun(load, 'copyMigrationSql'),
})

export const openMigrationInSqlEditor = defineCommand({
  id: 'database.migration.sql-editor',
  title: 'Open migration in SQL editor',
  area: AREA,
  keywords: ['new query', 'snippet', 'edit sql', 'run'],
  args: OptionalMigrationArgs,
  ...pickMigration,
  when: onMigrationsPage,
  enabled: (ctx) => hasMigrations(ctx),
  run: lazyRun(load, 'openMigrationInSqlEditor'),
})

export const toggleMigrationView = defineCommand({
  id: 'database.migration.view.toggle',
  title: 'Show migration changes (diff) or its whole SQL',
  area: AREA,
  keywords: ['diff', 'changes', 'compare', 'previous', 'sql'],
  when: onMigrationsPage,
  checked: () => migrationsState.view === 'diff',
  run: lazyRun(load, 'toggleMigrationView'),
})
