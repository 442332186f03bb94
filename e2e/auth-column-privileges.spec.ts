/**
 * A person's paths through Authentication → Column privileges (ALPHA), once by mouse and once by keyboard,
 * on the built app: the page is off until its feature flag is turned on; a table's table-level grant is
 * switched to column-level, a column hidden from anon, and the batch applied, which the database's own
 * has_column_privilege confirms.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteCommand, palettePick, paletteDialog, sql } from './support/helpers'

const made: string[] = []

async function makeTable(request: APIRequestContext, what: string) {
  const name = `e2e_cp_${what}_${Math.random().toString(36).slice(2, 8)}`
  made.push(name)
  await sql(request, `create table public.${name} (id int primary key, email text, secret text)`)
  const [row] = await sql<{ id: number }>(request, `select 'public.${name}'::regclass::oid::int as id`)
  return { name, id: row!.id }
}

const can = async (request: APIRequestContext, table: string, role: string, column: string, privilege: string) =>
  (await sql<{ ok: boolean }>(request, `select has_column_privilege('${role}', 'public.${table}', '${column}', '${privilege}') as ok`))[0]!.ok

const cell = (page: Page, privilege: string, column: string, role: string) => page.getByRole('checkbox', { name: `${privilege} on ${column} for ${role}` })

test.afterAll(async ({ request }) => {
  for (const name of made) await sql(request, `drop table if exists public.${name}`)
})

test('by mouse: turn the feature on, switch anon SELECT to column-level, hide a column, apply', async ({ page, request }) => {
  const table = await makeTable(request, 'mouse')
  await page.goto('/project/default/auth/column-privileges')
  await expect(page.getByText('Column privileges is an ALPHA feature and is turned off')).toBeVisible()
  await page.screenshot({ path: '/tmp/h4-cp-off.png' })
  await page.getByRole('button', { name: 'Turn on column privileges' }).click()
  await expect(page.getByRole('navigation', { name: 'Configuration' }).getByRole('link', { name: /Column privileges/ })).toBeVisible()

  await page.getByRole('combobox', { name: 'Table' }).click()
  await page.getByRole('option', { name: table.name, exact: true }).click()
  await expect(page.getByText('has SELECT on the whole table').first()).toBeVisible()
  await expect(cell(page, 'SELECT', 'secret', 'anon')).toBeChecked()
  await expect(cell(page, 'SELECT', 'secret', 'anon')).toBeDisabled()

  const anonSelect = page.getByRole('listitem').filter({ hasText: /anon has SELECT on the whole table/ })
  await anonSelect.getByRole('button', { name: 'Switch to column-level' }).click()
  await page.getByRole('alertdialog', { name: 'Switch SELECT of anon to column-level' }).getByRole('button', { name: 'Switch to column-level' }).click()
  await expect(cell(page, 'SELECT', 'secret', 'anon')).toBeEnabled()
  await cell(page, 'SELECT', 'secret', 'anon').click()
  await expect(cell(page, 'SELECT', 'secret', 'anon')).not.toBeChecked()
  await page.getByText(/statements? to run in one transaction/).click()
  await expect(page.getByRole('region', { name: 'Staged changes' })).toContainText(`revoke SELECT on table "public"."${table.name}" from "anon";`)
  await page.screenshot({ path: '/tmp/h4-cp.png', fullPage: true })
  expect(await can(request, table.name, 'anon', 'secret', 'SELECT')).toBe(true)

  await page.getByRole('button', { name: /^Apply changes/ }).click()
  await expect(page.getByText(`Applied 2 statements to public.${table.name}`)).toBeVisible()
  expect(await can(request, table.name, 'anon', 'secret', 'SELECT')).toBe(false)
  expect(await can(request, table.name, 'anon', 'email', 'SELECT')).toBe(true)
  expect(await can(request, table.name, 'authenticated', 'secret', 'SELECT')).toBe(true)
  await expect(page.getByRole('region', { name: 'Staged changes' })).toHaveCount(0)
})

test('by keyboard: pick the table with t, move with the arrows, toggle with Space, apply with its keys', async ({ page, request }) => {
  const table = await makeTable(request, 'keys')
  await sql(request, `revoke all on public.${table.name} from anon, authenticated`)
  await page.addInitScript(() => localStorage.setItem('studio.feature.column-privileges', 'on'))
  await page.goto('/project/default/auth/column-privileges')
  await expect(page.getByText('Choose a schema and a table above')).toBeVisible()

  await page.keyboard.press('t')
  await expect(paletteDialog(page)).toBeVisible()
  await palettePick(page, table.name)
  await expect(cell(page, 'SELECT', 'id', 'anon')).not.toBeChecked()

  await cell(page, 'SELECT', 'id', 'anon').focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  await expect(cell(page, 'SELECT', 'email', 'anon')).toBeFocused()
  await page.keyboard.press('Space')
  // authenticated UPDATE on email: three columns to the right of anon UPDATE
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
  await expect(cell(page, 'UPDATE', 'email', 'authenticated')).toBeFocused()
  await page.keyboard.press('Space')
  await expect(cell(page, 'UPDATE', 'email', 'authenticated')).toBeChecked()

  await page.keyboard.press('Shift+Alt+Enter')
  await expect(page.getByText(`Applied 2 statements to public.${table.name}`)).toBeVisible()
  expect(await can(request, table.name, 'anon', 'id', 'SELECT')).toBe(true)
  expect(await can(request, table.name, 'anon', 'email', 'SELECT')).toBe(true)
  expect(await can(request, table.name, 'anon', 'secret', 'SELECT')).toBe(false)
  expect(await can(request, table.name, 'authenticated', 'email', 'UPDATE')).toBe(true)
  expect(await can(request, table.name, 'authenticated', 'id', 'UPDATE')).toBe(false)

  // revoke through the palette, then apply
  await paletteCommand(page, 'Revoke a privilege on a column, staged until applied')
  await palettePick(page, 'anon')
  await palettePick(page, 'SELECT')
  await palettePick(page, 'email')
  await expect(cell(page, 'SELECT', 'email', 'anon')).not.toBeChecked()
  await page.keyboard.press('Shift+Alt+Enter')
  await expect(page.getByText(`Applied 1 statement to public.${table.name}`)).toBeVisible()
  expect(await can(request, table.name, 'anon', 'email', 'SELECT')).toBe(false)
})
