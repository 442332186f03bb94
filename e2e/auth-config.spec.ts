/**
 * A person's paths through the Authentication settings pages (issue 13), once by mouse and once by keyboard,
 * on the built app: rate limits, providers, email templates with their preview, redirect URLs. What the
 * server holds is read through GET config. The e2e studio is shared by every spec: only harmless settings
 * change here (limits raised, a redirect URL added then removed, a subject), and they are put back at the end.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod, paletteCommand, paletteDialog, palettePick, sql } from './support/helpers'
import type { AuthConfig } from '../src/shared/auth'

const CONFIG = '/platform/auth/default/config'
const config = async (request: APIRequestContext) => (await (await request.get(CONFIG)).json()) as AuthConfig
let saved: Partial<AuthConfig> | null = null

test.beforeAll(async ({ request }) => {
  const c = await config(request)
  saved = {
    RATE_LIMIT_EMAIL_SENT: c.RATE_LIMIT_EMAIL_SENT, RATE_LIMIT_VERIFY: c.RATE_LIMIT_VERIFY, URI_ALLOW_LIST: c.URI_ALLOW_LIST,
    EXTERNAL_ANONYMOUS_USERS_ENABLED: c.EXTERNAL_ANONYMOUS_USERS_ENABLED, MAILER_SUBJECTS_MAGIC_LINK: c.MAILER_SUBJECTS_MAGIC_LINK,
    HOOK_CUSTOM_ACCESS_TOKEN_URI: c.HOOK_CUSTOM_ACCESS_TOKEN_URI,
  }
  // a function the hook could call (pass-through); the hook itself stays off, so no other spec's tokens change
  await sql(request, 'create or replace function public.e2e_claims_hook(event jsonb) returns jsonb language sql stable as $$ select event $$')
})
test.afterAll(async ({ request }) => {
  if (saved) await request.patch(CONFIG, { data: saved })
  await sql(request, 'drop function if exists public.e2e_claims_hook(jsonb)')
})

const toast = (page: Page, text: string) => page.locator('.ui-toast__message').filter({ hasText: text }).first()
const menu = (page: Page) => page.getByRole('complementary', { name: 'Authentication menu' })

test('by mouse: raise a rate limit, allow anonymous sign-ins, preview and save a template, add and remove a redirect URL', async ({ page, request }) => {
  await page.goto('/project/default/auth/users')
  await menu(page).getByRole('link', { name: 'Rate limits' }).click()
  await expect(page.getByRole('heading', { name: 'Rate limits' })).toBeVisible()
  const save = page.getByRole('button', { name: /^Save/ })
  await expect(save).toBeDisabled()
  await page.getByLabel('Emails sent').fill('abc')
  await expect(page.getByText('Enter a whole number from 0 to 1,000,000').first()).toBeVisible()
  await page.getByLabel('Emails sent').fill('500')
  await save.click()
  await expect(toast(page, 'Saved authentication settings')).toBeVisible()
  await expect.poll(async () => (await config(request)).RATE_LIMIT_EMAIL_SENT).toBe(500)
  await page.screenshot({ path: '/tmp/auth-rate-limits.png', fullPage: true })

  await menu(page).getByRole('link', { name: 'Providers' }).click()
  const anonymous = page.getByRole('switch', { name: 'Allow anonymous sign-ins' })
  const wasOn = await anonymous.isChecked()
  await anonymous.click()
  await page.getByRole('button', { name: /^Save/ }).click()
  await expect(toast(page, 'Saved authentication settings')).toBeVisible()
  await expect.poll(async () => (await config(request)).EXTERNAL_ANONYMOUS_USERS_ENABLED).toBe(!wasOn)
  await page.getByText('GitHub', { exact: true }).click()
  await page.getByRole('switch', { name: 'Enable GitHub' }).click()
  await expect(page.getByText("Enter the client ID and secret of GitHub before enabling it")).toBeVisible()
  await page.screenshot({ path: '/tmp/auth-providers.png', fullPage: true })
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.locator('[data-provider="GitHub"] summary')).toContainText('Disabled')
  await expect.poll(async () => (await config(request)).EXTERNAL_GITHUB_ENABLED).toBe(false)

  await menu(page).getByRole('link', { name: 'Email templates' }).click()
  await page.getByRole('tab', { name: 'Magic link' }).click()
  await page.getByLabel('Subject').fill('Sign in to {{ .SiteURL }}')
  await page.getByRole('button', { name: /^Preview/ }).click()
  await expect(page.getByTestId('template-preview-subject')).toHaveText(`Sign in to ${(await config(request)).SITE_URL}`)
  await expect(page.frameLocator('iframe[title="Preview of Magic link"]').getByRole('link', { name: 'Log In' })).toBeVisible()
  await page.screenshot({ path: '/tmp/auth-templates.png', fullPage: true })
  await page.getByRole('button', { name: /^Save/ }).click()
  await expect(toast(page, 'Saved authentication settings')).toBeVisible()
  await expect.poll(async () => (await config(request)).MAILER_SUBJECTS_MAGIC_LINK).toBe('Sign in to {{ .SiteURL }}')

  await menu(page).getByRole('link', { name: 'URL configuration' }).click()
  const url = `https://mouse-${Date.now()}.example.com/**`
  await page.getByLabel('New redirect URL').fill('not a url')
  await page.getByRole('button', { name: 'Add URL' }).click()
  await expect(page.getByText('Enter a valid URL, such as https://example.com/** (wildcards * and ** are allowed)')).toBeVisible()
  await page.getByLabel('New redirect URL').fill(url)
  await page.getByRole('button', { name: 'Add URL' }).click()
  const list = page.getByRole('list', { name: 'Redirect URLs' })
  await expect(list.getByText(url)).toBeVisible()
  await expect.poll(async () => (await config(request)).URI_ALLOW_LIST).toContain(url)
  await page.screenshot({ path: '/tmp/auth-urls.png', fullPage: true })
  await page.getByRole('button', { name: `Remove ${url}` }).click()
  await page.getByRole('alertdialog', { name: 'Remove redirect URL' }).getByRole('button', { name: 'Remove URL' }).click()
  await expect(list.getByText(url)).toBeHidden()
  await expect.poll(async () => (await config(request)).URI_ALLOW_LIST).not.toContain(url)

  await menu(page).getByRole('link', { name: /Hooks/ }).click()
  await expect(page.getByRole('switch', { name: 'Enable hook' })).not.toBeChecked()
  await page.getByRole('combobox', { name: 'Postgres function' }).click()
  await page.getByRole('option', { name: 'public.e2e_claims_hook' }).click()
  await page.screenshot({ path: '/tmp/auth-hooks.png', fullPage: true })
  await page.getByRole('button', { name: /^Save/ }).click()
  await expect.poll(async () => (await config(request)).HOOK_CUSTOM_ACCESS_TOKEN_URI).toBe('pg-functions://postgres/public/e2e_claims_hook')
  expect((await config(request)).HOOK_CUSTOM_ACCESS_TOKEN_ENABLED).toBe(false)
})

test('by keyboard: save a limit from inside its field, step through templates and preview one, add a redirect URL from the palette', async ({ page, request }) => {
  await page.goto('/project/default')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type('Go to Authentication: Rate limits')
  await expect(paletteDialog(page).getByRole('option', { name: /Go to Authentication: Rate limits/ })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Rate limits' })).toBeVisible()

  const field = page.getByLabel('Token verifications')
  await field.focus()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('4321')
  await page.keyboard.press(`${mod}+s`)
  await expect(toast(page, 'Saved authentication settings')).toBeVisible()
  await expect.poll(async () => (await config(request)).RATE_LIMIT_VERIFY).toBe(4321)
  await expect(field).toHaveValue('4321')

  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type('Go to Authentication: Email templates')
  await expect(paletteDialog(page).getByRole('option', { name: /Go to Authentication: Email templates/ })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  const first = page.getByRole('tab', { name: 'Confirm signup' })
  await first.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Invite user' })).toBeFocused()
  await expect(page.getByRole('tab', { name: 'Invite user' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Shift+Alt+o')
  await expect(page.frameLocator('iframe[title="Preview of Invite user"]').getByRole('heading', { name: 'You have been invited' })).toBeVisible()
  await page.keyboard.press('Shift+Alt+o')
  await expect(page.getByLabel('Body (HTML)')).toBeVisible()

  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type('Go to Authentication: URL configuration')
  await expect(paletteDialog(page).getByRole('option', { name: /Go to Authentication: URL configuration/ })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'URL configuration' })).toBeVisible()
  const url = `https://keys-${Date.now()}.example.com/*`
  await paletteCommand(page, 'Add redirect URL')
  await palettePick(page, url, 'text')
  await expect(toast(page, `Added ${url} to the redirect URLs`)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Redirect URLs' }).getByText(url)).toBeVisible()

  await paletteCommand(page, 'Remove redirect URL')
  await palettePick(page, url)
  const confirm = page.getByRole('alertdialog', { name: 'Remove redirect URL' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Remove URL' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('list', { name: 'Redirect URLs' }).getByText(url)).toBeHidden()
  await expect.poll(async () => (await config(request)).URI_ALLOW_LIST).not.toContain(url)
})
