/**
 * Sign-in and log out in a browser that starts with no session (not the run's signed-in storage state): by the
 * page (password typed, Enter), by the one-time link the server prints, and out again from the account menu
 * and from the palette. Each test signs in on its own, so logging out never ends the other specs' session.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './support/fixtures'
import { MSG } from '../src/shared/messages'
import { E2E_PASSWORD, signInLinkFile } from './support/auth'
import { mod, paletteDialog } from './support/helpers'

test.use({ storageState: { cookies: [], origins: [] } })

const heading = (page: Page) => page.getByRole('heading', { name: 'Sign in to Studio' })
const passwordField = (page: Page) => page.getByLabel('Dashboard password')
const accountButton = (page: Page) => page.getByRole('button', { name: 'Account' })
const newestLink = async () => (await readFile(signInLinkFile, 'utf8')).trim()

async function signInByPage(page: Page) {
  await page.goto('/sign-in')
  await passwordField(page).fill(E2E_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(accountButton(page)).toBeVisible()
}

test('by the page: an address needs a session; a wrong password is refused, the right one (Enter) goes back there', async ({ page }) => {
  await page.goto('/project/default/sql/new')
  await expect(heading(page)).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fproject%2Fdefault%2Fsql%2Fnew$/)
  await expect(passwordField(page)).toBeFocused()

  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: MSG.passwordRequired })).toBeVisible()

  await page.keyboard.type('not the password')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: MSG.wrongPassword })).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/)
  // the refused password is selected, so typing replaces it
  await expect(passwordField(page)).toBeFocused()

  await page.keyboard.type(E2E_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/project\/default\/sql\/new$/)
  await expect(page.getByRole('textbox', { name: 'SQL editor' })).toBeVisible()

  // signed in, /sign-in itself goes on to the project (spec 4, sign-in frame)
  await page.goto('/sign-in')
  await expect(page).toHaveURL(/\/project\/default$/)
})

test('by the link: it signs in once and leaves no token in the address bar; a second use is refused', async ({ page, browser }) => {
  const link = await newestLink()
  expect(link).toMatch(/\/\?token=\S+$/)
  await page.goto(link)
  await expect(page).toHaveURL(/\/project\/default$/)
  expect(page.url()).not.toContain('token')
  await expect(accountButton(page)).toBeVisible()
  // the server prints a fresh link for the next sign-in
  await expect.poll(newestLink).not.toBe(link)

  // the used link opens nothing for anyone else (another browser, no session)
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  try {
    const second = await other.newPage()
    await second.goto(link)
    await expect(second).toHaveURL(/\/sign-in\?link=invalid$/)
    await expect(heading(second)).toBeVisible()
    await expect(second.getByText(MSG.signInLinkInvalid)).toBeVisible()
    await second.goto('/project/default')
    await expect(heading(second)).toBeVisible()
  } finally {
    await other.close()
  }
})

test('by mouse: Log out from the account menu goes to /sign-in, and a reload stays there', async ({ page }) => {
  await signInByPage(page)
  await accountButton(page).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(heading(page)).toBeVisible()

  await page.reload()
  await expect(heading(page)).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.goto('/project/default/editor')
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fproject%2Fdefault%2Feditor$/)
})

test('by keyboard: Log out from the palette', async ({ page }) => {
  await signInByPage(page)
  await page.keyboard.press(`${mod}+k`)
  await expect(paletteDialog(page)).toBeVisible()
  await page.keyboard.type('Log out')
  await expect(paletteDialog(page).getByRole('option', { name: /^Log out/ })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(heading(page)).toBeVisible()
  await page.goto('/project/default')
  await expect(heading(page)).toBeVisible()
})
