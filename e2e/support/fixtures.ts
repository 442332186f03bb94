/**
 * The specs' `test`: Playwright's, with a `request` that sends the automation token, so the specs' own API
 * calls (setting data up, checking what the server holds) pass without the browser's session cookie.
 */
import { test as base } from '@playwright/test'
import { AUTH } from './auth'

export { expect } from '@playwright/test'
export type { APIRequestContext, Download, Page } from '@playwright/test'

export const test = base.extend({
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: AUTH })
    await use(request)
    await request.dispose()
  },
})
