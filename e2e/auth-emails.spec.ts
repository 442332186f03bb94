/**
 * A person's paths through Authentication → Emails (the outbox), once by mouse and once by keyboard, on
 * the built app: mails the auth service sent (a magic link and an invite, through the dashboard's calls)
 * are listed newest first, read in the sandboxed reading pane, and their link followed into a new tab,
 * where it signs the user in.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'

const stamp = () => Math.random().toString(36).slice(2, 8)

async function mails(request: APIRequestContext, tag: string) {
  const ada = `e2e-ada-${tag}@example.com`
  const bob = `e2e-bob-${tag}@example.com`
  const made = await request.post('/platform/auth/default/users', { data: { email: ada, password: 'e2e-password-1', email_confirm: true } })
  expect(made.ok(), await made.text()).toBe(true)
  expect((await request.post('/platform/auth/default/magiclink', { data: { email: ada } })).ok()).toBe(true)
  expect((await request.post('/platform/auth/default/invite', { data: { email: bob } })).ok()).toBe(true)
  return { ada, bob }
}

const list = (page: Page) => page.getByRole('listbox', { name: 'Emails' })
const reader = (page: Page) => page.getByRole('article')

test('by mouse: open a magic link mail and follow its link in a new tab', async ({ page, request }) => {
  const { ada, bob } = await mails(request, stamp())
  await page.goto('/project/default/auth/emails')
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible()
  await expect(page.getByText('No SMTP server is configured')).toBeVisible()
  const options = list(page).getByRole('option')
  // newest first: the invite, then the magic link
  await expect(options.nth(0)).toContainText(bob)
  await expect(options.nth(1)).toContainText(ada)
  await expect(options.nth(1)).toContainText('Magic link')
  await expect(options.nth(1)).toContainText('Kept')

  await options.nth(1).click()
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(reader(page).getByRole('heading', { name: 'Your Magic Link' })).toBeVisible()
  await expect(reader(page)).toContainText(ada)
  const frame = page.frameLocator('iframe.emails-frame')
  await expect(frame.getByRole('link', { name: 'Log In' })).toBeVisible()
  // the mail runs no script: the frame is sandboxed without allow-scripts
  await expect(page.locator('iframe.emails-frame')).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
  await page.screenshot({ path: '/tmp/h4-emails.png' })

  const [popup] = await Promise.all([page.waitForEvent('popup'), frame.getByRole('link', { name: 'Log In' }).click()])
  await expect.poll(() => popup.url()).toMatch(/#access_token=/)
  await popup.close()

  await reader(page).getByRole('button', { name: 'Close email' }).click()
  await expect(page.getByText('No email open')).toBeVisible()
})

test('by keyboard: j and k step through the mails, c copies the link, o opens it', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { ada, bob } = await mails(request, stamp())
  await page.goto('/project/default/auth/emails')
  await expect(list(page).getByRole('option').first()).toContainText(bob)

  await page.keyboard.press('j')
  await expect(reader(page)).toContainText(bob)
  await expect(reader(page).getByRole('heading', { name: 'You have been invited' })).toBeVisible()
  await page.keyboard.press('j')
  await expect(reader(page)).toContainText(ada)
  await page.keyboard.press('k')
  await expect(reader(page)).toContainText(bob)
  await page.keyboard.press('j')
  await expect(reader(page).getByRole('heading', { name: 'Your Magic Link' })).toBeVisible()

  await page.keyboard.press('c')
  await expect(page.locator('.ui-toast__message').filter({ hasText: 'Copied the link of the email to the clipboard' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain('/auth/v1/verify')
  expect(copied).toContain('type=magiclink')

  // o opens the link the mail is for in a new tab, where it signs the user in
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('o')])
  await expect.poll(() => popup.url()).toMatch(/#access_token=/)
  await popup.close()

  // the list keeps the arrows too, once focused
  await list(page).focus()
  await page.keyboard.press('ArrowUp')
  await expect(reader(page)).toContainText(bob)
})
