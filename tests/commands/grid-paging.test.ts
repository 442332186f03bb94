/**
 * Every row reachable: the paging commands on a table whose estimated count is stale (analyzed, then grown
 * without a new ANALYZE), run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set). The grid's rows and count are read through the same query factories the
 * grid uses, and what the footer shows through the same correction.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/grid-view'
import '../../commands/grid-io'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, EXACT_COUNT_THRESHOLD } from '../../src/shared/constants'
import type { CountResponse, Row } from '../../src/shared/api'
import { paths } from '../../src/shared/routes'
import { countQuery, rowsQuery } from '../../src/web/model/project/queries'
import { setRole } from '../../src/web/model/project/role'
import { shownCount } from '../../src/web/model/table-editor/count-correction'
import { readGridSearch } from '../../src/web/model/table-editor/search'
import type { CommandId } from '../../commands/all'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const ANALYZED = EXACT_COUNT_THRESHOLD + 10_000
const TOTAL = ANALYZED + 15_000
const LIMIT = 1000
const ESTIMATED_LAST = Math.ceil(ANALYZED / LIMIT)
const REAL_LAST = Math.ceil(TOTAL / LIMIT)

describe.each(targets())('paging past a stale estimate on $name', (target) => {
  const table = `paging_stale_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext
  let tableId: number

  const view = () => readGridSearch(ctx.location.search)
  const open = (search: Record<string, unknown> = {}) => ctx.navigate({ to: paths.table(ref, tableId), search: { rows: LIMIT, ...search } })
  /** What the grid loads for the URL as it is now: the page's rows and the count (cached, as the grid keeps it). */
  async function load(): Promise<{ rows: Row[]; count: CountResponse }> {
    const v = view()
    const params = { filters: v.filters, sorts: v.sorts, page: v.page, limit: v.rows }
    await ctx.queryClient.ensureQueryData(countQuery(ctx.api, ref, tableId, v.filters))
    const { rows } = await ctx.queryClient.fetchQuery(rowsQuery(ctx.api, ref, tableId, params))
    const cached = ctx.queryClient.getQueryData(countQuery(ctx.api, ref, tableId, v.filters).queryKey)!
    return { rows, count: shownCount(cached, { page: v.page, limit: v.rows, rows: rows.length })! }
  }
  const ids = (rows: Row[]) => rows.map((r) => r.id)
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const reason = (id: CommandId) => disabledReason(getCommand(id)!, ctx)

  beforeAll(async () => {
    ctx = headlessContext(target, paths.tableEditor(ref))
    await ctx.api.query(
      ref,
      `create table public.${table} (id int primary key, n int) with (autovacuum_enabled = false);
       alter table public.${table} enable row level security;
       grant select on public.${table} to anon;
       create policy every_thousandth on public.${table} for select to anon using (id % 1000 = 0);
       insert into public.${table} select g, g % 7 from generate_series(1, ${ANALYZED}) g;
       analyze public.${table};
       insert into public.${table} select g, g % 7 from generate_series(${ANALYZED + 1}, ${TOTAL}) g;`,
    )
    tableId = (await ctx.api.query<{ id: number }>(ref, `select 'public.${table}'::regclass::oid::int as id`))[0]!.id
  })

  afterEach(() => {
    setRole('postgres')
    // as a page load would: nothing the grid learned about the count is kept
    ctx.queryClient.clear()
  })

  afterAll(() => ctx.api.query(ref, `drop table if exists public.${table}`))

  it('Next goes on past the estimate while pages come back full, and the count follows the rows seen', async () => {
    await open({ page: ESTIMATED_LAST })
    const before = await load()
    expect(before.count.is_estimate).toBe(true)
    expect(before.count.count).toBeLessThanOrEqual(ESTIMATED_LAST * LIMIT)
    expect(before.rows).toHaveLength(LIMIT)
    expect(reason('grid.page.next')).toBeNull()

    await run('grid.page.next')
    expect(view().page).toBe(ESTIMATED_LAST + 1)
    const after = await load()
    expect(ids(after.rows)).toEqual(range(ESTIMATED_LAST * LIMIT + 1, (ESTIMATED_LAST + 1) * LIMIT))
    expect(after.count).toEqual({ count: (ESTIMATED_LAST + 1) * LIMIT, is_estimate: true })
    expect(reason('grid.page.next')).toBeNull()
  })

  it('Go to page loads a page past the estimate', async () => {
    await open()
    await load()
    await run('grid.page.go', { page: REAL_LAST - 1 })
    expect(view().page).toBe(REAL_LAST - 1)
    expect(ids((await load()).rows)).toEqual(range((REAL_LAST - 2) * LIMIT + 1, (REAL_LAST - 1) * LIMIT))
  })

  it('Last page counts exactly and reaches the real last rows; there Next is done', async () => {
    await open()
    expect((await load()).count.is_estimate).toBe(true)
    await run('grid.page.last')
    expect(view().page).toBe(REAL_LAST)
    const last = await load()
    expect(ids(last.rows)).toEqual(range(TOTAL - LIMIT + 1, TOTAL))
    expect(last.count).toEqual({ count: TOTAL, is_estimate: false })
    expect(reason('grid.page.next')).toBe('Already on the last page')
    expect(reason('grid.page.last')).toBe('Already on the last page')
    // an exact count is what the database answered: Go to page past it stops at the real last page
    await run('grid.page.go', { page: REAL_LAST + 50 })
    expect(view().page).toBe(REAL_LAST)
  })

  it('Last page with a sort and a filter ends where the filtered rows end', async () => {
    await open({ filter: [`id:gt:${ANALYZED - 500}`], sort: ['id:desc'] })
    await run('grid.page.last')
    const remaining = TOTAL - (ANALYZED - 500)
    expect(view().page).toBe(Math.ceil(remaining / LIMIT))
    const last = await load()
    expect(ids(last.rows)).toEqual(range(ANALYZED - 499, ANALYZED - 500 + (remaining % LIMIT)).reverse())
    expect(last.count).toEqual({ count: remaining, is_estimate: false })
  })

  it('Count rows exactly replaces the estimate, and refreshing keeps it exact', async () => {
    await open()
    expect((await load()).count.is_estimate).toBe(true)
    expect(reason('grid.count.exact')).toBeNull()
    expect(await run('grid.count.exact')).toBe(TOTAL)
    const key = countQuery(ctx.api, ref, tableId, []).queryKey
    expect(ctx.queryClient.getQueryData(key)).toEqual({ count: TOTAL, is_estimate: false })
    expect(reason('grid.count.exact')).toBe('The row count is already exact')
    await run('grid.refresh')
    expect(await ctx.queryClient.fetchQuery(countQuery(ctx.api, ref, tableId, []))).toEqual({ count: TOTAL, is_estimate: false })
  })

  it('counts exactly as the chosen role, with the filters', async () => {
    setRole('anon')
    await open({ filter: [`id:gt:${ANALYZED}`] })
    expect(await run('grid.count.exact')).toBe(Math.floor(TOTAL / 1000) - Math.floor(ANALYZED / 1000))
    await open()
    expect(await run('grid.count.exact')).toBe(Math.floor(TOTAL / 1000))
  })

  it('after most rows are deleted, a page past the end corrects the estimate and Last page finds the real end', async () => {
    await ctx.api.query(ref, `delete from public.${table} where id > 7500`)
    await open({ page: 20 })
    const past = await load()
    expect(past.rows).toEqual([])
    expect(past.count).toEqual({ count: 19 * LIMIT, is_estimate: true })
    await run('grid.page.last')
    expect(view().page).toBe(8)
    const last = await load()
    expect(ids(last.rows)).toEqual(range(7001, 7500))
    expect(last.count).toEqual({ count: 7500, is_estimate: false })
    expect(reason('grid.page.next')).toBe('Already on the last page')
  })
})
