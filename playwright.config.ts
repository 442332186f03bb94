import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 8093)

/** e2e against the built app served by the real server, in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node --import tsx e2e/support/serve.ts`,
    url: `http://127.0.0.1:${port}/platform/studio`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server close its database and remove its data directory
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(port) },
  },
})
