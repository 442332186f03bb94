/**
 * A person's paths through the Database Functions page (issue 15), once by mouse and once by keyboard, on
 * the built app: create a function in the form (arguments, return type, the body in CodeMirror), edit it
 * (a new return type: dropped and created again), run it in the SQL editor, delete it; pg_proc read
 * through the API each time. Each test works in a schema of its own, dropped at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod, paletteCommand, paletteDialog, palettePick, sql } from './support/helpers'

const schemas: string[] = []
function schemaName(what: string): string {
  const name = `e2e_fn_${what}_${Math.random().toString(36).slice(2, 8)}`
  schemas.push(name)
  return name
}

const proc = async (request: APIRequestContext, schema: string, name: string) =>
  (await sql<{ args: string; result: string; src: string; secdef: boolean }>(
    request,
    `select pg_get_function_identity_arguments(p.oid) as args, pg_get_function_result(p.oid) as result, p.prosrc as src, p.prosecdef as secdef
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = '${schema}' and p.proname = '${name}'`,
  ))[0]

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true })
const body = (page: Page) => page.getByRole('textbox', { name: 'Function body' })

test.afterAll(async ({ request }) => {
  for (const s of schemas) await sql(request, `drop schema if exists ${s} cascade`)
})

test('by mouse: create a function in the form, edit its return type, run it, delete it', async ({ page, request }) => {
  const schema = schemaName('mouse')
  await sql(request, `create schema ${schema}`)
  await page.goto(`/project/default/database/functions?schema=${schema}`)
  await expect(page.getByRole('heading', { name: 'Database Functions' })).toBeVisible()
  await expect(page.getByText(`No functions in ${schema} yet`)).toBeVisible()

  await page.getByRole('button', { name: 'Create a new function' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create a new function' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('double_it')
  await dialog.getByRole('button', { name: 'Add argument' }).click()
  await dialog.getByRole('textbox', { name: 'Name of argument 1' }).fill('n')
  await dialog.getByRole('combobox', { name: 'Type of argument 1' }).fill('integer')
  await dialog.getByRole('combobox', { name: 'Return type' }).fill('integer')
  await page.screenshot({ path: 'test-results/shots/database-function-form-top.png' })
  await body(page).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('begin return n * 2; end;')
  await dialog.getByText('stable', { exact: true }).click()
  await dialog.getByRole('switch').click()
  await dialog.getByRole('textbox', { name: 'search_path' }).fill('public')
  await page.screenshot({ path: 'test-results/shots/database-function-form.png' })
  await dialog.getByRole('button', { name: 'Create function' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Created function ${schema}.double_it`, { exact: true })).toBeVisible()
  await expect(row(page, 'double_it')).toContainText('n integer')
  await expect(row(page, 'double_it')).toContainText('Definer')
  expect(await proc(request, schema, 'double_it')).toEqual({ args: 'n integer', result: 'integer', src: 'begin return n * 2; end;', secdef: true })
  await page.screenshot({ path: 'test-results/shots/database-functions.png' })

  // edit: a new return type means drop and create again
  await row(page, 'double_it').getByRole('button', { name: 'double_it', exact: true }).click()
  const edit = page.getByRole('dialog', { name: `Edit function ${schema}.double_it` })
  await expect(edit.getByRole('textbox', { name: 'Name of argument 1' })).toHaveValue('n')
  await expect(edit.getByRole('combobox', { name: 'Type of argument 1' })).toHaveValue('integer')
  await edit.getByRole('combobox', { name: 'Return type' }).fill('bigint')
  await edit.getByRole('button', { name: 'Save function' }).click()
  await expect(edit).toBeHidden()
  await expect(row(page, 'double_it')).toContainText('bigint')
  expect(await proc(request, schema, 'double_it')).toMatchObject({ args: 'n integer', result: 'bigint' })

  // a body the database refuses: its message, nothing changed
  await row(page, 'double_it').getByRole('button', { name: 'double_it', exact: true }).click()
  await body(page).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('begin retrun 1; end;')
  await edit.getByRole('button', { name: 'Save function' }).click()
  await expect(edit.getByRole('alert').filter({ hasText: 'syntax error at or near "retrun"' })).toBeVisible()
  await edit.getByRole('button', { name: 'Cancel' }).click()
  expect(await proc(request, schema, 'double_it')).toMatchObject({ src: 'begin return n * 2; end;' })

  // run: a new query in the SQL editor that calls it
  await row(page, 'double_it').getByRole('button', { name: 'Actions for double_it' }).click()
  await page.getByRole('menuitem', { name: 'Run in SQL editor' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\/[^/]+$/)
  await expect(page.getByRole('textbox', { name: 'SQL editor' })).toContainText(`select "${schema}"."double_it"("n" => null);`)
  const snippetId = new URL(page.url()).pathname.split('/').at(-1)!

  await page.goto(`/project/default/database/functions?schema=${schema}`)
  await row(page, 'double_it').getByRole('button', { name: 'Actions for double_it' }).click()
  await page.getByRole('menuitem', { name: 'Delete function' }).click()
  await page.getByRole('alertdialog', { name: `Delete function ${schema}.double_it` }).getByRole('button', { name: 'Delete function' }).click()
  await expect(row(page, 'double_it')).toBeHidden()
  expect(await proc(request, schema, 'double_it')).toBeUndefined()
  await request.delete(`/platform/projects/default/content?ids=${snippetId}`)
})

test('by keyboard: create with Alt+N and save from inside the body, edit through the palette, search, run with Alt+P, delete', async ({ page, request }) => {
  const schema = schemaName('keys')
  await sql(request, `create schema ${schema}`)
  await page.goto(`/project/default/database/functions?schema=${schema}`)
  await expect(page.getByText(`No functions in ${schema} yet`)).toBeVisible()

  await page.keyboard.press('Alt+n')
  const dialog = page.getByRole('dialog', { name: 'Create a new function' })
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.keyboard.type('ping')
  for (let i = 0; i < 12 && !(await body(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(body(page)).toBeFocused()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('begin perform 1; end;')
  // the form's save key, pressed inside the editor
  await page.keyboard.press('Shift+Alt+b')
  await expect(dialog).toBeHidden()
  await expect(row(page, 'ping')).toContainText('void')
  expect(await proc(request, schema, 'ping')).toEqual({ args: '', result: 'void', src: 'begin perform 1; end;', secdef: false })

  // edit through the palette, save from inside the body again
  await paletteCommand(page, 'Edit function')
  await palettePick(page, `${schema}.ping`)
  const edit = page.getByRole('dialog', { name: `Edit function ${schema}.ping` })
  await expect(edit).toBeVisible()
  for (let i = 0; i < 12 && !(await body(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('begin perform 2; end;')
  await page.keyboard.press('Shift+Alt+b')
  await expect(edit).toBeHidden()
  expect(await proc(request, schema, 'ping')).toMatchObject({ src: 'begin perform 2; end;' })

  // search with its key
  await page.keyboard.press('Alt+m')
  await palettePick(page, 'pin', 'text')
  await expect(page).toHaveURL(/search=pin/)
  await expect(page.getByRole('searchbox', { name: 'Search for a function' })).toHaveValue('pin')

  // run with its key: the palette asks which function, the SQL editor opens with a call
  await page.keyboard.press('Alt+p')
  await palettePick(page, `${schema}.ping`)
  await expect(page).toHaveURL(/\/project\/default\/sql\/[^/]+$/)
  await expect(page.getByRole('textbox', { name: 'SQL editor' })).toContainText(`select "${schema}"."ping"();`)
  await request.delete(`/platform/projects/default/content?ids=${new URL(page.url()).pathname.split('/').at(-1)}`)
  await page.goto(`/project/default/database/functions?schema=${schema}`)
  await expect(row(page, 'ping')).toBeVisible()

  // delete through the palette: confirm with the keyboard
  await paletteCommand(page, 'Delete function')
  await palettePick(page, `${schema}.ping`)
  await expect(paletteDialog(page)).toContainText('CASCADE')
  await palettePick(page, 'Skip')
  const confirm = page.getByRole('alertdialog', { name: `Delete function ${schema}.ping` })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Delete function' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row(page, 'ping')).toBeHidden()
  expect(await proc(request, schema, 'ping')).toBeUndefined()
})
