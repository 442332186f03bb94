/**
 * Every row reachable past a stale estimate: the table is analyzed, then grows (or shrinks) without a new
 * ANALYZE, so its estimated count is wrong. Pages past the estimate still come back, and the count asked
 * with `exact: true` is count(*), with the filters, as the impersonated role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXACT_COUNT_THRESHOLD } from '../../src/shared/constants'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

const ANALYZED = EXACT_COUNT_THRESHOLD + 10_000
const TOTAL = ANALYZED + 15_000

describe.each(targets())('paging past a stale estimate on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('paging')
  let stale = 0

  beforeAll(async () => {
    // no autovacuum on the table, so nothing analyzes it behind the test's back
    await c.sql(`
      create schema ${schema};
      grant usage on schema ${schema} to anon;
      create table ${schema}.stale (id int primary key, n int) with (autovacuum_enabled = false);
      alter table ${schema}.stale enable row level security;
      grant select on ${schema}.stale to anon;
      create policy every_thousandth on ${schema}.stale for select to anon using (id % 1000 = 0);
      insert into ${schema}.stale select g, g % 7 from generate_series(1, ${ANALYZED}) g;
      analyze ${schema}.stale;
      insert into ${schema}.stale select g, g % 7 from generate_series(${ANALYZED + 1}, ${TOTAL}) g;`)
    stale = await c.oid('stale', schema)
  })
  afterAll(() => c.sql(`drop schema ${schema} cascade`))

  const ids = async (page: number, more: { ascending?: boolean } = {}) =>
    (
      await api.rows(REF, {
        tableId: stale,
        page,
        limit: 1000,
        sorts: more.ascending === undefined ? [] : [{ column: 'id', ascending: more.ascending }],
      })
    ).rows.map((r) => r.id as number)
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

  it('estimates below the real count, and still answers the pages past the estimate', async () => {
    const estimate = await api.count(REF, { tableId: stale })
    expect(estimate.is_estimate).toBe(true)
    expect(estimate.count).toBeLessThan(TOTAL - 10_000)
    const pastEstimate = Math.ceil(TOTAL / 1000) - 2
    expect(pastEstimate * 1000).toBeGreaterThan(estimate.count)
    expect(await ids(pastEstimate)).toEqual(range((pastEstimate - 1) * 1000 + 1, pastEstimate * 1000))
    expect(await ids(TOTAL / 1000)).toEqual(range(TOTAL - 999, TOTAL))
    expect(await ids(TOTAL / 1000 + 1)).toEqual([])
    // sorted the other way, the last page holds the first rows
    expect(await ids(TOTAL / 1000, { ascending: false })).toEqual(range(1, 1000).reverse())
  })

  it('counts exactly on demand: the whole table, with filters, and as a role under RLS', async () => {
    expect(await api.count(REF, { tableId: stale, exact: true })).toEqual({ count: TOTAL, is_estimate: false })
    const filters = [{ column: 'id', operator: 'gt' as const, value: String(ANALYZED) }]
    expect(await api.count(REF, { tableId: stale, filters, exact: true })).toEqual({ count: TOTAL - ANALYZED, is_estimate: false })
    const anon = { role: 'anon' }
    expect(await api.count(REF, { tableId: stale, impersonate: anon, exact: true })).toEqual({
      count: Math.floor(TOTAL / 1000), is_estimate: false,
    })
    expect(await api.count(REF, { tableId: stale, filters, impersonate: anon, exact: true })).toEqual({
      count: Math.floor(TOTAL / 1000) - Math.floor(ANALYZED / 1000), is_estimate: false,
    })
  })

  it('after most rows are deleted, the estimate stays stale while the exact count and the pages follow', async () => {
    await c.sql(`delete from ${schema}.stale where id > 7500`)
    const estimate = await api.count(REF, { tableId: stale })
    expect(estimate.is_estimate).toBe(true)
    expect(estimate.count).toBeGreaterThan(EXACT_COUNT_THRESHOLD)
    expect(await api.count(REF, { tableId: stale, exact: true })).toEqual({ count: 7500, is_estimate: false })
    expect(await ids(8)).toEqual(range(7001, 7500))
    expect(await ids(9)).toEqual([])
  })

  it('refuses an exact flag that is not a boolean', async () => {
    const res = await c.send('POST', `/platform/pg-meta/${REF}/table-rows/count`, { tableId: stale, exact: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^exact: /)
  })
})
