/** CSV and SQL export (streamed from a cursor) and CSV import (streamed, one transaction, NDJSON progress). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportEvent } from '../../src/shared/api-edit'
import { ROW_FETCH_BATCH } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'
import { AUTH } from '../support/auth'

describe.each(targets())('export and import on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('io')
  const ids: Record<string, number> = {}

  const columns = `id int primary key, name text, price numeric(8, 2), tags text[], meta jsonb, at timestamptz, ok boolean`
  beforeAll(async () => {
    await c.sql(`
      create schema ${schema};
      grant usage on schema ${schema} to anon;
      create table ${schema}.items (${columns});
      insert into ${schema}.items values
        (1, 'plain', 1.5, '{a,b}', '{"k": [1, "x"]}', '2024-01-02 03:04:05+00', true),
        (2, 'comma, "quote"
      and newline', null, '{"with space",NULL,""}', '"text"', null, false),
        (3, '', 0, '{}', 'null', '2024-06-01 00:00:00.5+00', null),
        (4, null, null, null, null, null, null),
        (5, 'back\\slash (and parens)', null, '{"a\\\\b"}', '{"k": "\\\\"}', null, null);
      create table ${schema}.many (id int primary key, n int, label text);
      insert into ${schema}.many select g, g % 7, 'row ' || g from generate_series(1, 12000) g;
      create table ${schema}.special (
        id int generated always as identity primary key, name text, len int generated always as (length(name)) stored
      );
      insert into ${schema}.special (name) values ('a'), ('bb');
      alter table ${schema}.many enable row level security;
      grant select on ${schema}.many to anon;
      create table ${schema}.target (${columns});
      create table ${schema}.big (id int primary key, n int not null, label text);
      create materialized view ${schema}.mv as select 1 as id;`)
    for (const name of ['items', 'many', 'special', 'target', 'big', 'mv']) ids[name] = await c.oid(name, schema)
  })
  afterAll(() => c.sql(`drop schema ${schema} cascade`))

  const download = async (q: Parameters<typeof api.exportUrl>[1]) => {
    const res = await fetch(api.exportUrl(REF, q), { headers: AUTH })
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() }
  }

  it('exports CSV with a header, RFC 4180 quoting, NULL as empty, json as JSON and arrays as array literals', async () => {
    const file = await download({ tableId: ids.items! })
    expect(file.status).toBe(200)
    expect(file.type).toBe('text/csv; charset=utf-8')
    expect(file.disposition).toBe(`attachment; filename="items_rows.csv"; filename*=UTF-8''items_rows.csv`)
    // Fields holding white space, parentheses or backslashes are quoted too, as RFC 4180 allows.
    expect(file.text).toBe(
      'id,name,price,tags,meta,at,ok\n' +
        '1,plain,1.50,"{a,b}","{""k"": [1, ""x""]}","2024-01-02 03:04:05+00",true\n' +
        '2,"comma, ""quote""\n      and newline",,"{""with space"",NULL,""""}","""text""",,false\n' +
        '3,"",0.00,{},null,"2024-06-01 00:00:00.5+00",\n' +
        '4,,,,,,\n' +
        String.raw`5,"back\slash (and parens)",,"{""a\\b""}","{""k"": ""\\""}",,` + '\n',
    )
  })

  it('exports only the filtered rows, in the sorted order', async () => {
    const file = await download({ tableId: ids.many!, filter: ['n:eq:3', 'id:lt:40'], sort: ['label:desc'] })
    expect(file.text).toBe('id,n,label\n38,3,"row 38"\n31,3,"row 31"\n3,3,"row 3"\n24,3,"row 24"\n17,3,"row 17"\n10,3,"row 10"\n')
  })

  it('streams every row of a table bigger than one fetch, in primary key order', async () => {
    const lines = (await download({ tableId: ids.many! })).text.trimEnd().split('\n')
    expect(lines).toHaveLength(12001)
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(Array.from({ length: 12000 }, (_, i) => i + 1))
  })

  it('exports SQL inserts that load the same rows into an identical table', async () => {
    const file = await download({ tableId: ids.items!, format: 'sql' })
    expect(file.type).toBe('application/sql; charset=utf-8')
    expect(file.disposition).toContain('filename="items_rows.sql"')
    const copy = unique('copy')
    await c.sql(`create table ${schema}.${copy} (${columns}); ${file.text.replaceAll(`"${schema}"."items"`, `"${schema}"."${copy}"`)}`)
    expect(await c.sql(`select * from ${schema}.${copy} order by id`)).toEqual(await c.sql(`select * from ${schema}.items order by id`))
  })

  it('writes SQL that skips generated columns and overrides identity columns generated always', async () => {
    const file = await download({ tableId: ids.special!, format: 'sql' })
    expect(file.text).toBe(
      `insert into "${schema}"."special" ("id", "name") overriding system value values ('1', 'a');\n` +
        `insert into "${schema}"."special" ("id", "name") overriding system value values ('2', 'bb');\n`,
    )
  })

  it('exports as the impersonated role, so RLS decides which rows go out', async () => {
    expect((await download({ tableId: ids.many!, role: 'anon' })).text).toBe('id,n,label\n')
  })

  it('answers a JSON error, not a file, when the export cannot start', async () => {
    const bad = async (q: Parameters<typeof api.exportUrl>[1]) => {
      const file = await download(q)
      return { status: file.status, body: JSON.parse(file.text) }
    }
    expect(await bad({ tableId: ids.items!, filter: ['id-eq-1'] })).toEqual({ status: 400, body: { message: '"id-eq-1" is not a filter (column:operator:value)', code: 400 } })
    expect((await bad({ tableId: ids.items!, filter: ['nope:eq:1'] })).body.message).toBe(`Column "nope" does not exist on ${schema}.items`)
    expect((await bad({ tableId: ids.items!, filter: ['id:eq:abc'] })).body.message).toMatch(/integer/)
    expect((await bad({ tableId: 2_000_000_000 })).status).toBe(404)
    expect((await bad({ tableId: ids.items!, role: 'no_such_role' })).body.message).toMatch(/no_such_role/)
  })

  const importCsv = async (tableId: number, mapping: Record<string, string>, csv: string | Blob) => {
    const events: ImportEvent[] = []
    const last = await api.importCsv(REF, { tableId, mapping }, csv, (e) => events.push(e))
    return { last, events }
  }

  it('imports a CSV export into an identical table unchanged', async () => {
    const csv = (await download({ tableId: ids.items! })).text
    const mapping = Object.fromEntries(['id', 'name', 'price', 'tags', 'meta', 'at', 'ok'].map((h) => [h, h]))
    expect(await importCsv(ids.target!, mapping, csv)).toEqual({
      last: { type: 'done', rows: 5 },
      events: [{ type: 'progress', rows: 5 }, { type: 'done', rows: 5 }],
    })
    const rows = await c.sql(`select * from ${schema}.target order by id`)
    // The one change: an empty text is an empty cell, which imports as NULL.
    const expected = (await c.sql(`select * from ${schema}.items order by id`)).map((r) => (r.name === '' ? { ...r, name: null } : r))
    expect(rows).toEqual(expected)
  })

  it('maps headers to columns, skips unmapped ones, and reports progress after each batch', async () => {
    const count = ROW_FETCH_BATCH * 2 + 200
    const csv = `skip me,number,the id\n${Array.from({ length: count }, (_, i) => `x,${i % 10},${i + 1}`).join('\r\n')}\r\n`
    const { last, events } = await importCsv(ids.big!, { 'the id': 'id', number: 'n' }, csv)
    expect(last).toEqual({ type: 'done', rows: count })
    expect(events).toEqual([
      { type: 'progress', rows: ROW_FETCH_BATCH },
      { type: 'progress', rows: ROW_FETCH_BATCH * 2 },
      { type: 'progress', rows: count },
      { type: 'done', rows: count },
    ])
    expect(await c.sql(`select count(*)::int as n, sum(id)::int as ids, count(label)::int as labels from ${schema}.big`)).toEqual([
      { n: count, ids: (count * (count + 1)) / 2, labels: 0 },
    ])
    await c.sql(`truncate ${schema}.big`)
  })

  it('stops at a bad row in the third batch, names it with the database message, and commits nothing', async () => {
    const bad = ROW_FETCH_BATCH * 2 + 250
    const rows = Array.from({ length: ROW_FETCH_BATCH * 4 }, (_, i) => `${i + 1},${i + 1 === bad ? 'many' : i}`)
    const { last, events } = await importCsv(ids.big!, { id: 'id', n: 'n' }, `id,n\n${rows.join('\n')}\n`)
    expect(last).toEqual({ type: 'error', row: bad, message: 'invalid input syntax for type integer: "many"' })
    expect(events).toEqual([{ type: 'progress', rows: ROW_FETCH_BATCH }, { type: 'progress', rows: ROW_FETCH_BATCH * 2 }, last])
    expect(await c.sql(`select count(*)::int as n from ${schema}.big`)).toEqual([{ n: 0 }])
  })

  it('names a row that breaks a rule together with an earlier batch (a duplicate key), and commits nothing', async () => {
    const rows = Array.from({ length: ROW_FETCH_BATCH * 2 }, (_, i) => `${i === 700 ? 3 : i + 1},1`)
    const { last } = await importCsv(ids.big!, { id: 'id', n: 'n' }, `id,n\n${rows.join('\n')}\n`)
    expect(last).toMatchObject({ type: 'error', row: 701 })
    expect((last as { message: string }).message).toMatch(/duplicate key/)
    const empty = await importCsv(ids.big!, { id: 'id', n: 'n' }, 'id,n\n1,\n')
    expect(empty.last).toMatchObject({ type: 'error', row: 1, message: expect.stringMatching(/null value in column "n"/) })
    expect(await c.sql(`select count(*)::int as n from ${schema}.big`)).toEqual([{ n: 0 }])
  })

  it('reads UTF-8 split anywhere across the upload, quoted newlines and a byte order mark', async () => {
    const text = 'héllo 😀 wörld, "quoted"\nnext line'
    const csv = `\uFEFFid,label\n1,"${text.replaceAll('"', '""')}"\n2,日本語\n`
    const bytes = new TextEncoder().encode(csv)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5))
        controller.close()
      },
    })
    const url = `${target.url}/platform/pg-meta/${REF}/table-rows/import?tableId=${ids.big}&mapping=${encodeURIComponent(JSON.stringify({ id: 'id', label: 'label' }))}`
    await c.sql(`alter table ${schema}.big alter column n set default 0`)
    const res = await fetch(url, { method: 'POST', headers: { ...AUTH, 'content-type': 'text/csv' }, body, duplex: 'half' } as RequestInit)
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/)
    expect((await res.text()).trim().split('\n').map((l) => JSON.parse(l))).toEqual([{ type: 'progress', rows: 2 }, { type: 'done', rows: 2 }])
    expect(await c.sql(`select id, label from ${schema}.big order by id`)).toEqual([{ id: 1, label: text }, { id: 2, label: '日本語' }])
    await c.sql(`truncate ${schema}.big`)
  })

  it('ends the transaction of a download or an upload the client gives up on', async () => {
    await c.sql(`insert into ${schema}.big select g, g, repeat('x', 200) from generate_series(1, 50000) g`)
    const reading = new AbortController()
    const res = await fetch(api.exportUrl(REF, { tableId: ids.big! }), { headers: AUTH, signal: reading.signal })
    await res.body!.getReader().read()
    reading.abort()

    const upload = new AbortController()
    let chunks = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks++ === 20) {
          upload.abort()
          return controller.error(new Error('gave up'))
        }
        const rows = Array.from({ length: 100 }, (_, i) => `${100_000 + chunks * 100 + i},1`).join('\n')
        controller.enqueue(new TextEncoder().encode(chunks === 1 ? `id,n\n${rows}\n` : `${rows}\n`))
      },
    })
    const url = `${target.url}/platform/pg-meta/${REF}/table-rows/import?tableId=${ids.big}&mapping=${encodeURIComponent('{"id":"id","n":"n"}')}`
    await expect(
      fetch(url, { method: 'POST', headers: { ...AUTH, 'content-type': 'text/csv' }, body, duplex: 'half', signal: upload.signal } as RequestInit),
    ).rejects.toThrow()

    // The database is free again (PGlite has one connection), and the upload committed nothing.
    await expect.poll(() => c.sql(`select count(*)::int as n from ${schema}.big`)).toEqual([{ n: 50000 }])
    expect((await download({ tableId: ids.big! })).text.split('\n')).toHaveLength(50002)
    await c.sql(`truncate ${schema}.big`)
  })

  it('refuses, with a JSON error and nothing inserted, an import that cannot start', async () => {
    const send = async (tableId: number, mapping: unknown, csv: string, type = 'text/csv') => {
      const url = `${target.url}/platform/pg-meta/${REF}/table-rows/import?tableId=${tableId}&mapping=${encodeURIComponent(JSON.stringify(mapping))}`
      const res = await fetch(url, { method: 'POST', headers: { ...AUTH, 'content-type': type }, body: csv })
      return { status: res.status, body: await res.json() }
    }
    const refusal = (message: string) => ({ status: 400, body: { message, code: 400 } })
    expect(await send(ids.big!, { missing: 'id' }, 'id\n1\n')).toEqual(refusal('The CSV file has no column "missing"'))
    expect(await send(ids.big!, { id: 'nope' }, 'id\n1\n')).toEqual(refusal(`Column "nope" does not exist on ${schema}.big`))
    expect(await send(ids.big!, { a: 'id', b: 'id' }, 'a,b\n1,2\n')).toEqual(refusal('Two CSV columns are mapped to the column "id"'))
    expect(await send(ids.big!, {}, 'id\n1\n')).toEqual(refusal('Map at least one CSV column to a column of the table'))
    expect(await send(ids.big!, { id: 'id' }, '')).toEqual(refusal('The CSV file is empty'))
    expect(await send(ids.big!, ['id'], 'id\n1\n')).toEqual(refusal('mapping must be a JSON object of CSV header → column'))
    expect((await send(ids.big!, { id: 'id' }, '{"id": 1}', 'application/json')).body.message).toMatch(/text\/csv/)
    expect(await send(ids.mv!, { id: 'id' }, 'id\n1\n')).toEqual(refusal(MSG.readOnlyRelation(`${schema}.mv`, 'materialized view')))
    const buckets = await c.oid('buckets', 'storage')
    expect(await send(buckets, { id: 'id', name: 'name' }, 'id,name\nx,x\n')).toEqual({
      status: 403, body: { message: MSG.protectedSchema('storage'), code: 403 },
    })
    expect(await c.sql(`select (select count(*) from ${schema}.big)::int as big, (select count(*) from storage.buckets where id = 'x')::int as buckets`)).toEqual([
      { big: 0, buckets: 0 },
    ])
  })
})
