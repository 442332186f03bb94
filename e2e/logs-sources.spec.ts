/**
 * A person's paths through a log source's page (issue 16), once by mouse and once by keyboard, on the built
 * app: requests to the studio show on the edge page (Kong API) as events in the list and bars in the
 * histogram; search, the event's JSON, the live tail, a zoom by dragging across bars, the range picker, and
 * the same view in the explorer. Each test's requests carry a random marker the page searches for.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod, paletteCommand } from './support/helpers'

const newMarker = () => `e2e_logsrc_${Math.random().toString(36).slice(2, 8)}`

/** `n` requests whose paths hold the marker (the studio answers them as it answers an unknown path). */
async function requests(request: APIRequestContext, marker: string, n: number, tag = 'a') {
  for (let i = 0; i < n; i++) await request.get(`/${marker}/${tag}/${i}`)
}

const list = (page: Page) => page.getByRole('listbox', { name: 'Events' })
const events = (page: Page) => list(page).getByRole('option')
const panel = (page: Page) => page.getByRole('complementary', { name: 'Event details' })

test('by mouse: search the edge events, read one, tail new ones, zoom on the histogram, open the explorer', async ({ page, request }) => {
  const marker = newMarker()
  await requests(request, marker, 3)
  await page.goto('/project/default/logs/edge-logs')
  await expect(page.getByRole('heading', { level: 1, name: 'Kong API' })).toBeVisible()

  // the page with the studio's own requests, both themes, for the screenshots
  await expect(events(page).first()).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Events over time' }).locator('.recharts-rectangle').first()).toBeVisible()
  await events(page).nth(2).click()
  await expect(panel(page).getByLabel('Event JSON')).toContainText('"status_code"')
  await page.mouse.move(0, 0)
  await page.screenshot({ path: 'test-results/shots/logs-edge.png' })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.keyboard.press(`${mod}+Shift+l`)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.screenshot({ path: 'test-results/shots/logs-edge-dark.png' })
  await page.keyboard.press(`${mod}+Shift+l`)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await panel(page).getByRole('button', { name: 'Close event details' }).click()
  await expect(panel(page)).toBeHidden()

  await page.getByRole('searchbox', { name: 'Search events' }).fill(marker)
  await expect(page).toHaveURL(new RegExp(`search=${marker}`))
  await expect(events(page)).toHaveCount(3)
  await expect(page.getByRole('figure', { name: 'Events over time' })).toContainText('3 events')
  await events(page).filter({ hasText: `/${marker}/a/1` }).click()
  await expect(panel(page).getByLabel('Event JSON')).toContainText(`"path": "/${marker}/a/1"`)
  await expect(events(page).filter({ hasText: `/${marker}/a/1` })).toHaveAttribute('aria-selected', 'true')

  // the live tail puts new requests on top
  await page.getByRole('button', { name: 'Live tail' }).click()
  await expect(page.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true')
  await requests(request, marker, 2, 'tail')
  await expect(events(page)).toHaveCount(5, { timeout: 15_000 })
  await expect(events(page).first()).toContainText(`/${marker}/tail/`)
  await page.getByRole('button', { name: 'Live' }).click()
  await expect(page.getByRole('button', { name: 'Live tail' })).toHaveAttribute('aria-pressed', 'false')

  // a preset range, then a zoom by dragging across the bars
  await page.getByRole('combobox', { name: 'Time range' }).click()
  await page.getByRole('option', { name: 'Last 15 minutes' }).click()
  await expect(page).toHaveURL(/range=15m/)
  const plot = await page.locator('.logs-src-chart__plot .recharts-surface').boundingBox()
  await page.mouse.move(plot!.x + plot!.width * 0.5, plot!.y + plot!.height / 2)
  await page.mouse.down()
  await page.mouse.move(plot!.x + plot!.width * 0.75, plot!.y + plot!.height / 2, { steps: 5 })
  await page.mouse.move(plot!.x + plot!.width * 0.99, plot!.y + plot!.height / 2, { steps: 5 })
  await page.mouse.up()
  await expect(page).toHaveURL(/range=custom&start=.*&end=/)
  await expect(page.getByRole('textbox', { name: 'From' }).or(page.getByLabel('From'))).toBeVisible()
  await expect(events(page)).toHaveCount(5)

  await page.getByRole('button', { name: 'Open in explorer' }).click()
  await expect(page).toHaveURL(/\/logs\/explorer\?/)
  expect(new URL(page.url()).searchParams.get('sql')).toBe(
    `select id, timestamp, event_message, metadata\nfrom edge_logs\nwhere strpos(lower(event_message), '${marker}') > 0\norder by timestamp desc\nlimit 100`,
  )
  expect(new URL(page.url()).searchParams.get('range')).toBe('custom')
})

test('by keyboard: focus the search, step through the events with the arrows, read one, tail, open the explorer', async ({ page, request }) => {
  const marker = newMarker()
  await requests(request, marker, 3)
  await page.goto(`/project/default/logs/edge-logs?search=${marker}`)
  await expect(events(page)).toHaveCount(3)

  await page.keyboard.press('Alt+e')
  const search = page.getByRole('searchbox', { name: 'Search events' })
  await expect(search).toBeFocused()
  await search.press('End')
  await page.keyboard.type('/a/2')
  await expect(events(page)).toHaveCount(1)
  await search.press('Backspace')
  await search.press('Backspace')
  await search.press('Backspace')
  await search.press('Backspace')
  await expect(events(page)).toHaveCount(3)

  // Tab onwards to the list, then the arrows choose an event and Enter shows it
  for (let i = 0; i < 12 && !(await list(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(list(page)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(events(page).nth(0)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(events(page).nth(1)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(panel(page).getByLabel('Event JSON')).toContainText(`"path": "/${marker}/a/1"`)
  await page.keyboard.press('ArrowUp')
  await expect(panel(page).getByLabel('Event JSON')).toContainText(`"path": "/${marker}/a/2"`)
  await page.keyboard.press('Escape')
  await expect(panel(page)).toBeHidden()

  await page.keyboard.press('Shift+Alt+y')
  await expect(page.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true')
  await requests(request, marker, 1, 'tail')
  await expect(events(page)).toHaveCount(4, { timeout: 15_000 })
  await page.keyboard.press('Shift+Alt+y')
  await expect(page.getByRole('button', { name: 'Live tail' })).toHaveAttribute('aria-pressed', 'false')

  await paletteCommand(page, 'Set logs time range')
  await page.keyboard.type('3h')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/range=3h/)

  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type('Open in Logs Explorer')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/logs\/explorer\?.*range=3h/)
  expect(new URL(page.url()).searchParams.get('sql')).toContain(`where strpos(lower(event_message), '${marker}') > 0`)
})

test('an empty range and a search without match say so', async ({ page }) => {
  await page.goto(`/project/default/logs/postgrest-logs?search=${newMarker()}`)
  await expect(page.getByRole('heading', { level: 1, name: 'PostgREST' })).toBeVisible()
  await expect(page.getByText('No results found')).toBeVisible()
  await expect(page.getByText('No events in this range')).toBeVisible()
})
