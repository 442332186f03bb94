/**
 * A person's paths through Database → Tables (issue 15), once by mouse and once by keyboard, on the built
 * app: create a table, open its columns, add a column, delete the table by typing its name; the catalog is
 * read through the API to see what the database holds. Names carry a random suffix and are dropped after.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod, paletteCommand, palettePick, sql } from './support/helpers'

const SHOTS = 'test-results/shots'
const made: string[] = []

function tableName(what: string): string {
  const name = `e2e_dbt_${what}_${Math.random().toString(36).slice(2, 8)}`
  made.push(name)
  return name
}

const exists = async (request: APIRequestContext, name: string) =>
  (await sql<{ found: boolean }>(request, `select to_regclass('public.${name}') is not null as found`))[0]?.found
const columnsOf = async (request: APIRequestContext, name: string) =>
  (await sql<{ name: string; type: string }>(
    request,
    `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = 'public.${name}'::regclass and attnum > 0 and not attisdropped order by attnum`,
  ))
const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

test.afterAll(async ({ request }) => {
  for (const name of made) await sql(request, `drop table if exists public.${name} cascade`)
})

test('by mouse: create a table, open its columns, add a column, reorder the view, delete it with CASCADE', async ({ page, request }) => {
  const name = tableName('mouse')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/project/default/database/tables')
  await expect(page.getByRole('heading', { name: 'Tables', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: /New table/ }).click()
  const form = page.getByRole('dialog', { name: 'Create a new table' })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await form.getByRole('button', { name: 'Create table' }).click()
  await expect(form).toBeHidden()
  await expect(page).toHaveURL(/\/project\/default\/database\/tables\/\d+$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(row(page, 'id')).toBeVisible()
  await expect(row(page, 'created_at')).toBeVisible()

  await page.getByRole('button', { name: /Add column/ }).click()
  const panel = page.getByRole('dialog', { name: `Add a new column to ${name}` })
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill('title')
  await panel.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: /^text\b/ }).click()
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel).toBeHidden()
  await expect(row(page, 'title')).toBeVisible()
  expect(await columnsOf(request, name)).toContainEqual({ name: 'title', type: 'text' })

  // the view order: drag title above id; the table keeps its own order
  await page.getByRole('button', { name: /^Move title/ }).dragTo(row(page, 'id'))
  await expect(page.getByRole('rowheader').first()).toHaveText('title')
  expect((await columnsOf(request, name)).map((c) => c.name)).toEqual(['id', 'created_at', 'title'])
  await expect(page.getByRole('note')).toContainText('View order only')
  await page.screenshot({ path: `${SHOTS}/database-table-columns.png` })

  await page.getByRole('tab', { name: /Definition/ }).click()
  await expect(page).toHaveURL(/view=definition/)
  await expect(page.getByRole('textbox', { name: 'Table definition' })).toContainText(`create table "public"."${name}"`)
  await page.screenshot({ path: `${SHOTS}/database-table-definition.png` })

  // a view over the table: without CASCADE the database refuses, with it both go
  await sql(request, `create view public.${name}_v as select id from public.${name}`)
  await page.getByRole('button', { name: `More actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Delete table' }).click()
  const dialog = page.getByRole('dialog', { name: `Delete table ${name}` })
  const remove = dialog.getByRole('button', { name: 'Delete table' })
  await expect(remove).toBeDisabled()
  await dialog.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name)
  await remove.click()
  await expect(dialog.getByRole('alert')).toContainText(/depend/)
  expect(await exists(request, name)).toBe(true)
  await dialog.getByRole('checkbox', { name: /Drop with CASCADE/ }).check()
  await remove.click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/project\/default\/database\/tables$/)
  expect(await exists(request, name)).toBe(false)
  expect(await exists(request, `${name}_v`)).toBe(false)
})

test('by keyboard: new table, its columns, a column, view order by keys, delete through the palette', async ({ page, request }) => {
  const name = tableName('keys')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/project/default/database/tables')
  await expect(page.getByRole('heading', { name: 'Tables', level: 1 })).toBeVisible()

  await page.keyboard.press('Shift+T')
  const form = page.getByRole('dialog', { name: 'Create a new table' })
  await expect(form).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(form).toBeHidden()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const tableId = Number(new URL(page.url()).pathname.split('/').at(-1))

  // back to the list: Alt+B searches, Alt+C opens the columns of a table picked in the palette
  await page.goto('/project/default/database/tables')
  await expect(row(page, name)).toBeVisible()
  await page.keyboard.press('Alt+b')
  await expect(page.getByRole('searchbox', { name: 'Search for a table' })).toBeFocused()
  await page.keyboard.type(name)
  await expect(page).toHaveURL(new RegExp(`search=${name}`))
  await expect(page.getByRole('rowheader')).toHaveCount(1)
  await page.screenshot({ path: `${SHOTS}/database-tables-search.png` })
  await page.keyboard.press('Escape')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Alt+c')
  await palettePick(page, name)
  await expect(page).toHaveURL(new RegExp(`/database/tables/${tableId}$`))
  await expect(row(page, 'created_at')).toBeVisible()

  await page.keyboard.press('Shift+C')
  const panel = page.getByRole('dialog', { name: `Add a new column to ${name}` })
  await expect(panel).toBeVisible()
  await panel.getByRole('textbox', { name: 'Name', exact: true }).focus()
  await page.keyboard.type('score')
  await panel.getByRole('combobox', { name: 'Type' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.keyboard.type('int4', { delay: 80 })
  await expect(page.getByRole('option', { name: /^int4\b/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(panel.getByRole('combobox', { name: 'Type' })).toContainText('int4')
  await panel.getByRole('textbox', { name: 'Name', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(panel).toBeHidden()
  await expect(row(page, 'score')).toBeVisible()
  expect(await columnsOf(request, name)).toContainEqual({ name: 'score', type: 'integer' })

  // the view order by keys: the handle takes ↑ and Home, and keeps the focus
  const handle = page.getByRole('button', { name: /^Move score/ })
  await handle.focus()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByRole('rowheader').nth(1)).toHaveText('score')
  await page.keyboard.press('Home')
  await expect(page.getByRole('rowheader').first()).toHaveText('score')
  await expect(page.getByRole('button', { name: /^Move score/ })).toBeFocused()

  // Alt+D right after a move by keys: the palette keeps the focus (the moved handle takes it back only when
  // nothing else has it), so the table picked opens its definition
  await page.keyboard.press('Alt+d')
  await palettePick(page, name)
  await expect(page).toHaveURL(new RegExp(`/database/tables/${tableId}\\?view=definition$`))
  await expect(page.getByRole('textbox', { name: 'Table definition' })).toContainText(`create table "public"."${name}"`)

  await paletteCommand(page, 'Delete table')
  await palettePick(page, name)
  const dialog = page.getByRole('dialog', { name: `Delete table ${name}` })
  await expect(dialog.getByRole('textbox', { name: `Type ${name} to confirm` })).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/project\/default\/database\/tables$/)
  expect(await exists(request, name)).toBe(false)
  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.press('Escape')
})

test('a protected schema is read-only: Locked, and no write actions', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/project/default/database/tables?schema=auth')
  await expect(page.getByRole('heading', { name: 'Tables', level: 1 })).toBeVisible()
  await expect(page.getByLabel(/^Locked: The auth schema is managed by the platform/).first()).toBeVisible()
  await expect(page.getByRole('button', { name: /New table/ })).toBeDisabled()
  await row(page, 'users').getByRole('button', { name: 'Actions for users' }).click()
  await expect(page.getByRole('menuitem', { name: 'Edit table' })).toHaveAttribute('data-disabled', '')
  await expect(page.getByRole('menuitem', { name: 'Delete table' })).toHaveAttribute('data-disabled', '')
  await expect(page.getByRole('menuitem', { name: 'View columns' })).not.toHaveAttribute('data-disabled', '')
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1')
  await page.screenshot({ path: `${SHOTS}/database-tables-locked.png` })
  await page.keyboard.press('Escape')

  await page.goto('/project/default/database/tables')
  await expect(page.getByRole('status').filter({ hasText: /tables? in public/ })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/database-tables.png` })
})
