/**
 * Index commands, run headless against a real server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set);
 * every change is read back from pg_index / pg_class. Each table carries a random suffix and is dropped at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-indexes'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, INDEX_HINT_MIN_LIVE_ROWS, INDEX_HINT_MIN_SEQ_SCANS } from '../../src/shared/constants'
import { endpoints as e } from '../../src/shared/contract'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { indexesState } from '../../src/web/model/database/indexes/indexes-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database index commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const table = `idx_cmd_${suffix}`
  let ctx: HeadlessContext
  let tableId: number

  const pgIndex = async (name: string) =>
    (await ctx.api.query<{ def: string; unique: boolean; valid: boolean; am: string }>(
      ref,
      `select pg_get_indexdef(i.indexrelid) as def, i.indisunique as unique, i.indisvalid as valid, am.amname as am
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
       where c.relname = '${name}' and c.relnamespace = 'public'::regnamespace`,
    ))[0]
  const indexCount = async () =>
    (await ctx.api.query<{ n: number }>(ref, `select count(*)::int as n from pg_index where indrelid = 'public.${table}'::regclass`))[0]!.n

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseIndexes(ref))
    await ctx.api.query(ref, `create table public.${table} (id int primary key, email text, status text, tags jsonb, created_at timestamptz default now());
      insert into public.${table} (id, email, status, tags) select i, 'u' || i || '@x.io', case when i % 3 = 0 then 'done' else 'open' end, jsonb_build_object('n', i) from generate_series(1, ${INDEX_HINT_MIN_LIVE_ROWS + 200}) i;
      analyze public.${table}`)
    tableId = (await ctx.api.query<{ id: number }>(ref, `select 'public.${table}'::regclass::oid::int as id`))[0]!.id
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop table if exists public.${table}`)
  })

  it('creates a unique partial btree index with a descending key, and lists it', async () => {
    const index = await run('database.index.create', {
      table: tableId, columns: ['email', 'created_at'], descending: ['created_at'], unique: true, where: "status = 'open'", name: `${table}_open_email`,
    })
    expect(index).toMatchObject({ name: `${table}_open_email`, table, table_id: tableId, access_method: 'btree', is_unique: true, is_primary: false, is_valid: true })
    expect(index.columns).toEqual([{ name: 'email', expression: false, order: 'ASC' }, { name: 'created_at', expression: false, order: 'DESC' }])
    expect(index.predicate).toBe("status = 'open'::text")
    expect(index.size_bytes).toBeGreaterThan(0)
    expect(index.size).toMatch(/\d+ (bytes|kB|MB)/)
    const pg = await pgIndex(`${table}_open_email`)
    expect(pg).toMatchObject({ unique: true, valid: true, am: 'btree' })
    expect(pg!.def).toContain(`(email, created_at DESC) WHERE (status = 'open'::text)`)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created index ${table}_open_email` })

    const listed = await ctx.api.call(e.indexes, { params: { ref }, query: { schema: 'public', table_id: tableId } })
    expect(listed.map((x) => x.name).sort()).toEqual([`${table}_open_email`, `${table}_pkey`].sort())
    expect(listed.find((x) => x.is_primary)?.columns).toEqual([{ name: 'id', expression: false, order: 'ASC' }])
  })

  it('creates a gin index with a generated name, and drops it after confirmation', async () => {
    const index = await run('database.index.create', { table: tableId, columns: ['tags'], method: 'gin' })
    expect(index.name).toBe(`${table}_tags_idx`)
    expect((await pgIndex(index.name))?.am).toBe('gin')

    ctx.confirmAnswers.push(false)
    expect(await run('database.index.delete', { index: index.id })).toBe(false)
    expect(await pgIndex(index.name)).toBeDefined()
    expect(await run('database.index.delete', { index: index.id })).toBe(true)
    expect(ctx.confirms.at(-1)).toMatchObject({ title: `Drop index ${index.name}`, confirmLabel: 'Drop index', destructive: true })
    expect(await pgIndex(index.name)).toBeUndefined()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Dropped index ${index.name}` })
    await expect(run('database.index.delete', { index: index.id })).rejects.toThrow(MSG.indexNotFound(index.id))
  })

  it('answers bad input with the database message and changes nothing', async () => {
    const before = await indexCount()
    await expect(run('database.index.create', { table: tableId, columns: ['nope'] })).rejects.toThrow('column "nope" does not exist')
    await expect(run('database.index.create', { table: tableId, columns: ['email'], where: 'nope > 1' })).rejects.toThrow('column "nope" does not exist')
    // text that would end the condition and start another statement is refused as such
    await expect(run('database.index.create', { table: tableId, columns: ['email'], where: `true); drop table public.${table}; select (1` })).rejects.toThrow()
    await expect(run('database.index.create', { table: tableId, columns: ['id'], method: 'gist' })).rejects.toThrow('has no default operator class for access method "gist"')
    await expect(run('database.index.create', { table: tableId, columns: ['status'], unique: true })).rejects.toThrow(
      new RegExp(`could not create unique index "${table}_status_idx"\\. Key \\(status\\)=\\((open|done)\\) is duplicated\\.`),
    )
    await expect(run('database.index.create', { table: tableId, columns: ['email'], method: 'hash', unique: true })).rejects.toThrow(MSG.indexUniqueBtreeOnly)
    await expect(run('database.index.create', { table: tableId, columns: ['email'], name: `${table}_pkey` })).rejects.toThrow(`relation "${table}_pkey" already exists`)
    expect(await indexCount()).toBe(before)
    expect(await ctx.api.query(ref, `select 1 from public.${table} limit 1`)).toHaveLength(1)
  })

  it('builds and drops CONCURRENTLY on PostgreSQL, and refuses it on PGlite', async () => {
    const args = { table: tableId, columns: ['status'], method: 'hash' as const, concurrently: true, name: `${table}_status_conc` }
    if (target.name === 'pglite') {
      await expect(run('database.index.create', args)).rejects.toThrow(MSG.indexConcurrentlyPglite)
      const res = await ctx.api.call(e.createIndex, { params: { ref }, body: { table_id: tableId, columns: [{ name: 'status' }], concurrently: true } }).catch((x: Error) => x)
      expect((res as Error).message).toBe(MSG.indexConcurrentlyPglite)
      return
    }
    const index = await run('database.index.create', args)
    expect(await pgIndex(index.name)).toMatchObject({ am: 'hash', valid: true })
    expect(await run('database.index.delete', { index: index.id, concurrently: true })).toBe(true)
    expect(await pgIndex(index.name)).toBeUndefined()
   }, 120_000) // CONCURRENTLY waits for every older transaction of the database, other tests' too

  it('hints at an index never used and a table read by sequential scans', async () => {
    const unused = await run('database.index.create', { table: tableId, columns: ['status'], name: `${table}_unused` })
    const scans = Array.from({ length: INDEX_HINT_MIN_SEQ_SCANS + 2 }, () => `select count(*) from public.${table} where email like '%9%';`).join('\n')
    await ctx.api.query(ref, `${scans}\nselect pg_stat_force_next_flush();`)
    const hints = await ctx.api.call(e.indexHints, { params: { ref }, query: { schema: 'public' } })
    expect(hints.unused.map((x) => x.name)).toContain(unused.name)
    expect(hints.unused.map((x) => x.name)).not.toContain(`${table}_pkey`)
    const seq = hints.seq_scan_tables.find((t) => t.table === table)
    expect(seq).toMatchObject({ table_id: tableId, schema: 'public' })
    expect(seq!.seq_scan).toBeGreaterThanOrEqual(INDEX_HINT_MIN_SEQ_SCANS)
    expect(seq!.index_count).toBeGreaterThanOrEqual(2)
  })

  it('opens the create dialog prefilled and the definition view', async () => {
    await run('database.index.create-dialog.open', { table: tableId, columns: ['email'] })
    expect(indexesState.dialog).toEqual({ kind: 'create', prefill: { tableId, columns: ['email'] } })
    const [pkey] = await ctx.api.call(e.indexes, { params: { ref }, query: { table_id: tableId } }).then((l) => l.filter((x) => x.is_primary))
    await run('database.index.definition.show', { index: pkey!.id })
    expect(indexesState.dialog).toEqual({ kind: 'definition', indexId: pkey!.id })
    // a platform schema's indexes are read-only
    const options = await getCommand('database.index.delete')!.argOptions!.index!(ctx, {})
    expect(options.some((o) => o.label === `${table}_pkey`)).toBe(true)
  })

  it('searches, switches schema and narrows to a table through the URL', async () => {
    await run('database.indexes.search', { search: ' email ' })
    expect(ctx.location.search).toMatchObject({ search: 'email' })
    await run('database.indexes.table.filter', { table: table })
    expect(ctx.location.search).toMatchObject({ search: 'email', table })
    await run('database.indexes.table.filter', { table: '' })
    expect(ctx.location.search.table).toBeUndefined()
    await run('database.indexes.schema.set', { schema: 'auth' })
    expect(ctx.location.search).toEqual({ schema: 'auth' })
    await run('database.indexes.schema.set', { schema: 'public' })
  })
})

/** The permission reasons: no database involved, so once. */
describe.each(targets().slice(0, 1))('database index commands (no database: once) on $name', (target) => {
  it('is disabled without tenant SQL admin write, with the reason', async () => {
    const ctx = headlessContext(target, paths.databaseIndexes(ref))
    ctx.denied.add('tenantSqlAdminWrite')
    for (const id of ['database.index.create', 'database.index.create-dialog.open', 'database.index.delete']) {
      expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.noPermission('change indexes'))
    }
    await expect(run('database.index.create', { table: 1, columns: ['id'] })).rejects.toThrow(MSG.noPermission('change indexes'))
    expect(disabledReason(getCommand('database.indexes.search')!, ctx)).toBeNull()
    expect(disabledReason(getCommand('database.index.definition.show')!, ctx)).toBeNull()
  })
})
