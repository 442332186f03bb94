/**
 * A person's paths through Authentication → Users (issue 13), once by mouse and once by keyboard, on the
 * built app: create, find, open, ban, sign out and delete users, with what auth.users and auth.sessions hold
 * read through the API. Every email carries this run's stamp; what is left is deleted at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { paletteCommand, paletteDialog, palettePick, sql } from './support/helpers'

const stamp = Math.random().toString(36).slice(2, 8)
const email = (what: string) => `e2e-${what}-${stamp}@example.com`
const PASSWORD = 'e2e-password-123'

const userRow = (page: Page, address: string) => page.locator('.users-row[data-user-id]').filter({ hasText: address })
const panel = (page: Page) => page.getByRole('complementary', { name: 'User details' })
const dbUser = async (request: APIRequestContext, address: string) =>
  (await sql<{ id: string; banned_until: string | null; email_confirmed_at: string | null }>(
    request, `select id, banned_until, email_confirmed_at from auth.users where email = '${address}'`,
  ))[0]

async function createUser(request: APIRequestContext, address: string) {
  const res = await request.post('/platform/auth/default/users', { data: { email: address, password: PASSWORD, email_confirm: true } })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as { id: string }
}

/** Signs the user in through the project's auth API, as auth-js does: one more session. */
async function signIn(request: APIRequestContext, address: string) {
  const settings = (await (await request.get('/platform/projects/default/settings')).json()) as { api_url: string; anon_key: string }
  const res = await request.post(`${settings.api_url}/auth/v1/token?grant_type=password`, {
    data: { email: address, password: PASSWORD }, headers: { apikey: settings.anon_key },
  })
  expect(res.ok(), await res.text()).toBe(true)
}

test.afterAll(async ({ request }) => {
  await sql(request, `delete from auth.users where email like 'e2e-%-${stamp}@example.com'`)
})

test('by mouse: create a user, find and open them, ban and unban, then delete with the email typed', async ({ page, request }) => {
  await createUser(request, email('neighbour'))
  await sql(request, `insert into auth.users (id, aud, role, email, created_at, updated_at, raw_app_meta_data, raw_user_meta_data)
    values (gen_random_uuid(), 'authenticated', 'authenticated', '${email('unconfirmed')}', now(), now(), '{"provider":"email","providers":["email"]}', '{"name":"Una"}')`)
  await page.goto('/project/default')
  await expect(page.getByText('Users', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Authentication' }).click()
  await expect(page).toHaveURL(/\/project\/default\/auth\/users$/)
  const menu = page.getByRole('complementary', { name: 'Authentication menu' })
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
  await expect(menu.getByRole('link', { name: 'Policies' })).toBeVisible()
  await expect(userRow(page, email('unconfirmed')).getByText('Unconfirmed', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Add user' }).click()
  await page.getByRole('menuitem', { name: 'Create new user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a new user' })
  await dialog.getByLabel('Email address').fill('not an email')
  await dialog.getByLabel('User password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible()
  await dialog.getByLabel('Email address').fill(email('mouse'))
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Created user ${email('mouse')}`)).toBeVisible()
  expect((await dbUser(request, email('mouse')))?.email_confirmed_at).not.toBeNull()

  await page.getByRole('searchbox', { name: 'Search users' }).fill(`mouse-${stamp}`)
  await expect(page).toHaveURL(new RegExp(`search=e2e-mouse-${stamp}|search=mouse-${stamp}`))
  await expect(page.locator('.users-row[data-user-id]')).toHaveCount(1)
  await expect(page.getByRole('status', { name: 'Users shown' })).toHaveText('1 user match')
  await userRow(page, email('mouse')).click()
  await expect(panel(page).getByRole('heading', { name: email('mouse') })).toBeVisible()
  await expect(panel(page).getByRole('region', { name: 'Identities' })).toContainText('email')
  await expect(panel(page).getByLabel('Raw app metadata JSON')).toContainText('"provider": "email"')

  await panel(page).getByRole('button', { name: 'Ban user' }).click()
  const ban = page.getByRole('dialog', { name: `Ban ${email('mouse')}` })
  await ban.getByRole('combobox', { name: 'Ban for' }).click()
  await page.getByRole('option', { name: '7 days' }).click()
  await ban.getByRole('button', { name: 'Ban user' }).click()
  await expect(ban).toBeHidden()
  await expect(userRow(page, email('mouse')).getByText('Banned')).toBeVisible()
  const until = Date.parse((await dbUser(request, email('mouse')))!.banned_until!)
  expect(until).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)
  await panel(page).getByRole('button', { name: 'Unban user' }).click()
  await expect(userRow(page, email('mouse')).getByText('Banned')).toBeHidden()
  expect((await dbUser(request, email('mouse')))?.banned_until).toBeNull()

  await panel(page).getByRole('button', { name: 'Delete user' }).click()
  const confirm = page.getByRole('dialog', { name: `Delete ${email('mouse')}?` })
  await expect(confirm.getByRole('button', { name: 'Delete user' })).toBeDisabled()
  await confirm.getByRole('textbox').fill(email('mouse'))
  await confirm.getByRole('button', { name: 'Delete user' }).click()
  await expect(confirm).toBeHidden()
  await expect(panel(page)).toBeHidden()
  await expect(userRow(page, email('mouse'))).toBeHidden()
  expect(await dbUser(request, email('mouse'))).toBeUndefined()
})

test('by keyboard: go with g u, create with Shift+N, find a user in ⌘K, sign them out, delete with Shift+Alt+Backspace', async ({ page, request }) => {
  const keys = await createUser(request, email('keys'))
  await signIn(request, email('keys'))
  await page.goto('/project/default')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('u')
  await expect(page).toHaveURL(/\/auth\/users$/)
  await expect(page.locator('.users-row[data-user-id]').first()).toBeVisible()

  await page.keyboard.press('Shift+N')
  const dialog = page.getByRole('dialog', { name: 'Create a new user' })
  await expect(dialog.getByLabel('Email address')).toBeFocused()
  await page.keyboard.type(email('typed'))
  await page.keyboard.press('Tab')
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Created user ${email('typed')}`)).toBeVisible()
  expect(await dbUser(request, email('typed'))).toBeDefined()

  // ⌘K finds a user by part of the email
  await paletteCommand(page, 'Open user')
  await palettePick(page, `keys-${stamp}`)
  await expect(page).toHaveURL(new RegExp(`user=${keys.id}`))
  await expect(panel(page).getByRole('region', { name: 'Sessions' })).toContainText('aal1')

  await paletteCommand(page, 'Sign out user from all sessions')
  await expect(paletteDialog(page).getByRole('option').first()).toContainText(email('keys'))
  await page.keyboard.press('Enter')
  const signOut = page.getByRole('alertdialog', { name: `Sign out ${email('keys')}?` })
  await expect(signOut).toBeVisible()
  await signOut.getByRole('button', { name: 'Sign out user' }).press('Enter')
  await expect(page.getByText(`Signed out ${email('keys')} from every session`)).toBeVisible()
  expect(await sql(request, `select id from auth.sessions where user_id = '${keys.id}'`)).toEqual([])
  await expect(panel(page).getByRole('region', { name: 'Sessions' })).toContainText('No active sessions')

  // the list's own keys: the arrows move, Enter opens; Shift+Alt+Backspace offers the open user first
  await page.keyboard.press('Escape')
  await page.getByLabel('User rows').focus()
  await expect(page.locator('.users-row--focused')).toHaveCount(1)
  // the newest user (typed) is above the open one (keys)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  const typed = (await dbUser(request, email('typed')))!
  await expect(page).toHaveURL(new RegExp(`user=${typed.id}`))
  await expect(panel(page).getByRole('heading', { name: email('typed') })).toBeVisible()
  await page.keyboard.press('Home')
  await page.keyboard.press('Shift+O')
  await expect(page).toHaveURL(new RegExp(`user=${typed.id}`))
  await paletteCommand(page, 'Open user')
  await palettePick(page, `keys-${stamp}`)
  await expect(page).toHaveURL(new RegExp(`user=${keys.id}`))
  await page.getByLabel('User rows').focus()
  await page.keyboard.press('Shift+Alt+Backspace')
  await expect(paletteDialog(page).getByRole('option').first()).toContainText(email('keys'))
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: `Delete ${email('keys')}?` })
  await expect(confirm.getByRole('textbox')).toBeFocused()
  await page.keyboard.type(email('keys'))
  await page.keyboard.press('Enter')
  await expect(confirm).toBeHidden()
  expect(await dbUser(request, email('keys'))).toBeUndefined()
})

test('a long list: End jumps to the last of 250 users, loading only the page it falls on', async ({ page, request }) => {
  await sql(request, `insert into auth.users (id, aud, role, email, created_at, updated_at, raw_app_meta_data, raw_user_meta_data)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'e2e-bulk' || lpad(i::text, 3, '0') || '-${stamp}@example.com',
      now() - make_interval(mins => i), now(), '{"provider":"email","providers":["email"]}', '{}'
    from generate_series(1, 250) i`)
  const asked: string[] = []
  page.on('request', (r) => r.url().includes('/platform/auth/default/users?') && asked.push(new URL(r.url()).searchParams.get('page') ?? ''))
  await page.goto(`/project/default/auth/users?search=bulk`)
  await expect(page.getByRole('status', { name: 'Users shown' })).toHaveText('250 users match')
  await expect(userRow(page, `e2e-bulk001-${stamp}`)).toBeVisible()
  await page.getByLabel('User rows').focus()
  await page.keyboard.press('End')
  await expect(userRow(page, `e2e-bulk250-${stamp}`)).toBeVisible()
  await expect(page.locator('.users-row--focused')).toContainText(`e2e-bulk250-${stamp}`)
  expect(asked).toContain('3')
  expect(asked).not.toContain('2')
  await page.keyboard.press('Enter')
  await expect(panel(page).getByRole('heading', { name: `e2e-bulk250-${stamp}@example.com` })).toBeVisible()
})

test('screenshots of the list and the panel', async ({ page, request }) => {
  for (const who of ['ada', 'grace', 'linus']) await createUser(request, email(who))
  await signIn(request, email('grace'))
  const grace = (await dbUser(request, email('grace')))!
  await sql(request, `update auth.users set banned_until = now() + interval '1 day', phone = '15550100123' where email = '${email('linus')}'`)
  await page.setViewportSize({ width: 1440, height: 860 })
  await page.goto(`/project/default/auth/users?search=${stamp}`)
  await expect(userRow(page, email('linus')).getByText('Banned')).toBeVisible()
  await page.screenshot({ path: '/tmp/auth-users.png' })
  await page.goto(`/project/default/auth/users?search=${stamp}&user=${grace.id}`)
  await expect(panel(page).getByRole('region', { name: 'Sessions' })).toContainText('aal1')
  await page.screenshot({ path: '/tmp/auth-user-panel.png' })
  await page.goto('/project/default')
  await page.screenshot({ path: '/tmp/auth-home.png' })
})
