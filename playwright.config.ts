import { defineConfig } from '@playwright/test'
import { E2E_PASSWORD, E2E_TOKEN, baseURL, outputDir, port, signInLinkFile, storageStateFile } from './e2e/support/auth'

/**
 * e2e against the built app served by the real server, in Debian's Chromium. The server needs a session:
 * global setup signs in with the password and every spec starts from that storage state (e2e/sign-in.spec.ts
 * starts without it).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'line',
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL,
    storageState: storageStateFile,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node --import tsx e2e/support/serve.ts`,
    // public: answers before any sign-in
    url: `${baseURL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server close its database and remove its data directory
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      STUDIO_TOKEN: E2E_TOKEN,
      STUDIO_PASSWORD: E2E_PASSWORD,
      E2E_SIGN_IN_LINK_FILE: signInLinkFile,
    },
  },
})
