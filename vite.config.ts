import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const api = `http://127.0.0.1:${process.env.PORT ?? 8082}`

export default defineConfig({
  plugins: [react()],
  root: '.',
  build: { outDir: process.env.STUDIO_DIST_DIR ?? 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/platform': api, '/api': api } },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // CI adds a JSON report that .ci/summary.mjs totals into one closing line
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
  },
})
