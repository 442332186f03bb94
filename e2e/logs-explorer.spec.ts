/**
 * The logs explorer in the browser (/project/default/logs/explorer): a query typed in the editor runs with
 * ⌘/Ctrl+Enter from inside it (the key inserts no line) and its rows show, with the SQL in the URL; a write
 * is refused with the server's message; a template opened from the templates page runs and charts its
 * requests per minute; the recent queries list what ran. Screenshot of the results with the chart.
 */
import { expect, test, type Page } from './support/fixtures'
import { mod } from './support/helpers'

const editor = (page: Page) => page.getByRole('textbox', { name: 'Logs query' })
const results = (page: Page) => page.getByRole('table', { name: 'Query results' })

async function typeQuery(page: Page, text: string) {
  await editor(page).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

test('runs a query by keyboard, opens a template and charts it', async ({ page }) => {
  await page.goto('/project/default/logs/explorer')
  await expect(page.getByRole('heading', { name: 'Logs Explorer', level: 1 })).toBeVisible()

  const query = `select timestamp, metadata->'request'->>'path' as path, metadata from edge_logs order by timestamp desc limit 20`
  await typeQuery(page, query)
  await page.keyboard.press(`${mod}+Enter`)
  await expect(page.getByRole('status').filter({ hasText: /^\d+ rows?$/ })).toBeVisible()
  await expect(results(page).getByRole('columnheader', { name: 'path' })).toBeVisible()
  await expect(results(page).getByRole('cell').filter({ hasText: '/platform/' }).first()).toBeVisible()
  await expect(editor(page).locator('.cm-line')).toHaveCount(1)
  expect(new URL(page.url()).searchParams.get('sql')).toBe(query)
  // a JSON value opens whole
  await results(page).getByRole('button', { name: /request/ }).first().click()
  await expect(page.getByRole('complementary', { name: 'Value' })).toContainText('"request"')

  await typeQuery(page, 'delete from edge_logs')
  await page.keyboard.press(`${mod}+Enter`)
  await expect(page.getByText('Only SELECT queries run on the logs.')).toBeVisible()

  await page.goto('/project/default/logs/explorer/templates')
  await page.getByRole('button', { name: 'Open Requests per minute' }).click()
  await expect(page).toHaveURL(/\/logs\/explorer\?/)
  await expect(results(page).getByRole('columnheader', { name: 'requests' })).toBeVisible()
  const chart = page.getByRole('region', { name: 'Chart' })
  await expect(chart.getByRole('combobox', { name: 'Chart value' })).toHaveText(/requests/)
  await expect(chart.locator('.recharts-line-curve, .recharts-line-dot').first()).toBeVisible()

  // requests per second: a line of many points, for the screenshot
  await typeQuery(page, `select date_trunc('second', timestamp) as second, count(*) as requests, max((metadata->>'duration_ms')::numeric) as max_ms\nfrom edge_logs\ngroup by 1\norder by 1`)
  await page.keyboard.press(`${mod}+Enter`)
  await expect(chart.getByRole('combobox', { name: 'Chart time' })).toHaveText(/second/)
  await chart.getByRole('combobox', { name: 'Chart value' }).click()
  await page.getByRole('option', { name: 'max_ms' }).click()
  await expect(chart.getByRole('combobox', { name: 'Chart value' })).toHaveText(/max_ms/)
  await page.mouse.move(0, 0) // no tooltip over the line
  await page.screenshot({ path: 'test-results/shots/logs-explorer.png' })
  // no colour transitions, so the dark screenshot is taken once the theme is in
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.keyboard.press(`${mod}+Shift+l`)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.screenshot({ path: 'test-results/shots/logs-explorer-dark.png' })
  await page.keyboard.press(`${mod}+Shift+l`)

  await page.goto('/project/default/logs/explorer/recent')
  await expect(page.getByRole('list', { name: 'Recent queries' }).getByRole('listitem')).toHaveCount(4)
})
