/**
 * A person's paths through SQL snippets (issue 4), once by keyboard and once by mouse, on the built app:
 * write a query, run it with the keyboard, see it saved, rename it, favorite it, share it, reload and
 * find it again. What the server holds is checked through the content API.
 */
import { expect, test, type Page } from './support/fixtures'
import { AUTH } from './support/auth'
import { mod } from './support/helpers'
import type { ContentListResponse, SnippetContent } from '../src/shared/content'
import { MSG } from '../src/shared/messages'

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

async function savedSnippets(page: Page) {
  const res = await page.request.get('/platform/projects/default/content?type=sql', { headers: AUTH })
  return ((await res.json()) as ContentListResponse<SnippetContent>).data
}

async function savedSnippet(page: Page, id: string) {
  return (await savedSnippets(page)).find((s) => s.id === id)
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
  // a shared favorite is listed under Shared as well: Shared does not say there are none
  await expect(section(page, 'Shared').getByRole('link', { name: 'Dutch customers' })).toBeVisible()
  await expect(queries(page).getByText(MSG.noProjectQueries)).toHaveCount(0)
  await expect(editor(page)).toContainText("where country = 'NL'")
  expect(await savedSnippet(page, id)).toMatchObject({ name: 'Dutch customers', visibility: 'project', content: { favorite: true } })
})

test('by mouse: New query, Run, then the row menu renames, favorites and shares; the preview shows the SQL', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await listLoaded(page)
  await queries(page).getByRole('button', { name: 'New query' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\/new$/)

  await editor(page).click()
  await page.keyboard.type('select count(*) as orders from orders')
  await page.getByRole('button', { name: /^Run(?! as)/ }).click()
  await expect(results(page).getByRole('columnheader', { name: 'orders' })).toBeVisible()
  // what is typed makes it a snippet, which opens
  await expect(page).toHaveURL(/\/project\/default\/sql\/[0-9a-f-]{36}$/)
  await expect(queries(page).getByRole('status')).toHaveText('Saved')
  const id = openId(page)
  await expect.poll(async () => (await savedSnippet(page, id))?.content.sql).toBe('select count(*) as orders from orders')
  /** its row in a section (a favorite has one under Favorites as well) */
  const row = (name: 'Favorites' | 'Shared' | 'Private') => section(page, name).locator(`[data-snippet-id="${id}"]`)

  await row('Private').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Rename query' }).click()
  const name = queries(page).getByRole('textbox', { name: 'Query name' })
  await name.fill('Order count')
  await name.press('Enter')
  await expect(row('Private')).toHaveText('Order count')

  await row('Private').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Add to favorites' }).click()
  await expect(row('Favorites')).toHaveText('Order count')
  await expect(row('Private')).toHaveText('Order count')
  // ↑/↓ move row by row, through both rows of a favorite
  await row('Private').focus()
  await page.keyboard.press('ArrowUp')
  await expect(row('Private')).not.toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(row('Private')).toBeFocused()

  await row('Private').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Share with the project' }).click()
  await expect.poll(async () => (await savedSnippet(page, id))?.visibility).toBe('project')
  await expect(row('Shared')).toHaveText('Order count')
  await expect(row('Favorites')).toHaveText('Order count')
  await expect(row('Private')).toHaveCount(0)

  await page.reload()
  await row('Shared').hover()
  await expect(page.getByRole('tooltip')).toHaveText('select count(*) as orders from orders')
  expect(await savedSnippet(page, id)).toMatchObject({ name: 'Order count', visibility: 'project', content: { favorite: true } })
})

test('New query saves nothing until something is typed, and leaving it empty saves nothing', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await listLoaded(page)
  await editor(page).click()
  // in one input: typed key by key, an autosave between keys may name the query from 'sel' (Untitled query)
  await page.keyboard.insertText('select 1 as kept')
  await expect(page).toHaveURL(/\/project\/default\/sql\/[0-9a-f-]{36}$/)
  const kept = openId(page)
  const before = (await savedSnippets(page)).map((s) => s.id).sort()

  await queries(page).getByRole('button', { name: 'New query' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\/new$/)
  await expect(page.getByRole('heading', { level: 1, name: 'New query' })).toBeVisible()
  // empty: only the placeholder shows
  await expect(editor(page)).not.toContainText('select')

  // leaving it empty, for another query, saves nothing
  await queries(page).locator(`[data-snippet-id="${kept}"]`).click()
  await expect(page).toHaveURL(new RegExp(`/sql/${kept}$`))
  await expect(editor(page)).toContainText('select 1 as kept')
  await expect(queries(page).getByRole('link', { name: 'Untitled query' })).toHaveCount(0)
  expect((await savedSnippets(page)).map((s) => s.id).sort()).toEqual(before)
})
