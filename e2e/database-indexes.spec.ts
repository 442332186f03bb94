/**
 * A person's paths through the Indexes page (issue 15), once by mouse and once by keyboard, on the built
 * app: create an index in the dialog (columns in order, a descending key, unique, partial), see it listed,
 * view its definition, drop it; read pg_index through the API to see what the database holds. Every table
 * carries a random suffix and is dropped at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteCommand, palettePick, sql } from './support/helpers'

const made: string[] = []

async function makeTable(request: APIRequestContext, what: string): Promise<string> {
  const name = `e2e_idx_${what}_${Math.random().toString(36).slice(2, 8)}`
  made.push(name)
  await sql(request, `create table public.${name} (id int primary key, email text, status text, created_at timestamptz default now());
    insert into public.${name} (id, email, status, created_at) select i, 'u' || i || '@x.io', 'open', now() - i * interval '1 minute' from generate_series(1, 50) i`)
  return name
}

const pgIndexDef = async (request: APIRequestContext, name: string) =>
  (await sql<{ def: string }>(request, `select pg_get_indexdef(indexrelid) as def from pg_index where indexrelid = to_regclass('public.${name}')`))[0]?.def

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

/** Picks an option of a Radix select (the kit's Select) by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.afterAll(async ({ request }) => {
  for (const name of made) await sql(request, `drop table if exists public.${name}`)
})

test('by mouse: create a unique partial index in the dialog, view its definition, drop it from its menu', async ({ page, request }) => {
  const table = await makeTable(request, 'mouse')
  await page.goto('/project/default/database/indexes')
  await expect(page.getByRole('heading', { level: 1, name: 'Indexes' })).toBeVisible()
  await expect(row(page, `${table}_pkey`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Index hints' })).toBeVisible()

  await page.getByRole('button', { name: 'Create index' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a new index' })
  await choose(page, dialog, 'Table', table)
  await dialog.getByRole('combobox', { name: 'Add column' }).click()
  await page.getByRole('option', { name: /^status/ }).click()
  await dialog.getByRole('combobox', { name: 'Add column' }).click()
  await page.getByRole('option', { name: /^created_at/ }).click()
  await dialog.getByRole('button', { name: 'Order of created_at' }).click()
  await dialog.getByRole('button', { name: 'Move created_at up' }).click()
  await dialog.getByRole('switch', { name: 'Unique' }).click()
  await dialog.getByRole('textbox', { name: 'Partial index: WHERE (optional)' }).fill('email is not null')
  await expect(dialog.getByLabel('SQL to run')).toHaveText(
    `CREATE UNIQUE INDEX ON "public"."${table}" USING btree ("created_at" DESC, "status") WHERE (email is not null)`,
  )
  // PGlite: no CONCURRENTLY to offer
  await expect(dialog.getByRole('switch', { name: 'Concurrently' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/shots/indexes-create.png' })
  await dialog.getByRole('button', { name: 'Create index' }).click()
  await expect(dialog).toBeHidden()
  const name = `${table}_created_at_status_idx`
  await expect(page.getByText(`Created index ${name}`, { exact: true })).toBeVisible()
  await expect(row(page, name)).toContainText('created_at DESC, status WHERE email IS NOT NULL')
  await expect(row(page, name)).toContainText('Unique')
  expect(await pgIndexDef(request, name)).toBe(
    `CREATE UNIQUE INDEX ${name} ON public.${table} USING btree (created_at DESC, status) WHERE (email IS NOT NULL)`,
  )
  await page.screenshot({ path: 'test-results/shots/indexes.png' })

  // bad input: the database's message in the dialog, nothing created
  await page.getByRole('button', { name: 'Create index' }).click()
  await choose(page, dialog, 'Table', table)
  await dialog.getByRole('combobox', { name: 'Add column' }).click()
  await page.getByRole('option', { name: /^status/ }).click()
  await dialog.getByRole('switch', { name: 'Unique' }).click()
  await dialog.getByRole('button', { name: 'Create index' }).click()
  await expect(dialog.getByRole('alert')).toContainText(`could not create unique index "${table}_status_idx"`)
  await page.screenshot({ path: 'test-results/shots/indexes-error.png' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  expect(await pgIndexDef(request, `${table}_status_idx`)).toBeUndefined()

  await row(page, name).getByRole('button', { name, exact: true }).click()
  const definition = page.getByRole('dialog', { name: `Index ${name}` })
  await expect(definition.getByLabel('Definition')).toContainText(`CREATE UNIQUE INDEX ${name}`)
  await definition.getByRole('button', { name: 'Done' }).click()

  await row(page, name).getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Drop index' }).click()
  await page.getByRole('alertdialog', { name: `Drop index ${name}` }).getByRole('button', { name: 'Drop index' }).click()
  await expect(row(page, name)).toBeHidden()
  expect(await pgIndexDef(request, name)).toBeUndefined()
})

test('by keyboard: create an index from the dialog opened by its key, search, drop it through the palette', async ({ page, request }) => {
  const table = await makeTable(request, 'keys')
  await page.goto('/project/default/database/indexes')
  await expect(row(page, `${table}_pkey`)).toBeVisible()

  await page.keyboard.press('Shift+Alt+c')
  const dialog = page.getByRole('dialog', { name: 'Create a new index' })
  await expect(dialog.getByRole('combobox', { name: 'Table' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('[role="option"]:focus')).toBeVisible() // the list took the focus: typing searches it
  await page.keyboard.type(table)
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('combobox', { name: 'Table' })).toHaveText(table)
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('combobox', { name: 'Add column' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: /^id/ })).toBeFocused() // the columns in table order: id, email…
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('option', { name: /^email/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('list', { name: 'Index columns' })).toContainText('email')
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab') // method, unique, WHERE, name
  await expect(dialog.getByRole('textbox', { name: 'Name (optional)' })).toBeFocused()
  await page.keyboard.type(`${table}_email`)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  const name = `${table}_email`
  await expect(row(page, name)).toBeVisible()
  expect(await pgIndexDef(request, name)).toBe(`CREATE INDEX ${name} ON public.${table} USING btree (email)`)

  await page.keyboard.press('Alt+s')
  await palettePick(page, name, 'text')
  await expect(page.getByRole('searchbox', { name: 'Search for an index' })).toHaveValue(name)
  await expect(page.getByRole('rowheader')).toHaveCount(1)

  await paletteCommand(page, 'Drop index')
  await palettePick(page, name)
  const confirm = page.getByRole('alertdialog', { name: `Drop index ${name}` })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Drop index' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Dropped index ${name}`, { exact: true })).toBeVisible()
  expect(await pgIndexDef(request, name)).toBeUndefined()
})
