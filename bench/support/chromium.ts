/** Debian's Chromium, headless, as the browser benches drive it (CHROMIUM_PATH for another). */
import { chromium, type Browser } from '@playwright/test'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
}
