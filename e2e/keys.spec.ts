/**
 * Key bindings as a person presses them (issue 12): a sequence fires alone, not its last key's binding as
 * well; the snippet bindings work with the focus in the SQL editor while keys that type still type there;
 * and ⌘D in the editor is CodeMirror's "add the next occurrence", not Favorite query.
 */
import { expect, test, type Page } from './support/fixtures'
import { AUTH } from './support/auth'
import { mod, paletteDialog, sql } from './support/helpers'
import type { ContentListResponse, SnippetContent } from '../src/shared/content'

const editor = (page: Page) => page.getByRole('textbox', { name: 'SQL editor' })
const queries = (page: Page) => page.getByRole('complementary', { name: 'Queries' })
const crumbs = (page: Page) => paletteDialog(page).getByLabel('Steps')

async function savedSnippet(page: Page, id: string) {
  const res = await page.request.get('/platform/projects/default/content?type=sql', { headers: AUTH })
  const { data } = (await res.json()) as ContentListResponse<SnippetContent>
  return data.find((s) => s.id === id)
}

const openId = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? ''

/** A query typed into the editor on /sql/new, saved (its first save opens it), the focus still in the editor; its id. */
async function typedQuery(page: Page, text: string): Promise<string> {
  await editor(page).click()
  await page.keyboard.type(text)
  await expect(page).toHaveURL(/\/project\/default\/sql\/[0-9a-f-]{36}$/)
  await expect(queries(page).getByRole('status')).toHaveText('Saved')
  await editor(page).click()
  await page.keyboard.press(`${mod}+End`)
  return openId(page)
}

async function openSqlEditor(page: Page) {
  await page.goto('/project/default/sql/new')
  await expect(queries(page).getByRole('status', { name: 'Loading queries' })).toBeHidden({ timeout: 60_000 })
}

test('g then Shift+B opens the storage policies, and not the Create bucket dialog as well', async ({ page }) => {
  await page.goto('/project/default/storage/buckets')
  await expect(page.getByRole('heading', { name: 'Storage', exact: true })).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('Shift+KeyB')
  await expect(page).toHaveURL(/\/project\/default\/storage\/policies$/)
  await expect(page.getByRole('heading', { name: 'Storage policies' })).toBeVisible() // no dialog hides the page
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // the key by itself still opens the dialog
  await page.goto('/project/default/storage/buckets')
  await expect(page.getByRole('heading', { name: 'Storage', exact: true })).toBeVisible()
  await page.keyboard.press('Shift+KeyB')
  await expect(page.getByRole('dialog', { name: /bucket/i })).toBeVisible()
})

test('g then Shift+P opens the table’s policies, and not the palette at New policy as well', async ({ page, request }) => {
  const [table] = await sql<{ id: number }>(request, `select 'public.customers'::regclass::oid::int as id`)
  await page.goto(`/project/default/editor/${table!.id}`)
  await expect(page.getByRole('grid')).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('Shift+KeyP')
  await expect(page).toHaveURL(new RegExp(`/project/default/auth/policies\\?.*search=${table!.id}`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(paletteDialog(page)).toBeHidden()
})

test('in the SQL editor: ⌘⌥N, Shift+F2 and ⌘⇧⌫ reach the snippet, while Shift+N and Shift+⌫ edit the text', async ({ page }) => {
  await openSqlEditor(page)
  await typedQuery(page, 'select 0')
  await page.keyboard.press(`${mod}+Alt+KeyN`)
  await expect(page).toHaveURL(/\/project\/default\/sql\/new$/)
  await expect(editor(page).locator('.cm-placeholder')).toBeVisible() // an empty new query
  const id = await typedQuery(page, 'select 1 as ')

  // keys that type still type: Shift+N is 'N', Shift+Backspace deletes a character
  await page.keyboard.press('Shift+KeyN')
  await page.keyboard.press('Shift+KeyX')
  await page.keyboard.press('Shift+Backspace')
  await expect(editor(page)).toHaveText('select 1 as N')
  await expect(paletteDialog(page)).toBeHidden()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect.poll(async () => (await savedSnippet(page, id))?.content.sql).toBe('select 1 as N')

  await page.keyboard.press('Shift+F2')
  await expect(crumbs(page)).toContainText('Rename query')
  await page.keyboard.type('skip')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Renamed from the editor')
  await page.keyboard.press('Enter')
  await expect(queries(page).locator(`[data-snippet-id="${id}"]`)).toHaveText('Renamed from the editor')

  await editor(page).click()
  await page.keyboard.press(`${mod}+Shift+Backspace`)
  const confirm = page.getByRole('alertdialog', { name: 'Delete query' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(queries(page).locator(`[data-snippet-id="${id}"]`)).toHaveCount(0)
  await expect.poll(async () => await savedSnippet(page, id)).toBeUndefined()
})

test('in the SQL editor ⌘D adds the next occurrence to the selection, and does not favorite the query', async ({ page }) => {
  await openSqlEditor(page)
  const id = await typedQuery(page, 'select abc, abc')
  await page.keyboard.press('Home')
  for (let i = 0; i < 'select a'.length; i++) await page.keyboard.press('ArrowRight')
  await page.keyboard.press(`${mod}+KeyD`) // the word
  await page.keyboard.press(`${mod}+KeyD`) // and its next occurrence
  await page.keyboard.type('x')
  await expect(editor(page)).toHaveText('select x, x')
  await expect.poll(async () => (await savedSnippet(page, id))?.content.sql).toBe('select x, x')
  expect((await savedSnippet(page, id))?.content.favorite).toBe(false)
  await expect(queries(page).locator('[data-section="Favorites"]').locator(`[data-snippet-id="${id}"]`)).toHaveCount(0)
})
