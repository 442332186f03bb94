/**
 * Migration history commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): without supabase_migrations the history does not exist; with the table as the
 * Supabase CLI makes it (created here, dropped after) it is listed newest first, and a migration can be
 * opened, stepped through, copied and opened in the SQL editor as a new query.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import '../../commands/database-migrations'
import '../../commands/sql-snippets'
import { disabledReason, getCommand } from '../../commands/registry'
import { endpoints as e } from '../../src/shared/contract'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import {
  formatVersion, lineDiff, migrationSql, migrationsQuery,
} from '../../src/web/model/database/migrations/migrations-data'
import { migrationsState, selectMigration } from '../../src/web/model/database/migrations/migrations-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

const MIGRATIONS = [
  { version: '20240101000000', name: 'init', statements: ['create table items (id bigint primary key)', 'alter table items enable row level security'] },
  { version: '20240215120000', name: 'add_title', statements: ['create table items (id bigint primary key, title text)', 'alter table items enable row level security'] },
  { version: '20240301083000', name: 'add_index', statements: ["create index on items (title)", "comment on table items is 'it''s items'"] },
]

describe('migration SQL and line diff', () => {
  it('formats CLI versions as dates, keeps other versions', () => {
    expect(formatVersion('20240215120000')).toBe('2024-02-15 12:00:00')
    expect(formatVersion('20241399000000')).toBe('20241399000000')
    expect(formatVersion('1')).toBe('1')
  })
  it('diffs lines: kept, removed, added', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' }, { kind: 'remove', text: 'b' }, { kind: 'add', text: 'x' }, { kind: 'same', text: 'c' }, { kind: 'add', text: 'd' },
    ])
    expect(lineDiff('', 'a')).toEqual([{ kind: 'add', text: 'a' }])
    expect(lineDiff('a', 'a')).toEqual([{ kind: 'same', text: 'a' }])
  })
  it('joins statements into one script', () => {
    expect(migrationSql({ statements: ['select 1', ' select 2; ', ''] })).toBe('select 1;\n\nselect 2;')
  })
})

describe.each(targets())('database migration commands on $name', (target) => {
  let ctx: HeadlessContext
  const snippets: string[] = []
  const sql = (q: string) => ctx.api.query(ref, q)

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseMigrations(ref))
    await sql('drop schema if exists supabase_migrations cascade')
  })
  afterAll(async () => {
    await sql('drop schema if exists supabase_migrations cascade')
    if (snippets.length) await ctx.api.deleteContents(ref, snippets)
  })

  it('answers exists: false without the schema, and the commands say why they are off', async () => {
    const answer = await ctx.api.call(e.migrations, { params: { ref } })
    expect(answer).toEqual({ exists: false, migrations: [] })
    await ctx.queryClient.fetchQuery(migrationsQuery(ctx.api, ref))
    for (const id of ['database.migration.copy', 'database.migration.sql-editor', 'database.migration.open', 'database.migration.next']) {
      expect(disabledReason(getCommand(id)!, ctx)).toBe('There are no migrations in this database')
    }
    // a schema without the table is still no history
    await sql('create schema supabase_migrations')
    expect(await ctx.api.call(e.migrations, { params: { ref } })).toEqual({ exists: false, migrations: [] })
  })

  it('reads a table without name and statements columns (an older CLI)', async () => {
    await sql(`create table supabase_migrations.schema_migrations (version text primary key);
      insert into supabase_migrations.schema_migrations values ('20230101000000'), ('20230202000000')`)
    expect(await ctx.api.call(e.migrations, { params: { ref } })).toEqual({
      exists: true,
      migrations: [
        { version: '20230202000000', name: null, statements: [] },
        { version: '20230101000000', name: null, statements: [] },
      ],
    })
    await sql('drop table supabase_migrations.schema_migrations')
  })

  it('lists the migrations newest first, with their statements', async () => {
    await sql(`create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text)`)
    for (const m of MIGRATIONS) {
      const statements = `array[${m.statements.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}]::text[]`
      await sql(`insert into supabase_migrations.schema_migrations (version, name, statements) values ('${m.version}', '${m.name}', ${statements})`)
    }
    await run('database.migrations.refresh')
    const answer = await ctx.api.call(e.migrations, { params: { ref } })
    expect(answer).toEqual({ exists: true, migrations: [...MIGRATIONS].reverse() })
  })

  it('opens a migration, steps through the history', async () => {
    selectMigration(null)
    expect(disabledReason(getCommand('database.migration.previous')!, ctx)).toBe('This is the newest migration')
    const options = await getCommand('database.migration.open')!.argOptions!.version!(ctx, {})
    expect(options.map((o) => o.value)).toEqual(['20240301083000', '20240215120000', '20240101000000'])
    expect(options[1]).toEqual({ value: '20240215120000', label: '2024-02-15 12:00:00 add_title', hint: '2 statements' })

    expect(await run('database.migration.open', { version: '20240215120000' })).toBe('20240215120000')
    expect(migrationsState.selected).toBe('20240215120000')
    expect(await run('database.migration.next')).toBe('20240101000000')
    expect(disabledReason(getCommand('database.migration.next')!, ctx)).toBe('This is the oldest migration')
    expect(await run('database.migration.previous')).toBe('20240215120000')
    await expect(run('database.migration.open', { version: '19990101000000' })).rejects.toThrow(MSG.migrationNotFound('19990101000000'))
    await expect(runUnchecked('database.migration.open', { version: '' })).rejects.toThrow('Pick a migration')
  })

  it('copies the SQL of the selected migration', async () => {
    const writeText = vi.fn(async (_: string) => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    vi.stubGlobal('document', { hasFocus: () => true })
    try {
      const copied = await run('database.migration.copy', {})
      expect(copied).toBe('create table items (id bigint primary key, title text);\n\nalter table items enable row level security;')
      expect(writeText).toHaveBeenLastCalledWith(copied)
      expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.migrationsCopied('20240215120000') })
      await run('database.migration.copy', { version: '20240301083000' })
      expect(writeText).toHaveBeenLastCalledWith("create index on items (title);\n\ncomment on table items is 'it''s items';")
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('opens a migration in the SQL editor as a new query holding its SQL', async () => {
    const snippet = await run('database.migration.sql-editor', { version: '20240101000000' })
    expect(snippet).toBeDefined()
    snippets.push(snippet!.id)
    expect(ctx.location.pathname).toBe(paths.sqlSnippet(ref, snippet!.id))
    const saved = (await ctx.api.contents<{ sql: string }>(ref, 'sql')).data.find((s) => s.id === snippet!.id)
    expect(saved?.content.sql).toBe('create table items (id bigint primary key);\n\nalter table items enable row level security;')
    expect(saved?.name).toBe(`Migration 2024-01-01 00:00:00 init`)
  })
})
