/**
 * Database → Tables commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the page's own commands and the table editor's table and column commands as
 * they run on these pages, each change read back from the catalog (pg_class, pg_depend, pg_attribute).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/table-editor'
import '../../commands/grid-columns'
import '../../commands/database-tables'
import { getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { orderedNames, tableKey } from '../../src/web/model/database/tables/column-order'
import { filterTables, formatRowsEstimate, tableSummariesQuery } from '../../src/web/model/database/tables/tables-data'
import { databaseTablesState } from '../../src/web/model/database/tables/tables-state'
import { structureState } from '../../src/web/model/table-editor/structure/structure-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database tables commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const made: string[] = []
  let ctx: HeadlessContext
  const tableName = (what: string) => {
    const n = `dbt_${what}_${suffix}`
    made.push(n)
    return n
  }
  const q = <T>(sql: string) => ctx.api.query<T>(ref, sql)
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
  const pgClass = async (name: string) =>
    (await q<{ id: number; rls: boolean; comment: string | null }>(
      `select c.oid::int as id, c.relrowsecurity as rls, obj_description(c.oid, 'pg_class') as comment
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = ${lit(name)}`,
    ))[0]
  const columns = async (name: string) =>
    (await q<{ name: string; type: string; notnull: boolean }>(
      `select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as notnull from pg_attribute
       where attrelid = ${lit(`public.${name}`)}::regclass and attnum > 0 and not attisdropped order by attnum`,
    ))
  const goList = (search: Record<string, string> = {}) => ctx.navigate({ to: paths.databaseTables(ref), search })
  const goTable = (id: number) => ctx.navigate({ to: paths.databaseTable(ref, id), search: {} })

  beforeAll(() => {
    ctx = headlessContext(target, paths.databaseTables(ref))
  })
  afterAll(async () => {
    for (const n of made.reverse()) await q(`drop table if exists public.${n} cascade`)
  })

  it('lists the schema in one answer: rows estimate, size, column count, RLS', async () => {
    const name = tableName('list')
    await q(`create table public.${name} (id int primary key, a text, b text); comment on table public.${name} is 'Listed'; insert into public.${name} select g, 'x', 'y' from generate_series(1, 20) g; analyze public.${name}`)
    const list = await ctx.queryClient.fetchQuery(tableSummariesQuery(ctx.api, ref, 'public'))
    const row = list.find((t) => t.name === name)
    expect(row).toMatchObject({ schema: 'public', name, comment: 'Listed', rls_enabled: false, columns_count: 3, type: 'table', live_rows_estimate: 20 })
    expect(row!.bytes).toBeGreaterThan(0)
    expect(filterTables(list, 'LISTED').map((t) => t.name)).toContain(name)
    expect(formatRowsEstimate(999)).toBe('999')
    expect(formatRowsEstimate(12_345)).toBe('~12K')
    const auth = await ctx.queryClient.fetchQuery(tableSummariesQuery(ctx.api, ref, 'auth'))
    expect(auth.map((t) => t.name)).toContain('users')
  })

  it('creates a table from the Tables page and opens its columns there', async () => {
    await goList()
    await run('table-editor.table.create-panel.open', {})
    expect(structureState.tableDialog).toEqual({ kind: 'create', schema: 'public' })
    structureState.tableDialog = null
    const name = tableName('create')
    const table = await run('table-editor.table.create', { name, comment: 'Made here' })
    expect(ctx.location.pathname).toBe(paths.databaseTable(ref, table.id))
    expect(await pgClass(name)).toMatchObject({ id: table.id, rls: true, comment: 'Made here' })
    expect((await columns(name)).map((c) => c.name)).toEqual(['id', 'created_at'])
  })

  it('edits a table: rename and description', async () => {
    const from = tableName('edit')
    const to = tableName('edited')
    await q(`create table public.${from} (id int)`)
    const { id } = (await pgClass(from))!
    await goList()
    await run('database.table.edit-dialog.open', { table: id })
    expect(databaseTablesState.dialog).toEqual({ kind: 'edit', tableId: id })
    databaseTablesState.dialog = null
    await run('table-editor.table.rename', { table: id, name: to })
    await run('table-editor.table.comment', { table: id, comment: 'Described' })
    expect(await pgClass(from)).toBeUndefined()
    expect(await pgClass(to)).toMatchObject({ id, comment: 'Described' })
  })

  it('duplicates a table with its rows, opening the copy on its Database page', async () => {
    const source = tableName('dup')
    const copy = tableName('dup_copy')
    await q(`create table public.${source} (id int primary key, v text); insert into public.${source} values (1, 'a'), (2, 'b')`)
    const { id } = (await pgClass(source))!
    await goList()
    await run('database.table.duplicate-dialog.open', { table: id })
    expect(structureState.tableDialog).toEqual({ kind: 'duplicate', tableId: id })
    structureState.tableDialog = null
    await run('table-editor.table.duplicate', { table: id, name: copy })
    const copied = (await pgClass(copy))!
    expect(ctx.location.pathname).toBe(paths.databaseTable(ref, copied.id))
    expect((await q<{ n: number }>(`select count(*)::int as n from public.${copy}`))[0]?.n).toBe(2)
  })

  it('deletes with the typed name, and drops dependents only with CASCADE', async () => {
    const base = tableName('del')
    const view = `${base}_v`
    await q(`create table public.${base} (id int); create view public.${view} as select id from public.${base}`)
    const { id } = (await pgClass(base))!
    await goList()
    // from the list, without the dialog's answers: the type-to-confirm dialog opens, nothing is dropped
    expect(await run('table-editor.table.delete', { table: id })).toBe(false)
    expect(databaseTablesState.dialog).toEqual({ kind: 'delete', tableId: id })
    databaseTablesState.dialog = null
    await expect(run('table-editor.table.delete', { table: id, confirmation: 'nope', cascade: true })).rejects.toThrow(MSG.valueMismatch)
    // without CASCADE the view keeps the table
    await expect(run('table-editor.table.delete', { table: id, confirmation: base, cascade: false })).rejects.toThrow(/depend/)
    expect(await pgClass(base)).toBeDefined()
    const deps = await q<{ n: number }>(`select count(*)::int as n from pg_depend d join pg_rewrite r on r.oid = d.objid where d.refobjid = ${id} and r.ev_class = ${lit(`public.${view}`)}::regclass`)
    expect(deps[0]?.n).toBeGreaterThan(0)
    // on the table's own page, CASCADE drops the view too and goes back to the list
    await goTable(id)
    expect(await run('table-editor.table.delete', { table: id, confirmation: base, cascade: true })).toBe(true)
    expect(await pgClass(base)).toBeUndefined()
    expect(await pgClass(view)).toBeUndefined()
    expect((await q<{ n: number }>(`select count(*)::int as n from pg_depend where refobjid = ${id}`))[0]?.n).toBe(0)
    expect(ctx.location.pathname).toBe(paths.databaseTables(ref))

    const plain = tableName('del_plain')
    await q(`create table public.${plain} (id int)`)
    const plainId = (await pgClass(plain))!.id
    await goList()
    expect(await run('table-editor.table.delete', { table: plainId, confirmation: plain })).toBe(true)
    expect(await pgClass(plain)).toBeUndefined()
  })

  it('toggles RLS, asking before it turns off', async () => {
    const name = tableName('rls')
    await q(`create table public.${name} (id int)`)
    const { id } = (await pgClass(name))!
    await goList()
    expect(await run('database.table.rls.toggle', { table: id })).toBe(true)
    expect((await pgClass(name))?.rls).toBe(true)
    ctx.confirmAnswers.push(false)
    expect(await run('database.table.rls.toggle', { table: id })).toBe(true)
    expect((await pgClass(name))?.rls).toBe(true)
    expect(await run('database.table.rls.toggle', { table: id })).toBe(false)
    expect(ctx.confirms.at(-1)).toMatchObject({ title: `Disable row level security on ${name}?`, destructive: true })
    expect((await pgClass(name))?.rls).toBe(false)
  })

  it("adds, changes and drops columns on the table's page; the view order is this page's only", async () => {
    const name = tableName('cols')
    await q(`create table public.${name} (id int primary key, a text)`)
    const { id } = (await pgClass(name))!
    await goTable(id)
    await run('grid.column.insert-panel.open')
    expect(structureState.columnPanel).toEqual({ tableId: id, column: null })
    structureState.columnPanel = null
    await run('grid.column.add', { name: 'price', type: 'numeric', isNullable: false, defaultValue: '0' })
    expect(await columns(name)).toContainEqual({ name: 'price', type: 'numeric', notnull: true })
    await run('grid.column.update', { column: 'a', name: 'label', isNullable: false })
    expect(await columns(name)).toContainEqual({ name: 'label', type: 'text', notnull: true })

    const key = tableKey('public', name)
    await run('database.table.column.move', { column: 'price', position: 1 })
    expect(orderedNames(ref, key, ['id', 'label', 'price'])).toEqual(['price', 'id', 'label'])
    // the table itself keeps its order
    expect((await columns(name)).map((c) => c.name)).toEqual(['id', 'label', 'price'])
    await run('grid.column.update', { column: 'price', name: 'cost' })
    expect(orderedNames(ref, key, ['id', 'label', 'cost'])).toEqual(['cost', 'id', 'label'])
    await run('database.table.columns.order.reset')
    expect(orderedNames(ref, key, ['id', 'label', 'cost'])).toEqual(['id', 'label', 'cost'])

    await run('grid.column.delete', { column: 'label' })
    expect((await columns(name)).map((c) => c.name)).toEqual(['id', 'cost'])
  })

  it('opens columns, definition and the Table Editor; searches the list', async () => {
    const name = tableName('open')
    await q(`create table public.${name} (id int)`)
    const { id } = (await pgClass(name))!
    await goList()
    await run('database.tables.search', { search: ` ${name} ` })
    expect(ctx.location.search).toMatchObject({ search: name })
    const options = await getCommand('database.table.columns.open')!.argOptions!.table!(ctx, {})
    expect(options.map((o) => o.label)).toContain(name)
    await run('database.table.definition.open', { table: id })
    expect(ctx.location.pathname).toBe(paths.databaseTable(ref, id))
    expect(ctx.location.search).toEqual({ view: 'definition' })
    await run('database.table.columns.open', { table: id })
    expect(ctx.location.search).toEqual({})
    await run('database.table.editor.open', { table: id })
    expect(ctx.location.pathname).toBe(paths.table(ref, id))
    await expect(run('database.table.columns.open', { table: 999_999_999 })).rejects.toThrow()
  })

  it('refuses protected schemas with the reason, and users without permission', async () => {
    const users = (await q<{ id: number }>(`select 'auth.users'::regclass::oid::int as id`))[0]!.id
    await goList({ schema: 'auth' })
    for (const id of ['table-editor.table.create-panel.open', 'table-editor.table.create', 'database.table.edit-dialog.open', 'database.table.rls.toggle'] as const) {
      expect(getCommand(id)!.enabled!(ctx)).toBe(MSG.protectedSchema('auth'))
    }
    await goList()
    await expect(run('database.table.rls.toggle', { table: users })).rejects.toThrow(MSG.protectedSchema('auth'))
    await expect(run('table-editor.table.delete', { table: users, confirmation: 'users', cascade: true })).rejects.toThrow(MSG.protectedSchema('auth'))
    await expect(run('table-editor.table.rename', { table: users, name: 'people' })).rejects.toThrow(MSG.protectedSchema('auth'))
    await expect(run('table-editor.table.create', { name: 'x', schema: 'auth' })).rejects.toThrow(MSG.protectedSchema('auth'))
    await goTable(users)
    await ctx.queryClient.fetchQuery({ queryKey: ['project', ref, 'tables', 'table', users], queryFn: () => ctx.api.gridTable(ref, users) })
    await expect(run('grid.column.add', { name: 'x', type: 'text' })).rejects.toThrow(MSG.protectedSchema('auth'))
    expect(await pgClass('people')).toBeUndefined()
    expect((await q<{ rls: boolean }>(`select relrowsecurity as rls from pg_class where oid = ${users}`))[0]?.rls).toBeDefined()

    await goList()
    ctx.denied.add('tenantSqlAdminWrite')
    expect(getCommand('table-editor.table.create-panel.open')!.enabled!(ctx)).toBe(MSG.createTablesPermission)
    expect(getCommand('database.table.rls.toggle')!.enabled!(ctx)).toBe(MSG.noPermission('change tables'))
    ctx.denied.clear()
  })
})
