/**
 * A person's paths through the SQL editor (issue 4), once by keyboard and once by mouse, on the built app
 * over the demo schema: open the editor, type a query, run it, read the results or the error; and results
 * of real size (issue 12): the row limit and its banner, the full download, the value viewer, column
 * resizing and the Explain tab.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './support/fixtures'
import { mod, sql } from './support/helpers'

function editor(page: Page) {
  return page.getByRole('textbox', { name: 'SQL editor' })
}

function results(page: Page) {
  return page.getByRole('region', { name: 'Results' })
}

test('by keyboard: g s, type a query, ⌘Enter, read the rows, focus them and back; ⌘K formats it', async ({ page }) => {
  await page.goto('/project/default')
  await expect(page.getByRole('heading').or(page.getByRole('navigation')).first()).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('s')
  await expect(page).toHaveURL(/\/project\/default\/sql\/new$/)
  await expect(editor(page)).toBeFocused()

  await page.keyboard.type('select name, country from customers where country = ')
  await page.keyboard.type("'NL' order by name limit 3")
  await page.keyboard.press(`${mod}+Enter`)

  await expect(results(page).getByRole('status')).toHaveText(/^3 rows in \d/)
  await expect(results(page).getByRole('columnheader', { name: 'country' })).toBeVisible()
  const countries = results(page).getByRole('gridcell').filter({ hasText: /^[A-Z]{2}$/ })
  await expect(countries).toHaveCount(3)
  expect(new Set(await countries.allTextContents())).toEqual(new Set(['NL']))

  await page.keyboard.press('Shift+Alt+r')
  await expect(results(page).getByRole('grid')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(editor(page)).toBeFocused()

  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type('Format SQL')
  await page.keyboard.press('Enter')
  // one clause or item per line (the text before formatting would match a looser check at once)
  await expect(editor(page).locator('.cm-line')).toHaveText([
    'select', 'name,', 'country', 'from', 'customers', 'where', "country = 'NL'", 'order by', 'name', 'limit', '3',
  ])
})

test('by mouse: side navigation, Run button, an error with its place, then rows', async ({ page }) => {
  await page.goto('/project/default')
  await page.getByRole('navigation').getByRole('link', { name: 'SQL Editor' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\//)

  await editor(page).click()
  await page.keyboard.type('select 1 as one;\nselect nope from customers')
  await page.getByRole('button', { name: /^Run/ }).click()
  const failure = results(page).getByRole('alert')
  await expect(failure).toContainText('column "nope" does not exist')
  await expect(failure).toContainText('Line 2, column 8')
  await expect(page.locator('.sql-error-word')).toHaveText('nope')

  await editor(page).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('select 1 as one;\nselect count(*) as n from customers')
  await page.getByRole('button', { name: /^Run/ }).click()
  await expect(results(page).getByRole('tab')).toHaveCount(2)
  await expect(results(page).getByRole('gridcell', { name: '60' })).toBeVisible()
  await results(page).getByRole('tab').first().click()
  await expect(results(page).getByRole('columnheader', { name: 'one' })).toBeVisible()
  await expect(results(page).getByRole('status')).toHaveText(/^1 row in/)
})

// ---- results of real size (issue 12): the row limit, the full download, the value viewer, resizing, EXPLAIN ----

const rowsLimited = (page: Page) => results(page).getByRole('note', { name: 'Results limited' })

test('a 100k-row SELECT shows the first 1,000 rows under a banner; the whole result downloads; the limit is chosen in the toolbar', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await editor(page).click()
  await page.keyboard.type('select i, md5(i::text) as h from generate_series(1, 100000) i')
  const started = Date.now()
  await page.keyboard.press(`${mod}+Enter`)
  await expect(results(page).getByRole('gridcell', { name: 'c4ca4238a0b923820dcc509a6f75849b' })).toBeVisible()
  console.log(`⌘Enter → first row of a 100k-row SELECT (limit 1,000, PGlite): ${Date.now() - started} ms`)
  await expect(rowsLimited(page)).toContainText('Showing the first 1,000 rows: the query returned more.')
  await expect(results(page).getByRole('status')).toHaveText(/^First 1,000 rows in /)
  await expect(results(page).getByRole('grid')).toHaveAttribute('aria-rowcount', '1001')

  // every row, streamed to disk
  const [download] = await Promise.all([page.waitForEvent('download'), rowsLimited(page).getByRole('button', { name: 'All rows as CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^results-.*\.csv$/)
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines).toHaveLength(100_001)
  expect(lines[0]).toBe('i,h')
  expect(lines.at(-1)).toMatch(/^100000,[0-9a-f]{32}$/)

  // 100 rows from now on, kept for the next visit
  await page.getByRole('button', { name: 'Limit: 1,000 rows' }).click()
  await page.getByRole('menuitemcheckbox', { name: '100 rows' }).click()
  await expect(page.getByRole('button', { name: 'Limit: 100 rows' })).toBeVisible()
  await editor(page).click()
  await page.keyboard.press(`${mod}+Enter`)
  await expect(rowsLimited(page)).toContainText('Showing the first 100 rows')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Limit: 100 rows' })).toBeVisible()

  // no limit: every row, no banner
  await page.getByRole('button', { name: 'Limit: 100 rows' }).click()
  await page.getByRole('menuitemcheckbox', { name: 'No limit' }).click()
  await editor(page).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('select i from generate_series(1, 1500) i')
  await page.keyboard.press(`${mod}+Enter`)
  await expect(results(page).getByRole('status')).toHaveText(/^1,500 rows in /)
  await expect(rowsLimited(page)).toBeHidden()
})

test('no limit: a 100k-row SELECT shows every row, read a part at a time; End reaches the last one', async ({ page }) => {
  // the page's long tasks (over 50 ms), for the figure printed below
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[] }
    w.longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
  })
  await page.goto('/project/default/sql/new')
  await page.getByRole('button', { name: 'Limit: 1,000 rows' }).click()
  await page.getByRole('menuitemcheckbox', { name: 'No limit' }).click()
  await editor(page).click()
  await page.keyboard.type('select i, md5(i::text) as h from generate_series(1, 100000) i')
  const pressed = await page.evaluate(() => performance.now())
  const started = Date.now()
  await page.keyboard.press(`${mod}+Enter`)
  await expect(results(page).getByRole('gridcell', { name: 'c4ca4238a0b923820dcc509a6f75849b' })).toBeVisible()
  const firstRow = Date.now() - started
  await expect(results(page).getByRole('status')).toHaveText(/^100,000 rows in /)
  await expect(results(page).getByRole('grid')).toHaveAttribute('aria-rowcount', '100001')
  await expect(rowsLimited(page)).toBeHidden()
  const longest = await page.evaluate(
    (from) => Math.max(0, ...(window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks.filter((t) => t.start >= from).map((t) => t.duration)),
    pressed,
  )
  console.log(`⌘Enter → first row of a 100k-row SELECT (no limit, PGlite): ${firstRow} ms; longest main-thread task since: ${Math.round(longest)} ms`)

  // the last row, by keyboard: a cell chosen, then End
  await results(page).getByRole('gridcell', { name: 'c4ca4238a0b923820dcc509a6f75849b' }).click()
  await page.keyboard.press('End')
  const last = createHash('md5').update('100000').digest('hex')
  await expect(results(page).getByRole('gridcell', { name: last })).toBeVisible()
  await expect(results(page).getByRole('rowheader').filter({ hasText: /^100000$/ })).toBeVisible()
  await page.keyboard.press('Home')
  await expect(results(page).getByRole('gridcell', { name: 'c4ca4238a0b923820dcc509a6f75849b' })).toBeVisible()
})

test('a JSON cell opens pretty-printed in the value viewer: by mouse, by Enter in the grid, by its key inside the editor', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await editor(page).click()
  await page.keyboard.type(`select 1 as id, '{"a": {"b": [1, 2]}, "t": "x"}'::jsonb as meta, 'plain' as note`)
  await page.keyboard.press(`${mod}+Enter`)
  const viewer = page.getByRole('complementary', { name: 'Cell value' })
  const meta = results(page).getByRole('gridcell').filter({ hasText: '{"a":{"b":[1,2]},"t":"x"}' })

  // mouse: the cell's JSON button
  await meta.hover()
  await meta.getByRole('button', { name: 'View JSON of meta, row 1' }).click()
  await expect(viewer).toBeVisible()
  await expect(viewer.locator('pre')).toHaveText('{\n  "a": {\n    "b": [\n      1,\n      2\n    ]\n  },\n  "t": "x"\n}')
  await expect(viewer.getByRole('button', { name: 'Copy' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()

  // keyboard: the grid's arrows choose a cell, Enter opens it
  await page.keyboard.press('Shift+Alt+r')
  await expect(results(page).getByRole('grid')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(results(page).getByRole('gridcell', { selected: true })).toHaveText('plain')
  await page.keyboard.press('Enter')
  await expect(viewer.locator('pre')).toHaveText('plain')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(editor(page)).toBeFocused()

  // its key, pressed inside CodeMirror, opens the cell chosen
  await meta.click()
  await editor(page).click()
  await page.keyboard.press('Shift+Alt+j')
  await expect(viewer.locator('pre')).toContainText('"b": [')
  await expect(editor(page)).toHaveText(/::jsonb as meta, 'plain' as note$/)
})

test('a results column is resized by dragging its header edge, and by Alt+→ on the chosen cell', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await editor(page).click()
  await page.keyboard.type('select 1 as id, 2 as n')
  await page.keyboard.press(`${mod}+Enter`)
  const header = results(page).getByRole('columnheader', { name: 'n', exact: true })
  const width = async () => (await header.boundingBox())!.width
  const before = await width()

  const edge = results(page).getByRole('separator', { name: 'Resize column n' })
  const box = (await edge.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 })
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 })
  await page.mouse.up()
  await expect.poll(width).toBeCloseTo(before + 120, -1)

  const dragged = await width()
  await results(page).getByRole('gridcell', { name: '2', exact: true }).click()
  await page.keyboard.press('Alt+ArrowRight')
  await expect.poll(width).toBe(dragged + 24)
  await page.keyboard.press('Alt+ArrowLeft')
  await page.keyboard.press('Alt+ArrowLeft')
  await expect.poll(width).toBe(dragged - 24)
})

test('EXPLAIN ANALYZE of the statement at the cursor opens in a tab beside the results; an INSERT explained keeps nothing', async ({ page }) => {
  const table = `e2e_explain_${Math.random().toString(36).slice(2, 8)}`
  await sql(page.request, `create table ${table} (id int)`)
  try {
    await page.goto('/project/default/sql/new')
    await editor(page).click()
    await page.keyboard.type(`select count(*) as n from ${table};\ninsert into ${table} select generate_series(1, 100)`)
    // run the first statement (selected), then explain the second with the cursor in it (the key inside CodeMirror)
    await page.keyboard.press(`${mod}+Home`)
    await page.keyboard.press('Shift+End')
    await page.keyboard.press(`${mod}+Enter`)
    await expect(results(page).getByRole('gridcell', { name: '0', exact: true })).toBeVisible()
    await editor(page).click()
    await page.keyboard.press(`${mod}+End`)
    await page.keyboard.press('Shift+Alt+e')

    const tabs = results(page).getByRole('tab')
    await expect(tabs).toHaveText(['SELECT', 'Explain'])
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
    const plan = results(page).getByRole('region', { name: 'Query plan' })
    await expect(plan.locator('pre')).toContainText(`Insert on ${table}`)
    await expect(plan.locator('pre')).toContainText('Execution Time:')
    await expect(plan).toContainText('rolled back: nothing it changed was kept')
    expect(await sql(page.request, `select count(*)::int as n from ${table}`)).toEqual([{ n: 0 }])

    // the results stay beside it; the toolbar's button explains too
    await tabs.first().click()
    await expect(results(page).getByRole('columnheader', { name: 'n', exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Explain' }).click()
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
    await expect(plan.locator('pre')).toContainText(`Insert on ${table}`)
    expect(await sql(page.request, `select count(*)::int as n from ${table}`)).toEqual([{ n: 0 }])
  } finally {
    await sql(page.request, `drop table if exists ${table}`)
  }
})
