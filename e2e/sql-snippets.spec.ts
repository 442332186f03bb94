/**
 * A person's paths through SQL snippets (issue 4), once by keyboard and once by mouse, on the built app:
 * write a query, run it with the keyboard, see it saved, rename it, favorite it, share it, reload and
 * find it again. What the server holds is checked through the content API.
 */
import { expect, test, type Page } from './support/fixtures'
import { AUTH } from './support/auth'
import { mod } from './support/helpers'
import type { ContentListResponse, SnippetContent } from '../src/shared/content'

const editor = (page: Page) => page.getByRole('textbox', { name: 'SQL editor' })
const results = (page: Page) => page.getByRole('region', { name: 'Results' })
const queries = (page: Page) => page.getByRole('complementary', { name: 'Queries' })
const section = (page: Page, name: 'Favorites' | 'Shared' | 'Private') => queries(page).locator(`[data-section="${name}"]`)

async function palette(page: Page, ...steps: string[]) {
  await page.keyboard.press(`${mod}+k`)
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible()
  for (const step of steps) {
    await page.keyboard.type(step)
    await page.keyboard.press('Enter')
  }
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden()
}

async function savedSnippet(page: Page, id: string) {
  const res = await page.request.get('/platform/projects/default/content?type=sql', { headers: AUTH })
  const { data } = (await res.json()) as ContentListResponse<SnippetContent>
  return data.find((s) => s.id === id)
}

/** The platform store opens on the first content call, which can take a while on a fresh data directory. */
async function listLoaded(page: Page) {
  await expect(queries(page).getByRole('status', { name: 'Loading queries' })).toBeHidden({ timeout: 60_000 })
}

const openId = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? ''

test('by keyboard: write, ⌘Enter, autosave, then rename, favorite and share from the palette', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await listLoaded(page)
  await editor(page).click()
  await page.keyboard.type("select name, country from customers where country = 'NL' order by name limit 3")
  await page.keyboard.press(`${mod}+Enter`)
  await expect(results(page).getByRole('status')).toHaveText(/^3 rows in \d/)

  // the first autosave makes /sql/new a snippet and opens it
  await expect(page).toHaveURL(/\/project\/default\/sql\/[0-9a-f-]{36}$/)
  await expect(queries(page).getByRole('status')).toHaveText('Saved')
  const id = openId(page)
  expect(await savedSnippet(page, id)).toMatchObject({ visibility: 'user', content: { sql: expect.stringContaining("'NL'") } })

  await palette(page, 'Rename query', 'skip', 'Dutch customers')
  await expect(section(page, 'Private').getByRole('link', { name: 'Dutch customers' })).toBeVisible()

  await palette(page, 'Favorite query', 'skip')
  await expect(section(page, 'Favorites').getByRole('link', { name: 'Dutch customers' })).toBeVisible()

  await palette(page, 'Share query with the project', 'skip')
  await expect.poll(async () => (await savedSnippet(page, id))?.visibility).toBe('project')

  await page.reload()
  await expect(section(page, 'Favorites').getByRole('link', { name: 'Dutch customers' })).toBeVisible()
  await expect(editor(page)).toContainText("where country = 'NL'")
  expect(await savedSnippet(page, id)).toMatchObject({ name: 'Dutch customers', visibility: 'project', content: { favorite: true } })
})

test('by mouse: New query, Run, then the row menu renames, favorites and shares; the preview shows the SQL', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await listLoaded(page)
  await queries(page).getByRole('button', { name: 'New query' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\/[0-9a-f-]{36}$/)
  const id = openId(page)
  const row = queries(page).locator(`[data-snippet-id="${id}"]`)
  await expect(row).toHaveText('Untitled query')

  await editor(page).click()
  await page.keyboard.type('select count(*) as orders from orders')
  await page.getByRole('button', { name: /^Run(?! as)/ }).click()
  await expect(results(page).getByRole('columnheader', { name: 'orders' })).toBeVisible()
  await expect(queries(page).getByRole('status')).toHaveText('Saved')
  await expect.poll(async () => (await savedSnippet(page, id))?.content.sql).toBe('select count(*) as orders from orders')

  await row.click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Rename query' }).click()
  const name = queries(page).getByRole('textbox', { name: 'Query name' })
  await name.fill('Order count')
  await name.press('Enter')
  await expect(row).toHaveText('Order count')

  await row.click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Add to favorites' }).click()
  await expect(section(page, 'Favorites').getByRole('link', { name: 'Order count' })).toBeVisible()

  await row.click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Share with the project' }).click()
  await expect.poll(async () => (await savedSnippet(page, id))?.visibility).toBe('project')

  await page.reload()
  await row.hover()
  await expect(page.getByRole('tooltip')).toHaveText('select count(*) as orders from orders')
  expect(await savedSnippet(page, id)).toMatchObject({ name: 'Order count', visibility: 'project', content: { favorite: true } })
})
