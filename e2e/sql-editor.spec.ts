/**
 * A person's paths through the SQL editor (issue 4), once by keyboard and once by mouse, on the built app
 * over the demo schema: open the editor, type a query, run it, read the results or the error.
 */
import { expect, test, type Page } from './support/fixtures'
import { mod } from './support/helpers'

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
