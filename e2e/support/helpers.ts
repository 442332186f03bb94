/** What the e2e specs share: the platform's modifier key, SQL through the API, and the palette's steps. */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { AUTH } from './auth'

/** ⌘ on macOS, Ctrl elsewhere ('$mod' in the keymap). */
export const mod = process.platform === 'darwin' ? 'Meta' : 'Control'

/**
 * Runs SQL on the e2e studio's database through the query call, with the automation token (whichever request
 * context is given); fails the test when it fails.
 */
export async function sql<R = Record<string, unknown>>(request: APIRequestContext, query: string): Promise<R[]> {
  const res = await request.post('/platform/pg-meta/default/query', { data: { query }, headers: AUTH })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as R[]
}

export const paletteDialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/**
 * Types into the palette's current step; on a pick list, waits for a matching choice (they may load). Waits
 * for the palette first: a key that opens it may still be on its way, and text typed before would go to the page.
 */
export async function palettePick(page: Page, text: string, kind: 'choice' | 'text' = 'choice') {
  await expect(paletteDialog(page)).toBeVisible()
  await page.keyboard.type(text)
  if (kind === 'choice') await expect(paletteDialog(page).getByRole('option').filter({ hasText: text }).first()).toBeVisible()
  await page.keyboard.press('Enter')
}

/** Opens the palette and picks a command that asks for arguments by typing its title (ranked first). */
export async function paletteCommand(page: Page, title: string) {
  await page.keyboard.press(`${mod}+k`)
  await expect(paletteDialog(page)).toBeVisible()
  await page.keyboard.type(title)
  const wanted = paletteDialog(page).getByRole('option', { name: new RegExp(`^${title}…`) })
  await expect(wanted).toBeVisible()
  await expect(wanted).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
}
