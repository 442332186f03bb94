/** The grid's rows and counts over HTTP: filters narrow, sorts order, pages are stable, roles see what RLS allows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXACT_COUNT_THRESHOLD, MAX_CELL_CHARACTERS } from '../../src/shared/constants'
import type { Filter } from '../../src/shared/filters'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('rows on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('rows')
  let items = 0
  let secrets = 0
  let big = 0

  beforeAll(async () => {
    await c.sql(`
      create schema ${schema};
      grant usage on schema ${schema} to anon, authenticated;
      create table ${schema}.items (
        id int primary key, name text, price numeric(8, 2), active boolean, meta jsonb, made date
      );
      insert into ${schema}.items
      select g, 'item ' || g, g * 1.5, g % 2 = 0, jsonb_build_object('n', g), date '2024-01-01' + g
      from generate_series(1, 250) g;
      update ${schema}.items set name = null, active = null where id = 7;
      create table ${schema}.secrets (id int primary key, owner uuid, body text);
      alter table ${schema}.secrets enable row level security;
      grant select on ${schema}.secrets to anon, authenticated;
      insert into ${schema}.secrets values
        (1, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'mine'), (2, 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a22', 'theirs');
      create table ${schema}.big (id bigint generated always as identity primary key, n int);
      alter table ${schema}.big enable row level security;
      grant select on ${schema}.big to anon;
      insert into ${schema}.big (n) select g % 100 from generate_series(1, ${EXACT_COUNT_THRESHOLD + 10_000}) g;
      analyze ${schema}.big;`)
    items = await c.oid('items', schema)
    secrets = await c.oid('secrets', schema)
    big = await c.oid('big', schema)
  })
  afterAll(() => c.sql(`drop schema ${schema} cascade`))

  const ids = async (filters: Filter[], more: { sorts?: { column: string; ascending: boolean }[]; page?: number } = {}) =>
    (await api.rows(REF, { tableId: items, filters, ...more })).rows.map((r) => r.id)

  it('returns the first page in primary-key order, with the values a user sees', async () => {
    const { rows, truncated } = await api.rows(REF, { tableId: items })
    expect(rows).toHaveLength(100)
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    expect(rows[1]).toEqual({ id: 2, name: 'item 2', price: '3.00', active: true, meta: { n: 2 }, made: '2024-01-03' })
    expect(truncated).toEqual([])
  })

  it('pages through the rows without gaps or repeats', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => ids([], { page })))
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50])
    expect(pages.flat()).toEqual(Array.from({ length: 250 }, (_, i) => i + 1))
    expect(await ids([], { page: 4 })).toEqual([])
  })

  it('narrows rows with each filter operator', async () => {
    expect(await ids([{ column: 'id', operator: 'eq', value: '5' }])).toEqual([5])
    expect(await ids([{ column: 'id', operator: 'lt', value: '4' }])).toEqual([1, 2, 3])
    expect(await ids([{ column: 'id', operator: 'lte', value: '3' }])).toEqual([1, 2, 3])
    expect(await ids([{ column: 'id', operator: 'gt', value: '247' }])).toEqual([248, 249, 250])
    expect(await ids([{ column: 'id', operator: 'gte', value: '248' }, { column: 'id', operator: 'neq', value: '249' }])).toEqual([248, 250])
    expect(await ids([{ column: 'name', operator: 'like', value: 'item 1_' }])).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    expect(await ids([{ column: 'name', operator: 'ilike', value: 'ITEM 24%' }])).toEqual([24, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249])
    expect(await ids([{ column: 'price', operator: 'like', value: '%.50' }, { column: 'id', operator: 'lt', value: '6' }])).toEqual([1, 3, 5])
    expect(await ids([{ column: 'made', operator: 'eq', value: '2024-01-11' }])).toEqual([10])
    expect(await ids([{ column: 'id', operator: 'in', value: '3, 30,300' }])).toEqual([3, 30])
    expect(await ids([{ column: 'name', operator: 'is', value: 'null' }])).toEqual([7])
    expect(await ids([{ column: 'active', operator: 'is', value: 'true' }, { column: 'id', operator: 'lt', value: '7' }])).toEqual([2, 4, 6])
    expect(await ids([{ column: 'active', operator: 'is', value: 'false' }, { column: 'id', operator: 'lt', value: '8' }])).toEqual([1, 3, 5])
    expect((await ids([{ column: 'name', operator: 'is', value: 'not null' }], { page: 3 })).length).toBe(49)
  })

  it('orders rows by the sorts, then by primary key', async () => {
    expect((await ids([], { sorts: [{ column: 'id', ascending: false }] })).slice(0, 3)).toEqual([250, 249, 248])
    const byActive = await ids([{ column: 'id', operator: 'lt', value: '6' }], { sorts: [{ column: 'active', ascending: false }] })
    expect(byActive).toEqual([2, 4, 1, 3, 5])
    const nullsFirst = await api.rows(REF, {
      tableId: items, sorts: [{ column: 'name', ascending: true, nullsFirst: true }], filters: [{ column: 'id', operator: 'lt', value: '9' }],
    })
    expect(nullsFirst.rows.map((r) => r.id)).toEqual([7, 1, 2, 3, 4, 5, 6, 8])
  })

  it('cuts long values and says which cells were cut', async () => {
    const table = unique('long')
    await c.sql(`create table ${schema}.${table} (id int primary key, body text, doc jsonb);
      insert into ${schema}.${table} values
        (1, repeat('é', ${MAX_CELL_CHARACTERS + 5}), jsonb_build_object('k', repeat('x', ${MAX_CELL_CHARACTERS}))),
        (2, repeat('b', ${MAX_CELL_CHARACTERS}), '{"short": true}')`)
    const { rows, truncated } = await api.rows(REF, { tableId: await c.oid(table, schema) })
    expect(truncated).toEqual([{ row: 0, column: 'body' }, { row: 0, column: 'doc' }])
    expect(rows[0]?.body).toBe('é'.repeat(MAX_CELL_CHARACTERS))
    expect(rows[0]?.doc).toBe(`{"k": "${'x'.repeat(MAX_CELL_CHARACTERS - 7)}`)
    expect(rows[1]).toEqual({ id: 2, body: 'b'.repeat(MAX_CELL_CHARACTERS), doc: { short: true } })
  })

  it('counts rows exactly while the table is small', async () => {
    expect(await api.count(REF, { tableId: items })).toEqual({ count: 250, is_estimate: false })
    expect(await api.count(REF, { tableId: items, filters: [{ column: 'active', operator: 'is', value: 'true' }] })).toEqual({
      count: 125, is_estimate: false,
    })
  })

  it('estimates the count of a big table, with filters, and as a role RLS shuts out', async () => {
    const total = EXACT_COUNT_THRESHOLD + 10_000
    const plain = await api.count(REF, { tableId: big })
    expect(plain.is_estimate).toBe(true)
    expect(Math.abs(plain.count - total)).toBeLessThan(total * 0.1)
    const filtered = await api.count(REF, { tableId: big, filters: [{ column: 'id', operator: 'lte', value: '1000' }] })
    expect(filtered.is_estimate).toBe(true)
    expect(filtered.count).toBeGreaterThan(500)
    expect(filtered.count).toBeLessThan(2000)
    const hidden = await api.count(REF, { tableId: big, impersonate: { role: 'anon' } })
    expect(hidden.is_estimate).toBe(true)
    expect(hidden.count).toBeLessThan(10)
    const page = await api.rows(REF, { tableId: big, page: 600, limit: 100 })
    expect(page.rows.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => String(59_901 + i)))
  })

  it('runs as the impersonated role, so RLS decides what it sees', async () => {
    const sub = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'
    expect((await api.rows(REF, { tableId: secrets })).rows).toHaveLength(2)
    expect(await api.rows(REF, { tableId: secrets, impersonate: { role: 'anon' } })).toEqual({ rows: [], truncated: [] })
    expect(await api.count(REF, { tableId: secrets, impersonate: { role: 'anon' } })).toEqual({ count: 0, is_estimate: false })
    await c.sql(`create policy own on ${schema}.secrets for select to authenticated using (owner = auth.uid())`)
    const mine = await api.rows(REF, { tableId: secrets, impersonate: { role: 'authenticated', claims: { sub } } })
    expect(mine.rows.map((r) => r.body)).toEqual(['mine'])
    expect(await api.count(REF, { tableId: secrets, impersonate: { role: 'authenticated', claims: { sub } } })).toEqual({
      count: 1, is_estimate: false,
    })
    expect((await c.sql<{ user: string }>('select current_user as user'))[0]?.user).toBe('postgres')
  })

  it('rejects bad requests with 400 and a readable message', async () => {
    const bad = async (path: string, body: unknown) => {
      const res = await c.send('POST', `/platform/pg-meta/${REF}/${path}`, body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(400)
      return res.body.message as string
    }
    expect(await bad('table-rows', { tableId: 'x' })).toMatch(/^tableId: /)
    expect(await bad('table-rows', { tableId: items, limit: 50 })).toMatch(/^limit: /)
    expect(await bad('table-rows', { tableId: items, filters: [{ column: 'id', operator: 'between', value: '1' }] })).toMatch(/^filters\.0\.operator: /)
    expect(await bad('table-rows', { tableId: items, filters: [{ column: 'nope', operator: 'eq', value: '1' }] })).toBe(
      `Column "nope" does not exist on ${schema}.items`,
    )
    expect(await bad('table-rows', { tableId: items, sorts: [{ column: 'nope', ascending: true }] })).toMatch(/does not exist/)
    expect(await bad('table-rows/count', { tableId: items, filters: [{ column: 'active', operator: 'is', value: 'yes' }] })).toMatch(/"is" takes/)
    expect(await bad('table-rows', { tableId: items, filters: [{ column: 'id', operator: 'eq', value: 'abc' }] })).toMatch(/integer/)
    expect(await bad('table-rows', { tableId: items, impersonate: { role: 'no_such_role' } })).toMatch(/no_such_role/)
    expect(await bad('table-rows', undefined)).toMatch(/expected object/)
    expect((await c.send('POST', `/platform/pg-meta/${REF}/table-rows`, { tableId: 2_000_000_000 })).status).toBe(404)
    expect(await api.count(REF, { tableId: items })).toEqual({ count: 250, is_estimate: false })
  })
})
