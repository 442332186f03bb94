/**
 * A person's paths through table browsing (issue 2), once by keyboard and once by mouse, on the built
 * app over a fresh database with the demo schema: open the studio, go to the table editor, open a table,
 * filter it, and see the URL and the rows change.
 */
import { expect, test, type Page } from './support/fixtures'
import { mod, palettePick } from './support/helpers'

function rowCount(page: Page) {
  return page.getByRole('status').filter({ hasText: /rows?\b/ })
}

test('by keyboard: ⌘K to the table editor, open a table, filter through the palette', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/project\/default$/)
  // the redirect changes the URL before the app has drawn (and bound its keys): wait for the home page
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.keyboard.press(`${mod}+k`)
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible()
  await palettePick(page, 'Go to Table Editor')
  await expect(page).toHaveURL(/\/project\/default\/editor$/)

  await page.keyboard.press(`${mod}+k`)
  await palettePick(page, 'Open table')
  await palettePick(page, 'customers')
  await expect(page).toHaveURL(/\/project\/default\/editor\/\d+/)
  await expect(rowCount(page)).toHaveText('60 rows')

  await page.keyboard.press(`${mod}+k`)
  await palettePick(page, 'Add filter')
  await palettePick(page, 'country')
  await palettePick(page, 'equals')
  await palettePick(page, 'NL', 'text')

  await expect(page).toHaveURL(/filter=country%3Aeq%3ANL/)
  await expect(rowCount(page)).toHaveText('10 rows')
  const countries = page.getByRole('gridcell').filter({ hasText: /^(GB|US|NL|DE|FR|JP)$/ })
  await expect(countries.first()).toHaveText('NL')
  expect(new Set(await countries.allTextContents())).toEqual(new Set(['NL']))
})

test('by mouse: side navigation, table list, Filter popover', async ({ page }) => {
  await page.goto('/project/default')
  await page.getByRole('navigation').getByRole('link', { name: 'Table Editor' }).click()
  await expect(page).toHaveURL(/\/project\/default\/editor$/)

  await page.getByRole('complementary', { name: 'Table list' }).getByRole('link', { name: 'products' }).click()
  await expect(page).toHaveURL(/\/project\/default\/editor\/\d+/)
  await expect(rowCount(page)).toHaveText(/^\d+ rows$/)
  const before = (await rowCount(page).textContent()) ?? ''

  await page.getByRole('button', { name: /^Filter/ }).click()
  await page.getByRole('button', { name: 'Add filter' }).click()
  await page.getByRole('combobox', { name: 'Column' }).click()
  await page.getByRole('option', { name: 'available' }).click()
  await page.getByRole('combobox', { name: 'Operator' }).click()
  await page.getByRole('option', { name: /^is ·/ }).click()
  await page.getByRole('combobox', { name: 'Value' }).click()
  await page.getByRole('option', { name: 'false' }).click()
  await page.getByRole('button', { name: 'Apply filter' }).click()

  await expect(page).toHaveURL(/filter=available%3Ais%3Afalse/)
  await expect(rowCount(page)).not.toHaveText(before)
  await expect(page.getByRole('button', { name: 'Filtered by 1 rule' })).toBeVisible()

  await page.getByRole('button', { name: 'Filtered by 1 rule' }).click()
  await page.getByRole('button', { name: 'Remove filter' }).click()
  await page.getByRole('button', { name: 'Apply filter' }).click()
  await expect(page).not.toHaveURL(/filter=/)
  await expect(rowCount(page)).toHaveText(before)
})
