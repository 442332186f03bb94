/**
 * The Database area's frame (issue 15): /database opens Tables, the menu lists every page in its groups
 * (Webhooks only with pg_net), the side navigation marks Database active, and a path under a project that
 * is no page keeps the project's frame around "Page not found".
 */
import { expect, test } from './support/fixtures'

test('the Database menu lists its pages and /database opens Tables', async ({ page }) => {
  await page.goto('/project/default/database')
  await expect(page).toHaveURL(/\/project\/default\/database\/tables$/)
  const menu = page.getByRole('complementary', { name: 'Database menu' })
  await expect(menu.getByRole('navigation', { name: 'Database management' }).getByRole('link')).toHaveText([
    'Schema Visualizer', 'Tables', 'Functions', 'Triggers', 'Enumerated Types', 'Extensions', 'Indexes', 'Publications',
  ])
  await expect(menu.getByRole('navigation', { name: 'Access control' }).getByRole('link')).toHaveText(['Roles'])
  // no pg_net here: no Webhooks
  await expect(menu.getByRole('navigation', { name: 'Platform' }).getByRole('link')).toHaveText(['Wrappers', 'Migrations'])
  await expect(menu.getByRole('link', { name: 'Tables' })).toHaveAttribute('aria-current', 'page')
  await menu.getByRole('link', { name: 'Roles' }).click()
  await expect(page.getByRole('heading', { name: 'Database Roles' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page')
  await page.screenshot({ path: 'test-results/shots/database-frame.png' })
})

test('a path under a project that is no page keeps the project frame', async ({ page }) => {
  await page.goto('/project/default/database/nothing-here')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Table Editor' })).toBeVisible()
  await page.screenshot({ path: 'test-results/shots/project-not-found.png' })
})
