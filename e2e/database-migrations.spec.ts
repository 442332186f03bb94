/**
 * The Migrations page (issue 15), on the built app: the empty state without supabase_migrations; with the
 * history the CLI keeps (made here, dropped after), a migration picked by mouse and by keyboard, what it
 * changed against the one before it, its SQL copied and opened in the SQL editor. And the Webhooks page
 * where pg_net is missing (PGlite has none): the explanation and the way back.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { palettePick, sql } from './support/helpers'

const SEED = `
drop schema if exists supabase_migrations cascade;
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
insert into supabase_migrations.schema_migrations (version, name, statements) values
  ('20240101000000', 'init', array['create table items (id bigint primary key)', 'alter table items enable row level security']),
  ('20240215120000', 'add_title', array['create table items (id bigint primary key, title text)', 'alter table items enable row level security']),
  ('20240301083000', 'add_index', array['create index on items (title)']);`

const seed = (request: APIRequestContext) => sql(request, SEED)
const item = (page: Page, name: string) => page.getByRole('listbox', { name: 'Migrations, newest first' }).getByRole('option').filter({ hasText: name })
const diff = (page: Page) => page.getByRole('region', { name: /^Changes of migration/ })

test.afterAll(async ({ request }) => {
  await sql(request, 'drop schema if exists supabase_migrations cascade')
})

test('without supabase_migrations: the empty state says how migrations get there', async ({ page, request }) => {
  await sql(request, 'drop schema if exists supabase_migrations cascade')
  await page.goto('/project/default/database/migrations')
  await expect(page.getByRole('heading', { level: 1, name: 'Database Migrations' })).toBeVisible()
  await expect(page.getByText('No migrations yet')).toBeVisible()
  await expect(page.getByText('supabase migration new <name>')).toBeVisible()
  await expect(page.getByText('supabase db push --db-url <connection string>')).toBeVisible()
  await expect(page.getByText('supabase_migrations.schema_migrations (', { exact: false })).toBeVisible()
  await page.screenshot({ path: 'test-results/shots/database-migrations-empty.png' })
})

test('by mouse: pick a migration, read its changes and SQL, open it in the SQL editor', async ({ page, request }) => {
  await seed(request)
  await page.goto('/project/default/database/migrations')
  await expect(page.getByRole('status').filter({ hasText: '3 migrations in supabase_migrations.schema_migrations' })).toBeVisible()
  // newest first, the newest selected
  await expect(page.getByRole('option')).toHaveText([/add_index.*2024-03-01 08:30:00.*1 statement/, /add_title.*2024-02-15 12:00:00.*2 statements/, /init.*2024-01-01 00:00:00.*2 statements/])
  await expect(item(page, 'add_index')).toHaveAttribute('aria-selected', 'true')

  await item(page, 'add_title').click()
  await expect(item(page, 'add_title')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { level: 2, name: 'add_title' })).toBeVisible()
  await expect(page.getByText(/Against init .*\+1 −1 lines/)).toBeVisible()
  await expect(diff(page).locator('[data-kind="add"]')).toHaveText([/create table items \(id bigint primary key, title text\);/])
  await expect(diff(page).locator('[data-kind="remove"]')).toHaveText([/create table items \(id bigint primary key\);/])
  await expect(diff(page).locator('[data-kind="same"]').filter({ hasText: 'alter table items enable row level security;' })).toBeVisible()
  await page.screenshot({ path: 'test-results/shots/database-migrations-diff.png' })

  await page.getByRole('button', { name: 'SQL', exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'SQL of migration 20240215120000' })).toContainText('create table items (id bigint primary key, title text);')
  await page.screenshot({ path: 'test-results/shots/database-migrations-sql.png' })

  await page.getByRole('button', { name: 'Open in SQL editor' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\/[\w-]+$/)
  await expect(page.getByRole('textbox', { name: 'SQL editor' })).toContainText('create table items (id bigint primary key, title text);')
})

test('by keyboard: open a migration from the palette, step with the arrows, copy its SQL', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await seed(request)
  await page.goto('/project/default/database/migrations')
  await expect(item(page, 'add_index')).toHaveAttribute('aria-selected', 'true')

  await page.keyboard.press('Shift+Alt+KeyM')
  await palettePick(page, 'init')
  await expect(item(page, 'init')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('The first migration: every line is new (+3)')).toBeVisible()

  await page.getByRole('listbox', { name: 'Migrations, newest first' }).focus()
  await page.keyboard.press('ArrowUp')
  await expect(item(page, 'add_title')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowUp')
  await expect(item(page, 'add_index')).toHaveAttribute('aria-selected', 'true')
  await expect(diff(page).locator('[data-kind="add"]')).toHaveText([/create index on items \(title\);/])

  await page.keyboard.press('Shift+Alt+KeyX')
  await expect(page.locator('.ui-toast__message').filter({ hasText: 'Copied the SQL of migration 20240301083000 to the clipboard' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('create index on items (title);')
})

test('webhooks without pg_net: the page explains, the menu has no Webhooks, the link goes back', async ({ page }) => {
  await page.goto('/project/default/database/hooks')
  await expect(page.getByRole('heading', { level: 1, name: 'Database Webhooks' })).toBeVisible()
  await expect(page.getByText('Webhooks need the pg_net extension', { exact: true })).toBeVisible()
  await expect(page.getByText(/sends a table’s row changes .* to a URL over HTTP/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create webhook' })).toHaveCount(0)
  await expect(page.getByRole('complementary', { name: 'Database menu' }).getByRole('link', { name: 'Webhooks' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/shots/database-hooks.png' })
  await page.getByRole('link', { name: 'Back to Database' }).click()
  await expect(page).toHaveURL(/\/project\/default\/database\/tables$/)
})
