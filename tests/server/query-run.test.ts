/** Running SQL from the editor: every statement's result, errors with positions, impersonation, cancel. */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/web/data/api'
import { MSG } from '../../src/shared/messages'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('query/run on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const run = (query: string, more: { runId?: string; impersonate?: { role: string; claims?: Record<string, unknown> } } = {}) =>
    api.runQuery(REF, { query, ...more })

  it("answers every statement's command, columns, converted rows and row count, and the duration", async () => {
    const t = unique('run')
    const { results, duration_ms } = await run(`
      create table ${t} (id int, name text, price numeric(6, 2), tags text[], meta jsonb, at timestamptz, ok boolean, big bigint);
      insert into ${t} values (1, 'a', 9.5, '{x,y}', '{"k": [1]}', '2024-01-02 03:04:05+00', true, 9007199254740993),
                              (2, null, null, null, null, null, false, null);
      select * from ${t} order by id;
      update ${t} set ok = true;
      drop table ${t}`)
    expect(results.map((r) => [r.command, r.rowCount])).toEqual([['CREATE', 0], ['INSERT', 2], ['SELECT', 2], ['UPDATE', 2], ['DROP', 0]])
    const select = results[2]!
    expect(select.columns).toEqual([
      { name: 'id', dataTypeID: 23 }, { name: 'name', dataTypeID: 25 }, { name: 'price', dataTypeID: 1700 },
      { name: 'tags', dataTypeID: 1009 }, { name: 'meta', dataTypeID: 3802 }, { name: 'at', dataTypeID: 1184 },
      { name: 'ok', dataTypeID: 16 }, { name: 'big', dataTypeID: 20 },
    ])
    expect(select.rows).toEqual([
      { id: 1, name: 'a', price: '9.50', tags: ['x', 'y'], meta: { k: [1] }, at: '2024-01-02 03:04:05+00', ok: true, big: '9007199254740993' },
      { id: 2, name: null, price: null, tags: null, meta: null, at: null, ok: false, big: null },
    ])
    expect(results[0]!.columns).toEqual([])
    expect(duration_ms).toBeGreaterThanOrEqual(0)
  })

  it('answers a failing statement with 400, its SQLSTATE and its 1-based position in the whole script, keeping nothing', async () => {
    const t = unique('run')
    await run(`create table ${t} (id int)`)
    const query = `insert into ${t} values (1);\nselect id from ${t};\nselect nope from ${t}`
    await expect(run(query)).rejects.toEqual(new ApiError('column "nope" does not exist', 400, '42703', query.indexOf('nope') + 1))
    expect((await run(`select count(*)::int as n from ${t}; drop table ${t}`)).results[0]!.rows).toEqual([{ n: 0 }])
  })

  it('runs as the impersonated role with its claims, through BEGIN and COMMIT, and leaves the session as it was', async () => {
    const t = unique('rls')
    const sub = randomUUID()
    await run(`create table ${t} (id int, owner uuid);
      alter table ${t} enable row level security;
      grant select on ${t} to anon, authenticated;
      create policy own on ${t} for select to authenticated using (owner = auth.uid());
      insert into ${t} values (1, '${sub}'), (2, null)`)
    const anon = await run(`select * from ${t}; select current_user as u, auth.role() as r`, { impersonate: { role: 'anon' } })
    expect(anon.results.map((r) => r.rows)).toEqual([[], [{ u: 'anon', r: 'anon' }]])

    const user = await run(`begin; select id from ${t}; commit; select current_user as u, auth.uid()::text as sub`, {
      impersonate: { role: 'authenticated', claims: { sub } },
    })
    expect(user.results.filter((r) => r.command === 'SELECT').map((r) => r.rows)).toEqual([[{ id: 1 }], [{ u: 'authenticated', sub }]])

    const after = await run(`select current_user as u, auth.uid() as sub; select count(*)::int as n from ${t}; drop table ${t}`)
    expect(after.results[0]!.rows[0]).toEqual({ u: expect.not.stringMatching(/^(anon|authenticated)$/), sub: null })
    expect(after.results[1]!.rows).toEqual([{ n: 2 }])
  })

  it('rejects a body without a query or with a bad run id', async () => {
    await expect(run('')).rejects.toEqual(new ApiError('query is required', 400))
    await expect(run('select 1', { runId: 'nope' })).rejects.toMatchObject({ code: 400 })
    await expect(api.cancelQuery(REF, { runId: 'nope' })).rejects.toMatchObject({ code: 400 })
  })

  it('answers cancelled: false for a run that is not going on', async () => {
    expect(await api.cancelQuery(REF, { runId: randomUUID() })).toEqual({ cancelled: false })
  })

  // PostgreSQL: pg_cancel_backend; PGlite: its worker is ended and opened again (the next run waits for it)
  it('cancels a running query, which then fails with the database message', async () => {
    const runId = randomUUID()
    const running = run('select pg_sleep(30)', { runId })
    const failed = expect(running).rejects.toEqual(new ApiError('canceling statement due to user request', 400, '57014'))
    // the cancel may arrive before the run does: ask until the run is there to be stopped
    await expect.poll(async () => (await api.cancelQuery(REF, { runId })).cancelled, { interval: 50 }).toBe(true)
    await failed
    expect(await api.cancelQuery(REF, { runId })).toEqual({ cancelled: false })
    expect((await run('select 1 as one')).results[0]!.rows).toEqual([{ one: 1 }])
  })

  it('cancels a run whose cancel is sent with it, before its statement has started', async () => {
    const runId = randomUUID()
    const running = run('select pg_sleep(30)', { runId })
    const failed = expect(running).rejects.toEqual(new ApiError(MSG.queryCancelled, 400, '57014'))
    expect(await api.cancelQuery(REF, { runId })).toEqual({ cancelled: true })
    await failed
  })

  it('refuses a run whose cancel came first, and runs nothing of it', async () => {
    const runId = randomUUID()
    const t = unique('early_cancel')
    expect(await api.cancelQuery(REF, { runId })).toEqual({ cancelled: false })
    await expect(run(`create table ${t} (id int)`, { runId })).rejects.toEqual(new ApiError(MSG.queryCancelled, 400, '57014'))
    expect((await run(`select to_regclass('${t}') as t`)).results[0]!.rows).toEqual([{ t: null }])
    // the run id is forgotten once refused: the same id runs again
    expect((await run('select 1 as one', { runId })).results[0]!.rows).toEqual([{ one: 1 }])
  })
})
