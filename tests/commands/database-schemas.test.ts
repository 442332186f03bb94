/**
 * Schema visualizer commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) over a fixture schema: find and focus a table, reset the layout (the dragged
 * positions forgotten), copy the schema as SQL (its create tables, keys and foreign keys), switch schema,
 * open a table. The commands that need the diagram on screen say so headless.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import '../../commands/database-schemas'
import { allCommands, disabledReason, getCommand, isAvailable } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { loadPositions, savePositions } from '../../src/web/model/database/schemas/positions'
import { visualizerState } from '../../src/web/model/database/schemas/visualizer-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('schema visualizer commands on $name', (target) => {
  const s = `viz_cmd_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseSchemas(ref, { schema: s }))
    await ctx.api.query(ref, `
      create schema ${s};
      create table ${s}.customers (id bigint generated always as identity primary key, email text not null unique);
      create table ${s}.orders (id bigint primary key, customer_id bigint not null references ${s}.customers (id), placed_at timestamptz);
      create table ${s}.order_lines (order_id bigint references ${s}.orders (id), line int, qty int not null default 1, primary key (order_id, line));`)
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop schema if exists ${s} cascade`)
    vi.unstubAllGlobals()
  })

  it('finds a table by part of its name and focuses it', async () => {
    expect(ctx.location.search.schema).toBe(s)
    expect(await run('database.schemas.table.find', { table: 'order' })).toBe(`${s}.orders`) // a prefix: the shortest first
    expect(visualizerState.focused).toBe(`${s}.orders`)
    expect(await run('database.schemas.table.find', { table: 'LINES' })).toBe(`${s}.order_lines`)
    expect(await run('database.schemas.table.find', { table: `${s}.customers` })).toBe(`${s}.customers`)
    await expect(run('database.schemas.table.find', { table: 'nothing_here' })).rejects.toThrow(MSG.schemaGraphNoMatch('nothing_here', s))
    expect(visualizerState.focused).toBe(`${s}.customers`)
    const options = await getCommand('database.schemas.table.find')!.argOptions!.table!(ctx, {})
    expect(options.map((o) => o.value)).toEqual([`${s}.customers`, `${s}.order_lines`, `${s}.orders`])
    await run('database.schemas.table.unfocus')
    expect(visualizerState.focused).toBeNull()
    await expect(runUnchecked('database.schemas.table.find', { table: ' ' })).rejects.toThrow('Type part of a table name')
  })

  it('resets the layout: the dragged positions of the schema are forgotten, other schemas keep theirs', async () => {
    savePositions(ref, s, { [`${s}.orders`]: { x: 10, y: 20 }, [`${s}.customers`]: { x: 400, y: 0 } })
    savePositions(ref, 'public', { 'public.kept': { x: 1, y: 2 } })
    expect(loadPositions(ref, s)).toEqual({ [`${s}.orders`]: { x: 10, y: 20 }, [`${s}.customers`]: { x: 400, y: 0 } })
    const version = visualizerState.layoutVersion
    expect(await run('database.schemas.layout.reset')).toBe(2)
    expect(loadPositions(ref, s)).toEqual({})
    expect(loadPositions(ref, 'public')).toEqual({ 'public.kept': { x: 1, y: 2 } })
    expect(visualizerState.layoutVersion).toBe(version + 1)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.schemaLayoutReset(s) })
  })

  it('copies the schema as SQL: its create tables with keys, then the foreign keys', async () => {
    const writeText = vi.fn(async (_: string) => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    vi.stubGlobal('document', { hasFocus: () => true })
    const sql = (await run('database.schemas.sql.copy'))!
    expect(writeText).toHaveBeenLastCalledWith(sql)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.schemaSqlCopied(s, 3) })
    expect(sql).toContain(`create schema if not exists "${s}";`)
    for (const t of ['customers', 'orders', 'order_lines']) expect(sql).toContain(`create table "${s}"."${t}" (`)
    expect(sql).toContain('"id" bigint generated always as identity not null')
    expect(sql).toContain('"qty" integer default 1 not null')
    expect(sql).toMatch(/constraint "order_lines_pkey" PRIMARY KEY \(order_id, line\)/)
    expect(sql).toMatch(/constraint "customers_email_key" UNIQUE \(email\)/)
    expect(sql).toMatch(/add constraint "orders_customer_id_fkey" FOREIGN KEY \(customer_id\) REFERENCES .*customers\(id\);/)
    // the foreign keys after every create table
    expect(sql.indexOf('add constraint')).toBeGreaterThan(sql.lastIndexOf('create table'))
    vi.unstubAllGlobals()
  })

  it('opens a table in the Table Editor or the Database tables page', async () => {
    const id = (await ctx.api.query<{ id: number }>(ref, `select '${s}.orders'::regclass::oid::int as id`))[0]!.id
    const options = await getCommand('database.schemas.table.open')!.argOptions!.table!(ctx, {})
    expect(options.map((o) => o.label)).toEqual(['customers', 'order_lines', 'orders'])
    expect(await run('database.schemas.table.open', { table: id })).toBe(id)
    expect(ctx.location.pathname).toBe(paths.table(ref, id))
    await ctx.navigate({ to: paths.databaseSchemas(ref, { schema: s }) })
    await run('database.schemas.table.open', { table: id, in: 'database' })
    expect(ctx.location.pathname).toBe(paths.databaseTable(ref, id))
    await ctx.navigate({ to: paths.databaseSchemas(ref, { schema: s }) })
    await expect(run('database.schemas.table.open', { table: 1 })).rejects.toThrow(MSG.tableNotFound(1))
  })

  it('switches schema, and needs the diagram on screen to fit, zoom and export', async () => {
    await run('database.schemas.schema.set', { schema: 'auth' })
    expect(ctx.location.search.schema).toBe('auth')
    const options = await getCommand('database.schemas.schema.set')!.argOptions!.schema!(ctx, {})
    expect(options[0]?.value).toBe('auth')
    expect(options.map((o) => o.value)).toContain(s)
    for (const id of ['database.schemas.view.fit', 'database.schemas.view.zoom-in', 'database.schemas.export.png', 'database.schemas.export.svg']) {
      expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.schemaGraphNotShown)
    }
    await run('database.schemas.schema.set', { schema: s })
  })
})

describe.each(targets().slice(0, 1))('schema visualizer commands (no database: once) on $name', (target) => {
  it('shows its commands on the visualizer only', async () => {
    const ctx = headlessContext(target, paths.databaseSchemas(ref))
    const ours = allCommands().filter((c) => c.id.startsWith('database.schemas.'))
    expect(ours.filter((c) => isAvailable(c, ctx)).map((c) => c.id).sort()).toEqual([
      'database.schemas.export.png', 'database.schemas.export.svg', 'database.schemas.layout.reset', 'database.schemas.refresh',
      'database.schemas.schema.set', 'database.schemas.sql.copy', 'database.schemas.table.find', 'database.schemas.table.open',
      'database.schemas.view.fit', 'database.schemas.view.zoom-in', 'database.schemas.view.zoom-out',
    ])
    await ctx.navigate({ to: paths.databaseRoles(ref) })
    expect(ours.filter((c) => isAvailable(c, ctx))).toEqual([])
  })
})
