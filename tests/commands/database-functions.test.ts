/**
 * Database function commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set); every change is read back from pg_proc. Each function lives in a schema of
 * its own, with a random suffix, dropped at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-functions'
import '../../commands/sql-snippets'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { functionsQuery } from '../../src/web/model/database/functions/functions-data'
import { argsOf, parseArguments } from '../../src/web/model/database/functions/function-form'
import { functionsState } from '../../src/web/model/database/functions/functions-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

interface PgProc { proname: string; args: string; result: string; lang: string; provolatile: string; prosecdef: boolean; proconfig: string[] | null; prosrc: string }

describe.each(targets())('database function commands on $name', (target) => {
  const schema = `cmd_fn_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext

  const procs = async (name?: string) =>
    ctx.api.query<PgProc>(
      ref,
      `select p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_function_result(p.oid) as result, l.lanname as lang,
         p.provolatile::text, p.prosecdef, p.proconfig, p.prosrc
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
       where n.nspname = '${schema}'${name ? ` and p.proname = '${name}'` : ''} order by 1, 2`,
    )

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseFunctions(ref, { schema }))
    await ctx.api.query(ref, `create schema ${schema}`)
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop schema if exists ${schema} cascade`)
  })

  it('creates a function with arguments, behavior, security and search_path', async () => {
    const fn = await run('database.function.create', {
      name: 'add_tax',
      arguments: "amount numeric, rate numeric default 0.2",
      return_type: 'numeric',
      language: 'sql',
      definition: 'select amount * (1 + rate)',
      behavior: 'IMMUTABLE',
      security_definer: true,
      search_path: 'public, pg_temp',
    })
    expect(fn).toMatchObject({
      schema, name: 'add_tax', language: 'sql', return_type: 'numeric', behavior: 'IMMUTABLE', security_definer: true,
      identity_argument_types: 'amount numeric, rate numeric', config_params: { search_path: 'public, pg_temp' },
      is_set_returning_function: false, return_type_relation_id: null,
    })
    expect(fn.args).toEqual([
      { mode: 'in', name: 'amount', type_id: 1700, has_default: false },
      { mode: 'in', name: 'rate', type_id: 1700, has_default: true },
    ])
    expect(fn.complete_statement).toMatch(/CREATE OR REPLACE FUNCTION/)
    expect(await procs('add_tax')).toEqual([{
      proname: 'add_tax', args: 'amount numeric, rate numeric', result: 'numeric', lang: 'sql', provolatile: 'i', prosecdef: true,
      proconfig: ['search_path=public, pg_temp'], prosrc: 'select amount * (1 + rate)',
    }])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created function ${schema}.add_tax` })
    const [{ v }] = await ctx.api.query<{ v: string }>(ref, `select ${schema}.add_tax(100)::text as v`) as [{ v: string }]
    expect(Number(v)).toBe(120)
    // the page's list holds it, and the form reads its arguments back
    const list = await ctx.queryClient.fetchQuery(functionsQuery(ctx.api, ref, schema))
    expect(list.map((f) => f.name)).toEqual(['add_tax'])
    expect(argsOf(list[0]!)).toEqual([
      { name: 'amount', type: 'numeric', mode: 'in', default: '' },
      { name: 'rate', type: 'numeric', mode: 'in', default: '0.2' },
    ])
  })

  it('changes the body in place, renames, and drops and creates again for a new signature', async () => {
    const fn = await run('database.function.create', { name: 'greet', arguments: 'who text', return_type: 'text', language: 'plpgsql', definition: "begin return 'hi ' || who; end;" })
    const [{ oid }] = (await ctx.api.query<{ oid: number }>(ref, `select '${schema}.greet(text)'::regprocedure::oid::int as oid`)) as [{ oid: number }]
    expect(fn.id).toBe(oid)
    // body, behavior and name: the same function (same oid)
    const changed = await run('database.function.update', { functionId: fn.id, name: 'greet2', definition: "begin return 'hello ' || who; end;", behavior: 'STABLE' })
    expect(changed).toMatchObject({ id: fn.id, name: 'greet2', behavior: 'STABLE' })
    expect(await procs('greet')).toEqual([])
    expect((await procs('greet2'))[0]).toMatchObject({ args: 'who text', provolatile: 's', prosrc: "begin return 'hello ' || who; end;" })
    // a new return type: Postgres refuses CREATE OR REPLACE, so it is dropped and created again
    const retyped = await run('database.function.update', { functionId: fn.id, return_type: 'integer', definition: 'begin return length(who); end;' })
    expect(retyped).toMatchObject({ name: 'greet2', return_type: 'integer' })
    expect(await procs('greet2')).toMatchObject([{ args: 'who text', result: 'integer' }])
    // new arguments: dropped and created with the new signature, nothing of the old one left
    const resigned = await run('database.function.update', {
      functionId: retyped.id, arguments: 'who text, times integer', definition: 'begin return length(who) * times; end;',
    })
    expect(resigned.identity_argument_types).toBe('who text, times integer')
    expect(await procs('greet2')).toMatchObject([{ args: 'who text, times integer', result: 'integer' }])
    // moved to another schema and back
    const table = await run('database.function.update', { functionId: resigned.id, return_type: 'table(n integer)', definition: 'begin return query select length(who) * times; end;' })
    expect(table).toMatchObject({ return_type: 'TABLE(n integer)', is_set_returning_function: true })
    expect(table.args.map((a) => a.mode)).toEqual(['in', 'in', 'table'])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Saved function ${schema}.greet2` })
  })

  it('answers bad input with the database\'s message and changes nothing', async () => {
    const before = await procs()
    await expect(runUnchecked('database.function.create', { name: '' })).rejects.toThrow('Please provide a name for the function')
    await expect(run('database.function.create', { name: 'bad_type', arguments: 'x no_such_type', definition: 'select 1', language: 'sql', return_type: 'int' }))
      .rejects.toThrow(/type "?no_such_type"? does not exist/)
    await expect(run('database.function.create', { name: 'bad_body', language: 'plpgsql', return_type: 'int', definition: 'begin retrun 1; end;' }))
      .rejects.toThrow(/syntax error at or near "retrun"/)
    await expect(run('database.function.create', { name: 'bad_ret', language: 'sql', return_type: 'no_such_type', definition: 'select 1' }))
      .rejects.toThrow(/type "?no_such_type"? does not exist/)
    expect(await procs()).toEqual(before)
    // a failed change keeps the function as it was
    const fn = await run('database.function.create', { name: 'keep', return_type: 'int', language: 'sql', definition: 'select 1' })
    await expect(run('database.function.update', { functionId: fn.id, definition: 'selec 2' })).rejects.toThrow(/syntax error at or near "selec"/)
    await expect(run('database.function.update', { functionId: fn.id, arguments: 'a int', return_type: 'nope_type' })).rejects.toThrow(/type "?nope_type"? does not exist/)
    expect(await procs('keep')).toMatchObject([{ args: '', prosrc: 'select 1' }])
  })

  it('deletes after confirmation; one a trigger uses only with cascade', async () => {
    const fn = await run('database.function.create', { name: 'gone', return_type: 'void', language: 'plpgsql', definition: 'begin end;' })
    ctx.confirmAnswers.push(false)
    expect(await run('database.function.delete', { functionId: fn.id })).toBe(false)
    expect(await procs('gone')).toHaveLength(1)
    expect(await run('database.function.delete', { functionId: fn.id })).toBe(true)
    expect(ctx.confirms.at(-1)).toMatchObject({ title: `Delete function ${schema}.gone`, confirmLabel: 'Delete function', destructive: true })
    expect(await procs('gone')).toEqual([])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Deleted function ${schema}.gone` })
    await expect(run('database.function.delete', { functionId: fn.id })).rejects.toThrow(`There is no function with id ${fn.id}`)

    const tg = await run('database.function.create', { name: 'tg_used', return_type: 'trigger', language: 'plpgsql', definition: 'begin return new; end;' })
    await ctx.api.query(ref, `create table ${schema}.t (id int); create trigger t_tg before insert on ${schema}.t for each row execute function ${schema}.tg_used()`)
    await expect(run('database.function.delete', { functionId: tg.id })).rejects.toThrow(/because other objects depend on it/)
    expect(await procs('tg_used')).toHaveLength(1)
    await run('database.function.delete', { functionId: tg.id, cascade: true })
    expect(await procs('tg_used')).toEqual([])
    expect(await ctx.api.query(ref, `select 1 from pg_trigger where tgname = 't_tg'`)).toEqual([])
  })

  it('runs a function: a new query in the SQL editor that calls it', async () => {
    const fn = await run('database.function.create', { name: 'answer', arguments: 'x int, y int default 2', return_type: 'int', language: 'sql', definition: 'select x + y' })
    const snippet = (await run('database.function.run', { functionId: fn.id })) as { id: string; content: { sql: string } }
    expect(snippet.content.sql).toBe(`select "${schema}"."answer"("x" => null);`)
    expect(ctx.location.pathname).toBe(paths.sqlSnippet(ref, snippet.id))
    await run('sql.snippet.delete', { ids: [snippet.id] })
    await ctx.navigate({ to: paths.databaseFunctions(ref), search: { schema } })
  })

  it('opens the panels, searches and switches schema through the URL', async () => {
    await run('database.function.create-panel.open', {})
    expect(functionsState.panel).toEqual({ kind: 'create', prefill: { schema } })
    await run('database.function.create-panel.open', { trigger: true })
    expect(functionsState.panel).toMatchObject({ kind: 'create', prefill: { schema, return_type: 'trigger', language: 'plpgsql' } })
    const before = functionsState.saveRequests
    await run('database.function.panel.save')
    expect(functionsState.saveRequests).toBe(before + 1)
    const [fn] = await ctx.queryClient.fetchQuery(functionsQuery(ctx.api, ref, schema))
    await run('database.function.edit-panel.open', { functionId: fn!.id })
    expect(functionsState.panel).toEqual({ kind: 'edit', functionId: fn!.id })
    functionsState.panel = null
    await expect(run('database.function.panel.save')).rejects.toThrow('Save function is not available here')

    await run('database.functions.search', { search: ' answ ' })
    expect(ctx.location.search).toEqual({ schema, search: 'answ' })
    await run('database.functions.schema', { schema: 'public' })
    expect(ctx.location.search).toEqual({ schema: 'public', search: 'answ' })
    await run('database.functions.search', { search: '' })
    await run('database.functions.schema', { schema })
    await run('database.functions.refresh')
    const options = await getCommand('database.function.delete')!.argOptions!.functionId!(ctx, {})
    expect(options[0]?.label).toMatch(new RegExp(`^${schema}\\.`))
  })

  it('is disabled without tenant SQL admin write, with the reason', () => {
    ctx.denied.add('tenantSqlAdminWrite')
    try {
      for (const id of ['database.function.create', 'database.function.update', 'database.function.delete', 'database.function.create-panel.open', 'database.function.edit-panel.open']) {
        expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.noPermission('change functions'))
      }
      expect(disabledReason(getCommand('database.function.run')!, ctx)).toBeNull()
    } finally {
      ctx.denied.delete('tenantSqlAdminWrite')
    }
  })
})

describe('the arguments typed in the palette', () => {
  it('parses modes, names, types with spaces and defaults', () => {
    expect(parseArguments("a int, out b text, c character varying default 'x, y', numeric")).toEqual([
      { name: 'a', type: 'int', mode: 'in' },
      { name: 'b', type: 'text', mode: 'out' },
      { name: 'c', type: 'character varying', mode: 'in', default: "'x, y'" },
      { name: '', type: 'numeric', mode: 'in' },
    ])
    expect(parseArguments('')).toEqual([])
  })
})
