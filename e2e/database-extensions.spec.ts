/**
 * A person's paths through the Database Extensions page (issue 15), by mouse and by keyboard, on the built app
 * (PGlite, which registers the extensions it ships): enable an extension into a schema from the dialog, see it
 * listed as installed, disable it after the confirmation; read pg_extension through the API each time. Also
 * looks at the Wrappers page, which on PGlite says postgres_fdw is missing.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteDialog, palettePick, sql } from './support/helpers'

const suffix = Math.random().toString(36).slice(2, 8)
const schema = `e2e_ext_${suffix}`

const pgExtension = async (request: APIRequestContext, name: string) =>
  (await sql<{ schema: string }>(request, `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = '${name}'`))[0]

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

test.beforeAll(async ({ request }) => {
  await sql(request, 'drop extension if exists ltree cascade; drop extension if exists citext cascade')
})
test.afterAll(async ({ request }) => {
  await sql(request, `drop extension if exists ltree cascade; drop extension if exists citext cascade; drop schema if exists ${schema} cascade`)
})

test('by mouse: search, enable ltree into a new schema, then disable it', async ({ page, request }) => {
  await page.goto('/project/default/database/extensions')
  await expect(page.getByRole('heading', { name: 'Database Extensions' })).toBeVisible()
  await expect(row(page, 'pgcrypto')).toBeVisible()
  await page.screenshot({ path: 'test-results/shots/database-extensions.png' })

  await page.getByRole('searchbox', { name: 'Search for an extension' }).fill('ltree')
  await expect(page).toHaveURL(/search=ltree/)
  await expect(page.getByRole('rowheader')).toHaveCount(1)

  await row(page, 'ltree').getByRole('switch', { name: 'Enable ltree' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enable ltree' })
  await expect(dialog.getByRole('textbox', { name: 'Schema' })).toHaveValue('extensions')
  await dialog.getByRole('textbox', { name: 'Schema' }).fill(schema)
  await page.screenshot({ path: 'test-results/shots/database-extensions-enable.png' })
  await dialog.getByRole('button', { name: 'Enable extension' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'ltree').getByRole('switch', { name: 'Disable ltree' })).toBeChecked()
  await expect(row(page, 'ltree').getByText(schema)).toBeVisible()
  expect(await pgExtension(request, 'ltree')).toEqual({ schema })

  await row(page, 'ltree').getByRole('switch', { name: 'Disable ltree' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Disable extension ltree' })
  await expect(confirm).toContainText('CASCADE')
  await confirm.getByRole('button', { name: 'Disable extension' }).click()
  await expect(row(page, 'ltree').getByRole('switch', { name: 'Enable ltree' })).not.toBeChecked()
  expect(await pgExtension(request, 'ltree')).toBeUndefined()

  await page.getByRole('searchbox', { name: 'Search for an extension' }).fill('')
  await page.getByRole('combobox', { name: 'Show extensions' }).click()
  await page.getByRole('option', { name: 'Installed' }).click()
  await expect(page).toHaveURL(/filter=installed/)
  await expect(row(page, 'plpgsql')).toBeVisible()
  await expect(row(page, 'pgcrypto')).toBeHidden()
})

test('by keyboard: search with Alt+w, enable with Alt+x and the dialog, disable with Shift+Alt+k', async ({ page, request }) => {
  await page.goto('/project/default/database/extensions')
  await expect(page.getByRole('heading', { name: 'Database Extensions' })).toBeVisible()

  await page.keyboard.press('Alt+w')
  await expect(paletteDialog(page).getByLabel('Steps')).toContainText('Search extensions')
  await palettePick(page, 'citext', 'text')
  await expect(page).toHaveURL(/search=citext/)
  await expect(page.getByRole('rowheader')).toHaveCount(1)

  await page.keyboard.press('Alt+x')
  await palettePick(page, 'citext')
  const dialog = page.getByRole('dialog', { name: 'Enable citext' })
  await expect(dialog.getByRole('textbox', { name: 'Schema' })).toBeFocused()
  await expect(dialog.getByRole('textbox', { name: 'Schema' })).toHaveValue('extensions')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(row(page, 'citext').getByRole('switch', { name: 'Disable citext' })).toBeChecked()
  expect(await pgExtension(request, 'citext')).toEqual({ schema: 'extensions' })

  await page.keyboard.press('Shift+Alt+k')
  await palettePick(page, 'citext')
  // the CASCADE step is optional: its Skip row comes first
  await expect(paletteDialog(page).getByRole('option', { name: /^Skip/ })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Disable extension citext' })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Disable extension' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Disabled extension citext', { exact: true })).toBeVisible()
  expect(await pgExtension(request, 'citext')).toBeUndefined()
})

test('the Wrappers page says which extension is missing on PGlite', async ({ page }) => {
  await page.goto('/project/default/database/wrappers')
  await expect(page.getByRole('heading', { name: 'Foreign Data Wrappers' })).toBeVisible()
  await expect(page.getByText('The postgres_fdw extension is missing')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create server' })).toBeDisabled()
  await page.screenshot({ path: 'test-results/shots/database-wrappers.png' })
})
