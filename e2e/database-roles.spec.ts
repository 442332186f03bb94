/**
 * A person's paths through the database roles page (issue 5), once by mouse and once by keyboard, on the
 * built app: create a role from the dialog, toggle a flag, search, delete, and read pg_roles through the
 * API to see what the database holds. Every role name carries a random suffix and is dropped at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteCommand, palettePick, sql } from './support/helpers'

const made: string[] = []

function roleName(what: string): string {
  const name = `e2e_${what}_${Math.random().toString(36).slice(2, 8)}`
  made.push(name)
  return name
}

const pgRole = async (request: APIRequestContext, name: string) =>
  (await sql<{ login: boolean; createrole: boolean; createdb: boolean }>(
    request, `select rolcanlogin as login, rolcreaterole as createrole, rolcreatedb as createdb from pg_roles where rolname = '${name}'`,
  ))[0]

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

test.afterAll(async ({ request }) => {
  for (const name of made) await sql(request, `drop role if exists ${name}`)
})

test('by mouse: create a login role in the dialog, switch a flag, delete it from its menu', async ({ page, request }) => {
  const name = roleName('mouse')
  await page.goto('/project/default/database/roles')
  await expect(page.getByRole('heading', { name: 'Database Roles' })).toBeVisible()
  await expect(row(page, 'anon').getByLabel(/^Locked: anon is a system role/)).toBeVisible()
  await expect(row(page, 'anon').getByRole('switch')).toHaveCount(0)

  await page.getByRole('button', { name: 'Create role' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a new role' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  await dialog.getByRole('switch', { name: 'Can login' }).click()
  await dialog.getByLabel('Password').fill('e2e-secret')
  await dialog.getByRole('button', { name: 'Create role' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Created role ${name}`, { exact: true })).toBeVisible()
  await expect(row(page, name).getByRole('switch', { name: `Can login: ${name}` })).toBeChecked()
  expect(await pgRole(request, name)).toEqual({ login: true, createrole: false, createdb: false })

  await row(page, name).getByRole('switch', { name: `Can create databases: ${name}` }).click()
  await expect(row(page, name).getByRole('switch', { name: `Can create databases: ${name}` })).toBeChecked()
  expect(await pgRole(request, name)).toEqual({ login: true, createrole: false, createdb: true })

  await row(page, name).getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Delete role' }).click()
  await page.getByRole('alertdialog', { name: `Delete role ${name}` }).getByRole('button', { name: 'Delete role' }).click()
  await expect(row(page, name)).toBeHidden()
  expect(await pgRole(request, name)).toBeUndefined()
})

test('by keyboard: search with /, toggle a flag and delete a role through the palette', async ({ page, request }) => {
  const name = roleName('keys')
  await sql(request, `create role ${name} nologin`)
  await page.goto('/project/default/database/roles')
  await expect(row(page, name)).toBeVisible()

  await page.keyboard.press('/')
  await palettePick(page, name, 'text')
  await expect(page).toHaveURL(new RegExp(`search=${name}`))
  await expect(page.getByRole('searchbox', { name: 'Search for a role' })).toHaveValue(name)
  await expect(page.getByRole('rowheader')).toHaveCount(1) // one role left, the system ones too are filtered
  await expect(row(page, name)).toBeVisible()

  await paletteCommand(page, 'Toggle role flag')
  await palettePick(page, name)
  await palettePick(page, 'Can create roles')
  await expect(row(page, name).getByRole('switch', { name: `Can create roles: ${name}` })).toBeChecked()
  expect(await pgRole(request, name)).toEqual({ login: false, createrole: true, createdb: false })

  await paletteCommand(page, 'Delete role')
  await palettePick(page, name)
  const confirm = page.getByRole('alertdialog', { name: `Delete role ${name}` })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Delete role' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row(page, name)).toBeHidden()
  await expect(page.getByText(`Deleted role ${name}`, { exact: true })).toBeVisible()
  expect(await pgRole(request, name)).toBeUndefined()
})
