/**
 * A person's paths through the Enumerated Types page (issue 15), once by mouse and once by keyboard, on the
 * built app: create an enum, add a value before another, rename a value and the type, delete it with
 * CASCADE; read pg_enum (in enumsortorder) through the API to see what the database holds. Every type
 * carries a random suffix and is dropped at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteCommand, palettePick, sql } from './support/helpers'

const made: string[] = []

function typeName(what: string): string {
  const name = `e2e_enum_${what}_${Math.random().toString(36).slice(2, 8)}`
  made.push(name)
  return name
}

const pgValues = async (request: APIRequestContext, name: string) =>
  (await sql<{ values: string[] | null }>(
    request,
    `select (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as values
     from pg_type t where t.typname = '${name}' and t.typnamespace = 'public'::regnamespace`,
  ))[0]?.values

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })

test.afterAll(async ({ request }) => {
  for (const name of made) await sql(request, `drop table if exists public.${name}_t; drop type if exists public.${name} cascade`)
})

test('by mouse: create an enum, add and rename values, rename it, delete it with CASCADE', async ({ page, request }) => {
  const name = typeName('mouse')
  const renamed = typeName('mouse_renamed')
  await page.goto('/project/default/database/types')
  await expect(page.getByRole('heading', { level: 1, name: 'Enumerated Types' })).toBeVisible()

  await page.getByRole('button', { name: 'Create type' }).first().click()
  const create = page.getByRole('dialog', { name: 'Create a new enumerated type' })
  await create.getByRole('textbox', { name: 'Name' }).fill(name)
  await create.getByRole('textbox', { name: 'Value 1' }).fill('low')
  await create.getByRole('button', { name: 'Add value' }).click()
  await create.getByRole('textbox', { name: 'Value 2' }).fill('high')
  await create.getByRole('button', { name: 'Create type' }).click()
  await expect(create).toBeHidden()
  await expect(page.getByText(`Created type ${name}`, { exact: true })).toBeVisible()
  await expect(row(page, name).getByLabel(`Values of ${name}`)).toHaveText('lowhigh')
  expect(await pgValues(request, name)).toEqual(['low', 'high'])

  await row(page, name).getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Edit type' }).click()
  const edit = page.getByRole('dialog', { name: `Edit type ${name}` })
  await edit.getByRole('textbox', { name: 'New value' }).fill('medium')
  await edit.getByRole('combobox', { name: 'Position' }).click()
  await page.getByRole('option', { name: 'Before', exact: true }).click()
  await edit.getByRole('combobox', { name: 'Next to value' }).click()
  await page.getByRole('option', { name: 'high', exact: true }).click()
  await edit.getByRole('button', { name: 'Add value' }).click()
  await expect(edit.getByRole('textbox', { name: 'Rename value medium' })).toBeVisible()
  expect(await pgValues(request, name)).toEqual(['low', 'medium', 'high'])

  await edit.getByRole('textbox', { name: 'Rename value low' }).fill('minor')
  await edit.getByRole('button', { name: 'Save value low' }).click()
  await expect(edit.getByRole('textbox', { name: 'Rename value minor' })).toBeVisible()
  expect(await pgValues(request, name)).toEqual(['minor', 'medium', 'high'])
  await expect(edit).toContainText('Postgres cannot remove a value')
  await page.screenshot({ path: 'test-results/shots/types-edit.png' })

  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed)
  await edit.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('dialog', { name: `Edit type ${renamed}` })).toBeVisible()
  await page.getByRole('dialog', { name: `Edit type ${renamed}` }).getByRole('button', { name: 'Done' }).click()
  await expect(row(page, renamed)).toBeVisible()
  expect(await pgValues(request, name)).toBeUndefined()
  await page.screenshot({ path: 'test-results/shots/types.png' })

  await sql(request, `create table public.${renamed}_t (id int, level public.${renamed})`)
  await row(page, renamed).getByRole('button', { name: `Actions for ${renamed}` }).click()
  await page.getByRole('menuitem', { name: 'Delete type' }).click()
  const del = page.getByRole('dialog', { name: `Delete type ${renamed}` })
  await expect(del.getByRole('button', { name: 'Delete type' })).toBeDisabled()
  await del.getByRole('textbox', { name: `Type ${renamed} to confirm` }).fill(renamed)
  await del.getByRole('button', { name: 'Delete type' }).click()
  // still used by a column: the database says so, nothing is dropped
  await expect(del.getByRole('alert')).toContainText('other objects depend on it')
  await del.getByRole('switch', { name: 'Drop with CASCADE' }).click()
  await expect(del).toContainText('every column of this type is dropped')
  await page.screenshot({ path: 'test-results/shots/types-delete.png' })
  await del.getByRole('button', { name: 'Delete type' }).click()
  await expect(del).toBeHidden()
  await expect(row(page, renamed)).toBeHidden()
  expect(await pgValues(request, renamed)).toBeUndefined()
  const cols = await sql<{ column_name: string }>(request, `select column_name from information_schema.columns where table_name = '${renamed}_t'`)
  expect(cols.map((c) => c.column_name)).toEqual(['id'])
})

test('by keyboard: create from the key, add a value after another and rename through the palette, delete', async ({ page, request }) => {
  const name = typeName('keys')
  await page.goto('/project/default/database/types')
  await expect(page.getByRole('heading', { level: 1, name: 'Enumerated Types' })).toBeVisible()

  await page.keyboard.press('Alt+u')
  const create = page.getByRole('dialog', { name: 'Create a new enumerated type' })
  await expect(create.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await page.keyboard.type('draft')
  await page.keyboard.press('Enter')
  await expect(create.getByRole('textbox', { name: 'Value 2' })).toBeFocused()
  await page.keyboard.type('done')
  await page.keyboard.press('Enter')
  await expect(create.getByRole('textbox', { name: 'Value 3' })).toBeFocused()
  await page.keyboard.press('Enter') // an empty last value: submits
  await expect(create).toBeHidden()
  await expect(row(page, name)).toBeVisible()
  expect(await pgValues(request, name)).toEqual(['draft', 'done'])

  await page.keyboard.press('Alt+v')
  await palettePick(page, name)
  await palettePick(page, 'review', 'text')
  await palettePick(page, 'after')
  await palettePick(page, 'draft')
  await expect(row(page, name).getByLabel(`Values of ${name}`)).toHaveText('draftreviewdone')
  expect(await pgValues(request, name)).toEqual(['draft', 'review', 'done'])

  await paletteCommand(page, 'Rename value of enumerated type')
  await palettePick(page, name)
  await palettePick(page, 'done')
  await palettePick(page, 'published', 'text')
  await expect(row(page, name).getByLabel(`Values of ${name}`)).toHaveText('draftreviewpublished')
  expect(await pgValues(request, name)).toEqual(['draft', 'review', 'published'])

  await page.keyboard.press('Alt+q')
  await palettePick(page, name, 'text')
  await expect(page.getByRole('searchbox', { name: 'Search for a type' })).toHaveValue(name)
  await expect(page.getByRole('rowheader')).toHaveCount(1)

  await paletteCommand(page, 'Delete enumerated type')
  await palettePick(page, name)
  const del = page.getByRole('dialog', { name: `Delete type ${name}` })
  await expect(del).toBeVisible()
  await expect(del.getByRole('switch', { name: 'Drop with CASCADE' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(del.getByRole('textbox', { name: `Type ${name} to confirm` })).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(del).toBeHidden()
  await expect(page.getByText(`Deleted type ${name}`, { exact: true })).toBeVisible()
  expect(await pgValues(request, name)).toBeUndefined()
})
