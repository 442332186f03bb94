/**
 * The SQL editor's results on a real-size table: the row limit read through a cursor (N rows and a
 * truncated flag, the rest never fetched), the streamed download of a whole result (every row, as
 * count(*) says), and EXPLAIN ANALYZE inside a rolled-back transaction (a write explained keeps nothing).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../src/shared/messages'
import { ApiError } from '../../src/web/data/api'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

const ROWS = 100_000

describe.each(targets())('query results on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const big = unique('big')
  const count = async (table: string) => (await c.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n

  beforeAll(async () => {
    await c.sql(`create table ${big} (id int primary key, label text, meta jsonb);
      insert into ${big} select i, 'row ' || i, jsonb_build_object('i', i, 'even', i % 2 = 0) from generate_series(1, ${ROWS}) i`)
  }, 60_000)
  afterAll(async () => {
    await c.sql(`drop table if exists ${big}`)
  })

  /** The file a download link streams, read chunk by chunk (never whole): how many lines, the first and the last. */
  async function download(query: string, format: 'csv' | 'json') {
    const { token } = await api.prepareResultDownload(REF, { query, format })
    const res = await fetch(api.resultDownloadUrl(REF, token), { headers: AUTH })
    const head = { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') }
    if (!res.ok) return { ...head, body: (await res.json()) as { message: string }, lines: 0, first: '', last: '', chunks: 0 }
    let lines = 0
    let chunks = 0
    let first: string | undefined
    let last = ''
    let rest = ''
    const decoder = new TextDecoder()
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++
      const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n')
      rest = parts.pop() ?? ''
      lines += parts.length
      first ??= parts[0]
      last = parts.at(-1) ?? last
    }
    return { ...head, body: undefined, lines, first: first ?? '', last, chunks }
  }

  it('answers the first N rows of a 100k-row SELECT and says more exist; the whole result when it fits', async () => {
    const query = `select id, label, meta from ${big} order by id`
    const started = performance.now()
    const { results } = await api.runQuery(REF, { query, limit: 1000 })
    console.log(`[${target.name}] 100k-row select, limit 1000: ${Math.round(performance.now() - started)} ms`)
    expect(results).toHaveLength(1)
    const [r] = results
    expect(r).toMatchObject({ command: 'SELECT', rowCount: 1000, truncated: true, statement: { from: 0, to: query.length } })
    expect(r!.rows).toHaveLength(1000)
    expect(r!.rows[0]).toEqual({ id: 1, label: 'row 1', meta: { i: 1, even: false } })
    expect(r!.rows.at(-1)).toMatchObject({ id: 1000 })
    expect(r!.columns.map((col) => col.name)).toEqual(['id', 'label', 'meta'])

    const fits = await api.runQuery(REF, { query: `select id from ${big} where id <= 100`, limit: 100 })
    expect(fits.results[0]).toMatchObject({ rowCount: 100, truncated: false })
    const none = await api.runQuery(REF, { query: `select id from ${big} where id <= 2000` })
    expect(none.results[0]!.rows).toHaveLength(2000)
    expect(none.results[0]!.truncated).toBeUndefined()
  })

  it('limits every statement that reads in a script, runs the others as written, and keeps BEGIN … COMMIT working', async () => {
    const t = unique('lim')
    const query = `create table ${t} (id int);
      insert into ${t} select generate_series(1, 10) returning id;
      select * from ${t} -- a comment after the statement
      ;
      begin;
      with x as (select id from ${t}) select * from x order by id;
      values (1), (2), (3);
      table ${t};
      commit;
      select id into ${t}_copy from ${t};
      with gone as (delete from ${t} where id > 8 returning id) select * from gone;
      explain select 1`
    const { results } = await api.runQuery(REF, { query, limit: 3 })
    expect(results.map((r) => [r.command, r.rows.length, r.truncated ?? null])).toEqual([
      ['CREATE', 0, null], ['INSERT', 10, null], ['SELECT', 3, true], ['BEGIN', 0, null], ['SELECT', 3, true], ['SELECT', 3, false],
      ['SELECT', 3, true], ['COMMIT', 0, null], ['SELECT', 0, null], ['SELECT', 2, null], ['EXPLAIN', 1, null],
    ])
    const third = results[2]!.statement!
    expect(query.slice(third.from, third.to)).toBe(`select * from ${t}`)
    expect(await count(`${t}_copy`)).toBe(10)
    expect(await count(t)).toBe(8)
    await c.sql(`drop table ${t}; drop table ${t}_copy`)
  })

  it("places an error in a limited script where it is in the text as written", async () => {
    const query = `select 1;\nselect 'é😀' as x, nope from ${big}`
    await expect(api.runQuery(REF, { query, limit: 10 })).rejects.toEqual(
      new ApiError('column "nope" does not exist', 400, '42703', [...query.slice(0, query.indexOf('nope'))].length + 1),
    )
  })

  it('streams the whole result as CSV and as JSON: as many rows as count(*)', async () => {
    const query = `select id, label, meta from ${big} order by id`
    const started = performance.now()
    const csv = await download(query, 'csv')
    console.log(`[${target.name}] full CSV download of ${ROWS} rows: ${Math.round(performance.now() - started)} ms in ${csv.chunks} chunks`)
    expect(csv).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8', first: 'id,label,meta\r' })
    expect(csv.disposition).toMatch(/^attachment; filename="results-.*\.csv"/)
    expect(csv.lines - 1).toBe(await count(big))
    expect(csv.last).toBe(`${ROWS},row ${ROWS},"{""i"":${ROWS},""even"":true}"\r`)
    expect(csv.chunks).toBeGreaterThan(1)

    const json = await download(`${query}\n-- to the end`, 'json')
    // '[', one line per row, ']'
    expect(json.lines - 2).toBe(await count(big))
    expect(json.first).toBe('[')
    expect(json.last).toBe(']')
  }, 60_000)

  it('refuses a download of anything but one statement that reads; a link works once, for a read-only run', async () => {
    for (const query of [`delete from ${big}`, `select 1; select 2`, `select * into nope from ${big}`]) {
      await expect(api.prepareResultDownload(REF, { query, format: 'csv' })).rejects.toEqual(new ApiError(MSG.sqlDownloadReadsOnly, 400))
    }
    // what the database refuses to start is refused at once, with its message
    await expect(api.prepareResultDownload(REF, { query: `select nope from ${big}`, format: 'csv' })).rejects.toMatchObject({
      code: 400, message: 'column "nope" does not exist',
    })
    await c.sql(`revoke all on ${big} from anon`)
    await expect(api.prepareResultDownload(REF, { query: `select * from ${big}`, format: 'csv', impersonate: { role: 'anon' } })).rejects.toMatchObject({
      code: 400, message: `permission denied for table ${big}`,
    })
    const { token } = await api.prepareResultDownload(REF, { query: 'select 1 as one', format: 'json' })
    expect((await fetch(api.resultDownloadUrl(REF, token), { headers: AUTH })).status).toBe(200)
    const again = await fetch(api.resultDownloadUrl(REF, token), { headers: AUTH })
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ message: MSG.sqlDownloadExpired })

    // a function that writes fails in the read-only transaction, before any byte is sent
    const f = unique('writes')
    await c.sql(`create function ${f}() returns int language sql as $$ delete from ${big} where id = 1 returning id $$`)
    const refused = await download(`select ${f}()`, 'csv')
    expect(refused.status).toBe(400)
    expect(refused.body?.message).toMatch(/read-only transaction/)
    expect(await count(big)).toBe(ROWS)
    await c.sql(`drop function ${f}()`)
  })

  it('EXPLAIN ANALYZE of an INSERT, UPDATE and DELETE answers the plan and leaves the table as it was', async () => {
    const t = unique('explain')
    await c.sql(`create table ${t} (id serial primary key, body text); insert into ${t} (body) select 'x' from generate_series(1, 5)`)
    const before = await c.sql(`select * from ${t} order by id`)

    const insert = await api.explainQuery(REF, { query: `insert into ${t} (body) select 'new' from generate_series(1, 1000)` })
    expect(insert.plan[0]).toMatch(/^Insert on .*\(actual time=/)
    expect(insert.plan.join('\n')).toMatch(/Execution Time: [\d.]+ ms/)
    expect(insert.duration_ms).toBeGreaterThanOrEqual(0)
    await api.explainQuery(REF, { query: `update ${t} set body = 'changed'` })
    await api.explainQuery(REF, { query: `delete from ${t} -- all of it` })
    // an EXPLAIN typed by hand runs as written, rolled back too
    await api.explainQuery(REF, { query: `explain analyze delete from ${t};` })

    expect(await c.sql(`select * from ${t} order by id`)).toEqual(before)
    await c.sql(`drop table ${t}`)
  })

  it('EXPLAIN takes one statement, places its errors in the text as written, runs as the role and can be cancelled', async () => {
    await expect(api.explainQuery(REF, { query: 'select 1; select 2' })).rejects.toEqual(new ApiError(MSG.sqlExplainOneStatement, 400))
    const query = `\n  select nope from ${big}`
    await expect(api.explainQuery(REF, { query })).rejects.toEqual(new ApiError('column "nope" does not exist', 400, '42703', query.indexOf('nope') + 1))

    // as anon, row-level security hides the row: the plan's scan reads none
    const t = unique('explain_rls')
    await c.sql(`create table ${t} (id int); insert into ${t} values (1); alter table ${t} enable row level security;
      grant select on ${t} to anon`)
    const scanned = async (impersonate?: { role: string }) =>
      (await api.explainQuery(REF, { query: `select * from ${t}`, impersonate })).plan[0]?.match(/actual time=\S+ rows=(\d+)/)?.[1]
    expect(await scanned()).toBe('1')
    expect(await scanned({ role: 'anon' })).toBe('0')
    await c.sql(`drop table ${t}`)

    const runId = randomUUID()
    const marker = unique('sleeping')
    const running = api.explainQuery(REF, { query: `select pg_sleep(30) as ${marker}`, runId })
    const failed = expect(running).rejects.toEqual(new ApiError(MSG.queryCancelled, 400, '57014'))
    // sent at once: it may reach the server before the run, or the session before the statement starts
    expect(await api.cancelQuery(REF, { runId })).toEqual({ cancelled: true })
    await failed
  })
})
