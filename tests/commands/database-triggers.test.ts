/**
 * Database trigger commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): each change is read back from pg_trigger, and a trigger is fired by inserting a
 * row. Everything lives in a schema of its own with a random suffix, dropped at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-triggers'
import '../../commands/database-functions'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { functionsState } from '../../src/web/model/database/functions/functions-state'
import { groupByTable, triggersQuery } from '../../src/web/model/database/triggers/triggers-data'
import { triggersState } from '../../src/web/model/database/triggers/triggers-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database trigger commands on $name', (target) => {
  const schema = `cmd_tg_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext
  let tableId: number
  let viewId: number

  const pgTrigger = async (name: string) =>
    (await ctx.api.query<{ tgname: string; tgenabled: string; tgtype: number }>(
      ref, `select tgname, tgenabled::text, tgtype::int from pg_trigger where tgname = '${name}' and tgrelid = '${schema}.notes'::regclass`,
    ))[0]
  const stamped = async () => (await ctx.api.query<{ title: string; slug: string | null }>(ref, `select title, slug from ${schema}.notes order by id`))

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseTriggers(ref, { schema }))
    await ctx.api.query(ref, `create schema ${schema};
      create table ${schema}.notes (id int generated always as identity primary key, title text not null, slug text);
      create view ${schema}.notes_v as select id, title from ${schema}.notes;
      create table ${schema}.other (id int);
      alter table ${schema}.other add constraint other_fk foreign key (id) references ${schema}.notes (id)`)
    const rows = await ctx.api.query<{ t: number; v: number }>(ref, `select '${schema}.notes'::regclass::oid::int as t, '${schema}.notes_v'::regclass::oid::int as v`)
    tableId = rows[0]!.t
    viewId = rows[0]!.v
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop schema if exists ${schema} cascade`)
  })

  it('creates a trigger with a plpgsql function, fires it, disables it, renames it and deletes it', async () => {
    await run('database.function.create', {
      name: 'slugify', schema, return_type: 'trigger', language: 'plpgsql',
      definition: "begin new.slug := lower(replace(new.title, ' ', '-')); return new; end;",
    })
    const trigger = await run('database.trigger.create', {
      name: 'notes_slug', tableId, function: `${schema}.slugify`, activation: 'BEFORE', events: ['INSERT', 'UPDATE'], orientation: 'ROW',
      condition: "new.title <> ''",
    })
    expect(trigger).toMatchObject({
      name: 'notes_slug', table: 'notes', schema, table_id: tableId, activation: 'BEFORE', orientation: 'ROW', events: ['INSERT', 'UPDATE'],
      function_schema: schema, function_name: 'slugify', function_args: [], enabled_mode: 'ORIGIN', condition: "new.title <> ''::text",
    })
    expect(await pgTrigger('notes_slug')).toEqual({ tgname: 'notes_slug', tgenabled: 'O', tgtype: 1 | 2 | 4 | 16 })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created trigger notes_slug on ${schema}.notes` })
    await ctx.api.query(ref, `insert into ${schema}.notes (title) values ('Hello World')`)
    expect(await stamped()).toEqual([{ title: 'Hello World', slug: 'hello-world' }])

    // the page's list holds it, grouped by table
    const list = await ctx.queryClient.fetchQuery(triggersQuery(ctx.api, ref, schema))
    expect(groupByTable(list).map((g) => [g.table, g.triggers.map((t) => t.name)])).toEqual([['notes', ['notes_slug']]])

    // disabled: no effect
    const off = await run('database.trigger.toggle', { triggerId: trigger.id })
    expect(off.enabled_mode).toBe('DISABLED')
    expect((await pgTrigger('notes_slug'))?.tgenabled).toBe('D')
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Disabled trigger notes_slug on ${schema}.notes` })
    await ctx.api.query(ref, `insert into ${schema}.notes (title) values ('Second One')`)
    expect((await stamped())[1]).toEqual({ title: 'Second One', slug: null })
    await run('database.trigger.toggle', { triggerId: trigger.id, enabled: true })
    expect((await pgTrigger('notes_slug'))?.tgenabled).toBe('O')

    const renamed = await run('database.trigger.update', { triggerId: trigger.id, name: 'notes_slugger', enabled_mode: 'ALWAYS' })
    expect(renamed).toMatchObject({ id: trigger.id, name: 'notes_slugger', enabled_mode: 'ALWAYS' })
    expect(await pgTrigger('notes_slugger')).toMatchObject({ tgenabled: 'A' })

    ctx.confirmAnswers.push(false)
    expect(await run('database.trigger.delete', { triggerId: trigger.id })).toBe(false)
    expect(await pgTrigger('notes_slugger')).toBeDefined()
    expect(await run('database.trigger.delete', { triggerId: trigger.id })).toBe(true)
    expect(ctx.confirms.at(-1)).toMatchObject({ title: 'Delete trigger notes_slugger', confirmLabel: 'Delete trigger', destructive: true })
    expect(await pgTrigger('notes_slugger')).toBeUndefined()
    await ctx.api.query(ref, `insert into ${schema}.notes (title) values ('Third One')`)
    expect((await stamped())[2]).toEqual({ title: 'Third One', slug: null })
    await expect(run('database.trigger.delete', { triggerId: trigger.id })).rejects.toThrow(`There is no trigger with id ${trigger.id}`)
  })

  it('creates statement and INSTEAD OF triggers; never lists internal ones', async () => {
    await ctx.api.query(ref, `create function ${schema}.v_insert() returns trigger language plpgsql as $$
      begin insert into ${schema}.notes (title) values (new.title || ' (via view)'); return new; end $$`)
    const instead = await run('database.trigger.create', {
      name: 'v_ins', tableId: viewId, function: `${schema}.v_insert`, activation: 'INSTEAD OF', events: ['INSERT'],
    })
    expect(instead).toMatchObject({ activation: 'INSTEAD OF', orientation: 'ROW', table: 'notes_v' })
    await ctx.api.query(ref, `insert into ${schema}.notes_v (title) values ('From view')`)
    expect((await stamped()).at(-1)).toMatchObject({ title: 'From view (via view)' })
    const stmt = await run('database.trigger.create', {
      name: 'notes_trunc', tableId, function: `${schema}.v_insert`, activation: 'AFTER', events: ['TRUNCATE'], orientation: 'STATEMENT',
    })
    expect(stmt).toMatchObject({ activation: 'AFTER', orientation: 'STATEMENT', events: ['TRUNCATE'] })
    const list = await ctx.queryClient.fetchQuery({ ...triggersQuery(ctx.api, ref, schema), staleTime: 0 })
    // the foreign key's RI triggers are internal: not listed
    expect(list.map((t) => t.name).sort()).toEqual(['notes_trunc', 'v_ins'])
  })

  it('answers bad input with the database\'s message and changes nothing', async () => {
    const count = async () => (await ctx.api.query<{ n: number }>(ref, `select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = '${schema}'`))[0]!.n
    const before = await count()
    await expect(runUnchecked('database.trigger.create', { name: '', tableId, function: `${schema}.slugify`, activation: 'BEFORE', events: ['INSERT'] }))
      .rejects.toThrow('Please provide a name for the trigger')
    await expect(runUnchecked('database.trigger.create', { name: 'x', tableId, function: `${schema}.slugify`, activation: 'BEFORE', events: [] }))
      .rejects.toThrow('Pick at least one event')
    await expect(run('database.trigger.create', { name: 'x', tableId, function: `${schema}.no_such_fn`, activation: 'BEFORE', events: ['INSERT'] }))
      .rejects.toThrow(/function .*no_such_fn\(\) does not exist/)
    await expect(run('database.trigger.create', { name: 'x', tableId, function: `${schema}.slugify`, activation: 'BEFORE', events: ['INSERT'], condition: 'new.nope > 1' }))
      .rejects.toThrow(/column "?(new\.)?nope"? does not exist/)
    await expect(run('database.trigger.create', { name: 'x', tableId, function: `${schema}.slugify`, activation: 'INSTEAD OF', events: ['INSERT'] }))
      .rejects.toThrow(/"notes" is a table/)
    expect(await count()).toBe(before)
  })

  it('opens the panel, searches and switches schema through the URL; disabled without write', async () => {
    functionsState.lastCreated = { schema, name: 'slugify' }
    await run('database.trigger.create-panel.open')
    expect(triggersState.panel).toEqual({ kind: 'create' })
    expect(functionsState.lastCreated).toBeNull()
    await run('database.function.create-panel.open', { trigger: true })
    expect(functionsState.panel).toMatchObject({ kind: 'create', prefill: { return_type: 'trigger', language: 'plpgsql', schema } })
    functionsState.panel = null
    await run('database.triggers.search', { search: ' slug ' })
    expect(ctx.location.search).toEqual({ schema, search: 'slug' })
    await run('database.triggers.schema', { schema: 'public' })
    expect(ctx.location.search).toEqual({ schema: 'public', search: 'slug' })
    await run('database.triggers.search', { search: '' })
    await run('database.triggers.schema', { schema })
    await run('database.triggers.refresh')
    const fnOptions = await getCommand('database.trigger.create')!.argOptions!.function!(ctx, {})
    expect(fnOptions.map((o) => o.value)).toContain(`${schema}.slugify`)
    const tables = await getCommand('database.trigger.create')!.argOptions!.tableId!(ctx, {})
    expect(tables.map((o) => o.label)).toEqual([`${schema}.notes`, `${schema}.notes_v`, `${schema}.other`])

    ctx.denied.add('tenantSqlAdminWrite')
    try {
      for (const id of ['database.trigger.create', 'database.trigger.toggle', 'database.trigger.update', 'database.trigger.delete', 'database.trigger.create-panel.open']) {
        expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.noPermission('change triggers'))
      }
    } finally {
      ctx.denied.delete('tenantSqlAdminWrite')
    }
  })
})
