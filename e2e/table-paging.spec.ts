/**
 * Every row reachable: on a table whose estimated count is stale (analyzed at 60,000 rows, then grown to
 * 75,000 without a new ANALYZE), Go to page, Next, a hand-typed `?page=` and Last page all reach the rows
 * past the estimate; a click on the "~" count counts exactly; a page past the real end (rows deleted) goes
 * to the real last page.
 */
import { sql } from './support/helpers'
import { expect, test, type Page } from './support/fixtures'

const ANALYZED = 60_000
const TOTAL = 75_000

const rowCount = (page: Page) => page.getByRole('status').filter({ hasText: /rows?\b/ })
const footer = (page: Page) => page.locator('.te-footer')
/** The cell holding this id: ids are ten times the row's place, so no row number shows the same text. */
const idCell = (page: Page, place: number) => page.getByRole('gridcell', { name: String(place * 10), exact: true })

test('pages past a stale estimate, counts exactly on a click, and finds the real end after deletes', async ({ page, request }) => {
  const table = `paging_e2e_${Math.random().toString(36).slice(2, 8)}`
  await sql(
    request,
    `create table public.${table} (id int primary key, n int) with (autovacuum_enabled = false);
     insert into public.${table} select g * 10, g % 7 from generate_series(1, ${ANALYZED}) g;
     analyze public.${table};
     insert into public.${table} select g * 10, g % 7 from generate_series(${ANALYZED + 1}, ${TOTAL}) g;`,
  )
  const [found] = await sql<{ id: number }>(request, `select 'public.${table}'::regclass::oid::int as id`)
  const url = `/project/default/editor/${found!.id}?rows=1000`
  try {
    await page.goto(url)
    await expect(rowCount(page)).toHaveText(/^~[\d,]+ rows \(estimate\)$/)
    await expect(footer(page)).toContainText(/of ~\d/)

    // Go to page past the estimate
    const pageInput = page.getByRole('textbox', { name: 'Page' })
    await pageInput.fill('70')
    await pageInput.press('Enter')
    await expect(page).toHaveURL(/page=70/)
    await expect(idCell(page, 69_001)).toBeVisible()
    // the count follows the rows seen
    await expect(rowCount(page)).toHaveText('~70,000 rows (estimate)')

    // Next goes on while pages come back full
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=71/)
    await expect(idCell(page, 70_001)).toBeVisible()

    // Last page counts exactly and shows the real last rows
    await page.getByRole('button', { name: 'Last page' }).click()
    await expect(page).toHaveURL(/page=75/)
    await expect(idCell(page, TOTAL - 999)).toBeVisible()
    await expect(rowCount(page)).toHaveText('75,000 rows')
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled()

    // a fresh load: the estimate again, a hand-typed page past it, then a click on the "~" count
    await page.goto(`${url}&page=74`)
    await expect(idCell(page, 73_001)).toBeVisible()
    await page.getByRole('button', { name: /^~[\d,]+ rows \(estimate\)$/ }).click()
    await expect(rowCount(page)).toHaveText('75,000 rows')
    await expect(footer(page)).toContainText('of 75')

    // most rows deleted: the estimate stays stale, a page past the real end goes to the real last page
    await sql(request, `delete from public.${table} where id > 75000`)
    await page.goto(`${url}&page=20`)
    await expect(page).toHaveURL(/page=8(&|$)/)
    await expect(idCell(page, 7_001)).toBeVisible()
    await expect(rowCount(page)).toHaveText('7,500 rows')
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled()
  } finally {
    await sql(request, `drop table if exists public.${table}`)
  }
})
