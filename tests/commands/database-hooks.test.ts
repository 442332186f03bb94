/**
 * Database webhooks, headless against a real server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 * Neither database has pg_net: the list says so, writes are refused with the reason and the commands are
 * disabled with it. A trigger calling a stand-in supabase_functions.http_request (made here, dropped after)
 * is read back as a webhook; the CREATE TRIGGER the server builds is checked as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-hooks'
import { disabledReason, getCommand } from '../../commands/registry'
import { endpoints as e } from '../../src/shared/contract'
import { WebhookCreateBody } from '../../src/shared/contract/pg-meta-hooks'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { createHookSql, dropHookSql, triggerArgs, triggerEvents } from '../../src/server/pgmeta/hooks'
import { hooksQuery, parsePairs } from '../../src/web/model/database/hooks/hooks-data'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe('webhook SQL', () => {
  it('builds CREATE TRIGGER with quoted identifiers and literal arguments', () => {
    const body = WebhookCreateBody.parse({
      name: 'notify "orders"', schema: 'public', table: "order's", events: ['INSERT', 'DELETE', 'INSERT'],
      url: 'https://example.com/hook?a=1', headers: { 'Content-type': 'application/json', 'x-key': "it's" }, timeout_ms: 2000,
    })
    expect(createHookSql(body)).toBe(
      `CREATE TRIGGER "notify ""orders""" AFTER INSERT OR DELETE ON "public"."order's" FOR EACH ROW EXECUTE FUNCTION "supabase_functions"."http_request"(` +
        `'https://example.com/hook?a=1', 'POST', '{"Content-type":"application/json","x-key":"it''s"}', '{}', '2000')`,
    )
    expect(dropHookSql({ name: 'a"b', schema: 's', table: 't' })).toBe('DROP TRIGGER "a""b" ON "s"."t"')
  })
  it('takes the defaults Supabase uses, refuses what cannot be a webhook', () => {
    const body = WebhookCreateBody.parse({ name: 'h', schema: 'public', table: 't', events: ['UPDATE'], url: 'http://localhost:3000' })
    expect(body).toMatchObject({ method: 'POST', headers: { 'Content-type': 'application/json' }, params: {}, timeout_ms: 5000 })
    const fail = (patch: object) => WebhookCreateBody.safeParse({ ...body, ...patch }).error?.issues[0]?.message
    expect(fail({ events: [] })).toBe('Pick at least one event')
    expect(fail({ url: 'ftp://x' })).toBe('Please provide a URL starting with http:// or https://')
    expect(fail({ timeout_ms: 20000 })).toBe('The timeout is at most 10000 ms')
    expect(fail({ name: ' ' })).toBe('Please provide a name for your webhook')
  })
  it('decodes tgtype and tgargs', () => {
    expect(triggerEvents(4 | 16 | 1)).toEqual(['INSERT', 'UPDATE'])
    expect(triggerArgs(Buffer.from('https://x\0POST\0{}\0').toString('hex'))).toEqual(['https://x', 'POST', '{}'])
  })
  it('reads header lines', () => {
    expect(parsePairs('Content-type: application/json\n\nx: a:b')).toEqual({ 'Content-type': 'application/json', x: 'a:b' })
    expect(() => parsePairs('nope')).toThrow('"nope" is not "Name: value"')
  })
})

describe.each(targets())('database webhooks on $name (no pg_net)', (target) => {
  let ctx: HeadlessContext
  const suffix = Math.random().toString(36).slice(2, 8)
  const table = `hook_t_${suffix}`
  const sql = (q: string) => ctx.api.query(ref, q)
  const body = { name: `hook_${suffix}`, schema: 'public', table, events: ['INSERT' as const], url: 'https://example.com/h' }

  /** the stand-in function is ours to drop only where the database had no supabase_functions before */
  let hadFunctionsSchema = true

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseHooks(ref))
    hadFunctionsSchema = (await ctx.api.query(ref, `select 1 from pg_namespace where nspname = 'supabase_functions'`)).length > 0
  })
  afterAll(async () => {
    await sql(`drop table if exists public.${table}`)
    if (!hadFunctionsSchema) await sql('drop schema if exists supabase_functions cascade')
  })

  it('lists no webhooks and says pg_net is missing', async () => {
    expect(await ctx.api.call(e.hooks, { params: { ref } })).toEqual({ available: false, hooks: [] })
  })

  it('refuses to create or delete a webhook, and changes nothing', async () => {
    await sql(`create table public.${table} (id int)`)
    await expect(ctx.api.call(e.createHook, { params: { ref }, body })).rejects.toMatchObject({ code: 400, message: MSG.webhooksNeedPgNet })
    await expect(ctx.api.call(e.deleteHook, { params: { ref }, query: { id: 1 } })).rejects.toMatchObject({ code: 400, message: MSG.webhooksNeedPgNet })
    const triggers = await ctx.api.query(ref, `select tgname from pg_trigger where tgrelid = 'public.${table}'::regclass`)
    expect(triggers).toEqual([])
  })

  it('disables the commands with the reason', async () => {
    for (const id of ['database.hook.create-dialog.open', 'database.hook.create', 'database.hook.delete']) {
      expect(disabledReason(getCommand(id)!, ctx)).toBe('Loading webhooks…')
    }
    await ctx.queryClient.fetchQuery(hooksQuery(ctx.api, ref))
    for (const id of ['database.hook.create-dialog.open', 'database.hook.create', 'database.hook.delete']) {
      expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.webhooksNeedPgNet)
    }
    await expect(run('database.hook.create', body)).rejects.toThrow(MSG.webhooksNeedPgNet)
    expect(disabledReason(getCommand('database.hooks.refresh')!, ctx)).toBeNull()
    expect(await run('database.hooks.refresh')).toBe(0)
  })

  it('reads a trigger calling supabase_functions.http_request as a webhook', async () => {
    if (hadFunctionsSchema) return // a database with Supabase's own function: not replaced here
    await sql(`create schema if not exists supabase_functions;
      create function supabase_functions.http_request() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger "wh ${suffix}" after insert or update on public.${table} for each row
        execute function supabase_functions.http_request('https://example.com/x', 'POST', '{"Content-type":"application/json"}', '{"a":"1"}', '1000')`)
    const { available, hooks } = await ctx.api.call(e.hooks, { params: { ref } })
    expect(available).toBe(false)
    expect(hooks).toEqual([
      expect.objectContaining({
        name: `wh ${suffix}`, schema: 'public', table, events: ['INSERT', 'UPDATE'], enabled: true, method: 'POST', url: 'https://example.com/x',
        headers: { 'Content-type': 'application/json' }, params: { a: '1' }, timeout_ms: 1000,
      }),
    ])
  })

  it('runs the CREATE TRIGGER it builds, and reads the webhook back as it was asked for', async () => {
    if (hadFunctionsSchema) return
    const asked = WebhookCreateBody.parse({
      name: `made "${suffix}"`, schema: 'public', table, events: ['UPDATE', 'DELETE'], method: 'GET', url: "https://example.com/it's?x=1",
      headers: { Authorization: 'Bearer t' }, params: { q: 'a b' }, timeout_ms: 2500,
    })
    await sql(createHookSql(asked))
    const made = (await ctx.api.call(e.hooks, { params: { ref } })).hooks.find((h) => h.name === asked.name)
    expect(made).toMatchObject({ schema: 'public', table, events: ['UPDATE', 'DELETE'], method: 'GET', url: asked.url, headers: asked.headers, params: asked.params, timeout_ms: 2500 })
    await sql(dropHookSql(made!))
    expect((await ctx.api.call(e.hooks, { params: { ref } })).hooks.map((h) => h.name)).toEqual([`wh ${suffix}`])
  })
})
