/** Debian's Chromium, headless, as the browser benches drive it (CHROMIUM_PATH for another). */
import { chromium, type Browser } from '@playwright/test'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
}

/**
 * Runs a browser bench on PGlite, then on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set, in one
 * Chromium closed at the end.
 */
export async function onEachDatabase(bench: (browser: Browser, databaseUrl: string | undefined) => Promise<void>): Promise<void> {
  const browser = await launchChromium()
  try {
    await bench(browser, undefined)
    const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
    if (databaseUrl) await bench(browser, databaseUrl)
  } finally {
    await browser.close()
  }
}
