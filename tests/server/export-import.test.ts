/** CSV and SQL export (streamed from a cursor) and CSV import (streamed, one transaction, NDJSON progress). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportEvent } from '../../src/shared/api-edit'
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

  it('reads an export as it streams in, telling the bytes and lines received so far', async () => {
    const seen: [number, number][] = []
    const { blob, filename } = await api.downloadExport(REF, { tableId: ids.many! }, (bytes, lines) => seen.push([bytes, lines]))
    const text = await blob.text()
    expect(filename).toBe('many_rows.csv')
    expect(text).toBe((await download({ tableId: ids.many! })).text)
    expect(seen.at(-1)).toEqual([Buffer.byteLength(text), 12001])
    for (const [i, [bytes, lines]] of seen.entries()) {
      expect(bytes).toBeGreaterThan(seen[i - 1]?.[0] ?? 0)
      expect(lines).toBeGreaterThanOrEqual(seen[i - 1]?.[1] ?? 0)
    }
    await expect(api.downloadExport(REF, { tableId: ids.many!, filter: ['nope:eq:1'] })).rejects.toThrow(`Column "nope" does not exist on ${schema}.many`)
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

  /** Every event but the last is progress, rows growing; the last says how it ended. */
  const progressOf = (events: ImportEvent[]) => {
    const steps = events.slice(0, -1).map((e) => (e.type === 'progress' ? e.rows : NaN))
    steps.forEach((rows, i) => expect(rows).toBeGreaterThan(steps[i - 1] ?? 0))
    return steps
  }

  it('maps headers to columns, skips unmapped ones, and reports progress after each part it loads', async () => {
    const count = 30_000
    const csv = `skip me,number,the id\n${Array.from({ length: count }, (_, i) => `x,${i % 10},${i + 1}`).join('\r\n')}\r\n`
    const { last, events } = await importCsv(ids.big!, { 'the id': 'id', number: 'n' }, csv)
    expect(last).toEqual({ type: 'done', rows: count })
    const steps = progressOf(events)
    expect(steps.length).toBeGreaterThan(1)
    expect(steps.at(-1)).toBe(count)
    expect(await c.sql(`select count(*)::int as n, sum(id)::int as ids, sum(n)::int as ns, count(label)::int as labels from ${schema}.big`)).toEqual([
      { n: count, ids: (count * (count + 1)) / 2, ns: 4.5 * count, labels: 0 },
    ])
    await c.sql(`truncate ${schema}.big`)
  })

  it('stops at a bad row in a later part, names it with the database message, and commits nothing', async () => {
    const bad = 30_250
    const rows = Array.from({ length: 40_000 }, (_, i) => `${i + 1},${i + 1 === bad ? 'many' : i}`)
    const { last, events } = await importCsv(ids.big!, { id: 'id', n: 'n' }, `id,n\n${rows.join('\n')}\n`)
    expect(last).toEqual({ type: 'error', row: bad, message: 'invalid input syntax for type integer: "many"' })
    expect(progressOf(events).every((n) => n < bad)).toBe(true)
    expect(await c.sql(`select count(*)::int as n from ${schema}.big`)).toEqual([{ n: 0 }])
  })

  it('names a row that breaks a rule together with an earlier row (a duplicate key, in its part or an earlier one), and commits nothing', async () => {
    for (const [dup, length] of [[700, 1000], [25_000, 30_000]] as const) {
      const rows = Array.from({ length }, (_, i) => `${i === dup ? 3 : i + 1},1`)
      const { last } = await importCsv(ids.big!, { id: 'id', n: 'n' }, `id,n\n${rows.join('\n')}\n`)
      expect(last).toMatchObject({ type: 'error', row: dup + 1 })
      expect((last as { message: string }).message).toMatch(/duplicate key/)
    }
    const empty = await importCsv(ids.big!, { id: 'id', n: 'n' }, 'id,n\n1,\n')
    expect(empty.last).toMatchObject({ type: 'error', row: 1, message: expect.stringMatching(/null value in column "n"/) })
    expect(await c.sql(`select count(*)::int as n from ${schema}.big`)).toEqual([{ n: 0 }])
  })

  it('counts rows, not lines: a bad row after values with line breaks (LF and CRLF files, all columns or some) keeps its number', async () => {
    for (const lineBreak of ['\n', '\r\n']) {
      const records = ['1,1,"two\nlines"', '2,2,"x"', `3,3,"a${lineBreak}b${lineBreak}c"`, '4,4,y', '5,zz,"after"', '6,6,z']
      const csv = `id,n,label${lineBreak}${records.join(lineBreak)}${lineBreak}`
      for (const mapping of [{ id: 'id', n: 'n', label: 'label' }, { id: 'id', n: 'n' }] as Record<string, string>[]) {
        expect((await importCsv(ids.big!, mapping, csv)).last).toEqual({ type: 'error', row: 5, message: 'invalid input syntax for type integer: "zz"' })
      }
      const first = `id,n,label${lineBreak}1,1,"a${lineBreak}b"${lineBreak}2,oops,c${lineBreak}`
      expect((await importCsv(ids.big!, { id: 'id', n: 'n', label: 'label' }, first)).last).toMatchObject({ type: 'error', row: 2 })
    }
  })

  it('skips empty lines, fills short rows with NULL, drops extra cells, keeps a lone \\. and guesses the delimiter', async () => {
    const csv = 'id;n;label\r\n1;1;a\r\n\r\n2;2\r\n3;3;c;extra\r\n4;4;\\.\r\n5;5;"";\r\n\r\n6;6;last'
    expect((await importCsv(ids.big!, { id: 'id', n: 'n', label: 'label' }, csv)).last).toEqual({ type: 'done', rows: 6 })
    expect(await c.sql(`select id, n, label from ${schema}.big order by id`)).toEqual([
      { id: 1, n: 1, label: 'a' },
      { id: 2, n: 2, label: null },
      { id: 3, n: 3, label: 'c' },
      { id: 4, n: 4, label: '\\.' },
      { id: 5, n: 5, label: null },
      { id: 6, n: 6, label: 'last' },
    ])
    await c.sql(`truncate ${schema}.big`)
    // COPY would read a line holding only \\. as the end of the data
    await c.sql(`create table ${schema}.notes (note text)`)
    expect((await importCsv(await c.oid('notes', schema), { note: 'note' }, 'note\nfirst\n\\.\nafter\n')).last).toEqual({ type: 'done', rows: 3 })
    expect(await c.sql(`select note from ${schema}.notes`)).toEqual([{ note: 'first' }, { note: '\\.' }, { note: 'after' }])
  })

  it('imports into a view through a temporary table, all or nothing', async () => {
    await c.sql(`create view ${schema}.big_view as select id, n, label from ${schema}.big`)
    try {
      const view = await c.oid('big_view', schema)
      expect((await importCsv(view, { id: 'id', n: 'n' }, 'id,n\n1,10\n2,20\n')).last).toEqual({ type: 'done', rows: 2 })
      expect(await c.sql(`select id, n from ${schema}.big order by id`)).toEqual([{ id: 1, n: 10 }, { id: 2, n: 20 }])
      const again = await importCsv(view, { id: 'id', n: 'n' }, 'id,n\n3,30\n1,10\n')
      expect(again.last).toMatchObject({ type: 'error', row: 0, message: expect.stringMatching(/duplicate key/) })
      expect(await c.sql(`select count(*)::int as n from ${schema}.big`)).toEqual([{ n: 2 }])
    } finally {
      await c.sql(`drop view ${schema}.big_view; truncate ${schema}.big`)
    }
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
    for (const column of ['id', 'len']) {
      expect(await send(ids.special!, { x: column }, 'x\n7\n')).toEqual(refusal(`cannot insert a non-DEFAULT value into column "${column}"`))
    }
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
