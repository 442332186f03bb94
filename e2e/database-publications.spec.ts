/**
 * A person's paths through the Database Publications page (issue 15), by mouse and by keyboard, on the built
 * app: create a publication with chosen tables and operations, switch an operation, choose its tables, delete
 * it; pg_publication and pg_publication_rel are read through the API each time.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteCommand, palettePick, sql } from './support/helpers'

const suffix = Math.random().toString(36).slice(2, 8)
const tableA = `e2e_pub_a_${suffix}`
const tableB = `e2e_pub_b_${suffix}`
const made: string[] = []
const pubName = (what: string) => {
  const n = `e2e_pub_${what}_${suffix}`
  made.push(n)
  return n
}

const pgPublication = async (request: APIRequestContext, name: string) =>
  (await sql<{ ins: boolean; upd: boolean; del: boolean; trunc: boolean }>(
    request, `select pubinsert as ins, pubupdate as upd, pubdelete as del, pubtruncate as trunc from pg_publication where pubname = '${name}'`,
  ))[0]
const pgTables = async (request: APIRequestContext, name: string) =>
  (await sql<{ t: string }>(
    request, `select c.relname as t from pg_publication_rel r join pg_publication p on p.oid = r.prpubid join pg_class c on c.oid = r.prrelid where p.pubname = '${name}' order by 1`,
  )).map((r) => r.t)

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

test.beforeAll(async ({ request }) => {
  await sql(request, `create table public.${tableA} (id int primary key); create table public.${tableB} (id int primary key)`)
})
test.afterAll(async ({ request }) => {
  for (const n of made) await sql(request, `drop publication if exists ${n}`)
  await sql(request, `drop table if exists public.${tableA}, public.${tableB}`)
})

test('by mouse: create a publication for a chosen table, switch an operation, delete it', async ({ page, request }) => {
  const name = pubName('mouse')
  await page.goto('/project/default/database/replication')
  await expect(page.getByRole('heading', { name: 'Database Publications' })).toBeVisible()

  await page.getByRole('button', { name: 'Create publication' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a publication' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  await dialog.getByRole('switch', { name: 'Truncate' }).click()
  await dialog.getByRole('searchbox', { name: 'Search for a table' }).fill(tableA)
  await dialog.getByRole('checkbox', { name: `public.${tableA}` }).check()
  await expect(dialog.getByText('1 chosen')).toBeVisible()
  await page.screenshot({ path: 'test-results/shots/database-publications-create.png' })
  await dialog.getByRole('button', { name: 'Create publication' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(page, name).getByRole('button', { name: '1 table' })).toBeVisible()
  expect(await pgPublication(request, name)).toEqual({ ins: true, upd: true, del: true, trunc: false })
  expect(await pgTables(request, name)).toEqual([tableA])

  await row(page, name).getByRole('switch', { name: `Insert: ${name}` }).click()
  await expect(row(page, name).getByRole('switch', { name: `Insert: ${name}` })).not.toBeChecked()
  expect(await pgPublication(request, name)).toMatchObject({ ins: false })
  await page.screenshot({ path: 'test-results/shots/database-publications.png' })

  await row(page, name).getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Delete publication' }).click()
  await page.getByRole('alertdialog', { name: `Delete publication ${name}` }).getByRole('button', { name: 'Delete publication' }).click()
  await expect(row(page, name)).toBeHidden()
  expect(await pgPublication(request, name)).toBeUndefined()
})

test('by keyboard: create with Alt+y, choose tables with Shift+Alt+i, delete through the palette', async ({ page, request }) => {
  const name = pubName('keys')
  await page.goto('/project/default/database/replication')
  await expect(page.getByRole('heading', { name: 'Database Publications' })).toBeVisible()

  await page.keyboard.press('Alt+y')
  const dialog = page.getByRole('dialog', { name: 'Create a publication' })
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(row(page, name).getByRole('button', { name: '0 tables' })).toBeVisible()
  expect(await pgTables(request, name)).toEqual([])

  await page.keyboard.press('Shift+Alt+i')
  await palettePick(page, name)
  const tables = page.getByRole('dialog', { name: `Tables of ${name}` })
  await expect(tables.getByRole('searchbox', { name: 'Search for a table' })).toBeFocused()
  await page.keyboard.type(tableB)
  await expect(tables.getByRole('checkbox')).toHaveCount(1) // the search has narrowed the list
  await page.keyboard.press('Tab')
  await expect(tables.getByRole('checkbox', { name: `public.${tableB}` })).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(tables).toBeHidden()
  await expect(row(page, name).getByRole('button', { name: '1 table' })).toBeVisible()
  expect(await pgTables(request, name)).toEqual([tableB])

  await paletteCommand(page, 'Delete publication')
  await palettePick(page, name)
  const confirm = page.getByRole('alertdialog', { name: `Delete publication ${name}` })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Delete publication' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row(page, name)).toBeHidden()
  expect(await pgPublication(request, name)).toBeUndefined()
})
