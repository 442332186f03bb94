/**
 * A person's paths through the Database Triggers page (issue 15), once by mouse and once by keyboard, on
 * the built app: create a trigger (by mouse with a new trigger function made from its form), see it fire
 * on an insert, disable it (no effect), delete it; pg_trigger read through the API each time. Each test
 * works in a schema of its own, dropped at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod, paletteCommand, palettePick, sql } from './support/helpers'

const schemas: string[] = []
async function setUp(request: APIRequestContext, what: string): Promise<string> {
  const schema = `e2e_tg_${what}_${Math.random().toString(36).slice(2, 8)}`
  schemas.push(schema)
  await sql(request, `create schema ${schema};
    create table ${schema}.notes (id int generated always as identity primary key, title text not null, slug text)`)
  return schema
}

const trigger = async (request: APIRequestContext, schema: string, name: string) =>
  (await sql<{ enabled: string; type: number }>(
    request, `select tgenabled::text as enabled, tgtype::int as type from pg_trigger where tgname = '${name}' and tgrelid = '${schema}.notes'::regclass`,
  ))[0]
const lastSlug = async (request: APIRequestContext, schema: string, title: string) => {
  await sql(request, `insert into ${schema}.notes (title) values ('${title}')`)
  return (await sql<{ slug: string | null }>(request, `select slug from ${schema}.notes order by id desc limit 1`))[0]!.slug
}

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

test.afterAll(async ({ request }) => {
  for (const s of schemas) await sql(request, `drop schema if exists ${s} cascade`)
})

test('by mouse: create a trigger with a new function, see it fire, disable it, delete it', async ({ page, request }) => {
  const schema = await setUp(request, 'mouse')
  await page.goto(`/project/default/database/triggers?schema=${schema}`)
  await expect(page.getByRole('heading', { name: 'Database Triggers' })).toBeVisible()
  await expect(page.getByText(`No triggers in ${schema} yet`)).toBeVisible()

  await page.getByRole('button', { name: 'Create a new trigger' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create a new trigger' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('notes_slug')
  await dialog.getByRole('combobox', { name: 'Table' }).click()
  await page.getByRole('option', { name: 'notes' }).click()
  await dialog.getByRole('checkbox', { name: 'UPDATE' }).check()

  // a new trigger function, from the trigger's form
  await dialog.getByRole('button', { name: 'Create a new function' }).click()
  const fnDialog = page.getByRole('dialog', { name: 'Create a new function' })
  await expect(fnDialog.getByRole('combobox', { name: 'Return type' })).toHaveValue('trigger')
  await fnDialog.getByRole('textbox', { name: 'Name' }).fill('slugify')
  await page.getByRole('textbox', { name: 'Function body' }).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type("begin new.slug := lower(replace(new.title, ' ', '-')); return new; end;")
  await fnDialog.getByRole('button', { name: 'Create function' }).click()
  await expect(fnDialog).toBeHidden()
  await expect(dialog.getByRole('combobox', { name: 'Function' })).toHaveText(`${schema}.slugify`)
  await page.screenshot({ path: 'test-results/shots/database-trigger-form.png' })
  await dialog.getByRole('button', { name: 'Create trigger' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'notes_slug')).toContainText('INSERTUPDATE')
  await expect(row(page, 'notes_slug').getByRole('cell', { name: 'slugify', exact: true })).toHaveAttribute('title', `${schema}.slugify`)
  expect(await trigger(request, schema, 'notes_slug')).toEqual({ enabled: 'O', type: 1 | 2 | 4 | 16 })
  expect(await lastSlug(request, schema, 'Hello World')).toBe('hello-world')
  await page.screenshot({ path: 'test-results/shots/database-triggers.png' })

  await row(page, 'notes_slug').getByRole('switch', { name: 'Enabled: notes_slug' }).click()
  await expect(row(page, 'notes_slug').getByRole('switch')).not.toBeChecked()
  await expect.poll(async () => (await trigger(request, schema, 'notes_slug'))?.enabled).toBe('D')
  expect(await lastSlug(request, schema, 'Off Now')).toBeNull()

  await row(page, 'notes_slug').getByRole('button', { name: 'Actions for notes_slug' }).click()
  await page.getByRole('menuitem', { name: 'Delete trigger' }).click()
  await page.getByRole('alertdialog', { name: 'Delete trigger notes_slug' }).getByRole('button', { name: 'Delete trigger' }).click()
  await expect(row(page, 'notes_slug')).toBeHidden()
  expect(await trigger(request, schema, 'notes_slug')).toBeUndefined()
})

test('by keyboard: create with Alt+J, disable and delete through the palette', async ({ page, request }) => {
  const schema = await setUp(request, 'keys')
  await sql(request, `create function ${schema}.stamp() returns trigger language plpgsql as $$ begin new.slug := 'stamped'; return new; end $$`)
  await page.goto(`/project/default/database/triggers?schema=${schema}`)
  await expect(page.getByText(`No triggers in ${schema} yet`)).toBeVisible()

  await page.keyboard.press('Alt+j')
  const dialog = page.getByRole('dialog', { name: 'Create a new trigger' })
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('notes_stamp')
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('combobox', { name: 'Table' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: 'notes' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('combobox', { name: 'Table' })).toHaveText('notes')
  const fn = dialog.getByRole('combobox', { name: 'Function' })
  for (let i = 0; i < 12 && !(await fn.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('option', { name: `${schema}.stamp` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(fn).toHaveText(`${schema}.stamp`)
  await page.keyboard.press('Shift+Tab') // the condition: Enter there submits the form
  await expect(dialog.getByRole('textbox', { name: 'Condition (optional)' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(row(page, 'notes_stamp')).toBeVisible()
  expect(await trigger(request, schema, 'notes_stamp')).toEqual({ enabled: 'O', type: 1 | 2 | 4 })
  expect(await lastSlug(request, schema, 'One')).toBe('stamped')

  await paletteCommand(page, 'Enable or disable trigger')
  await palettePick(page, 'notes_stamp')
  await palettePick(page, 'Skip')
  await expect(row(page, 'notes_stamp').getByRole('switch')).not.toBeChecked()
  expect((await trigger(request, schema, 'notes_stamp'))?.enabled).toBe('D')
  expect(await lastSlug(request, schema, 'Two')).toBeNull()

  await paletteCommand(page, 'Delete trigger')
  await palettePick(page, 'notes_stamp')
  const confirm = page.getByRole('alertdialog', { name: 'Delete trigger notes_stamp' })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Delete trigger' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row(page, 'notes_stamp')).toBeHidden()
  expect(await trigger(request, schema, 'notes_stamp')).toBeUndefined()
})
