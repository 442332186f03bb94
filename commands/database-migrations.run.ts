/** The bodies of database-migrations.ts's commands. */
import type { z } from 'zod'
import { CommandError, runCommand } from './registry'
import { migrationLabel, migrations, type MigrationArgs, type OptionalMigrationArgs } from './database-migrations'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import type { Snippet } from '../src/shared/content'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { migrationSql, refreshMigrations, selectedMigration, type Migration } from '../src/web/model/database/migrations/migrations-data'
import { migrationsState, selectMigration, setMigrationView } from '../src/web/model/database/migrations/migrations-state'

/** The migration of `version` (else the one selected, else the newest), from the history as the page holds it. */
async function target(ctx: CommandContext, version: string | undefined): Promise<Migration> {
  const { migrations: list } = await migrations(ctx)
  const found = version === undefined ? selectedMigration(list, migrationsState.selected) : list.find((m) => m.version === version)
  if (!found) throw new CommandError(version === undefined ? 'There are no migrations in this database' : MSG.migrationNotFound(version), 'invalid-args')
  return found
}

export const refreshMigrationsList = async (ctx: CommandContext) => {
  await refreshMigrations(ctx.queryClient, ctx.ref)
  const { migrations: list } = await migrations(ctx)
  if (migrationsState.selected !== null && !list.some((m) => m.version === migrationsState.selected)) selectMigration(null)
  return list.length
}

export const openMigration = async (ctx: CommandContext, { version }: z.infer<typeof MigrationArgs>) => {
  const m = await target(ctx, version)
  selectMigration(m.version)
  return m.version
}

async function step(ctx: CommandContext, by: 1 | -1): Promise<string> {
  const { migrations: list } = await migrations(ctx)
  const i = Math.max(0, list.findIndex((m) => m.version === migrationsState.selected))
  const next = list[Math.min(list.length - 1, Math.max(0, i + by))]
  if (!next) throw new CommandError('There are no migrations in this database', 'disabled')
  selectMigration(next.version)
  return next.version
}

export const nextMigration = (ctx: CommandContext) => step(ctx, 1)
export const previousMigration = (ctx: CommandContext) => step(ctx, -1)

export const copyMigrationSql = async (ctx: CommandContext, { version }: z.infer<typeof OptionalMigrationArgs>) => {
  const m = await target(ctx, version)
  const sql = migrationSql(m)
  if (!(await copyToClipboard(sql))) return null
  ctx.toast.success(MSG.migrationsCopied(m.version))
  return sql
}

export const openMigrationInSqlEditor = async (ctx: CommandContext, { version }: z.infer<typeof OptionalMigrationArgs>): Promise<Snippet | undefined> => {
  const m = await target(ctx, version)
  const sql = migrationSql(m)
  if (!sql) throw new CommandError(`Migration ${m.version} has no statements`, 'invalid-args')
  return runCommand<Snippet | undefined>('sql.snippet.new', { sql, name: `Migration ${migrationLabel(m)}`.slice(0, 100) })
}

export const toggleMigrationView = () => {
  setMigrationView(migrationsState.view === 'diff' ? 'sql' : 'diff')
  return migrationsState.view
}
