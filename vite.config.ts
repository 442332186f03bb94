import { availableParallelism } from 'node:os'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'

const api = `http://127.0.0.1:${process.env.PORT ?? 8082}`

/** Files worth compressing: text, and not already compressed; below MIN_BYTES a header costs more than it saves. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt|map|wasm|xml)$/
const MIN_BYTES = 1024

const br = promisify(brotliCompress)
const gz = promisify(gzip)

/**
 * Writes `name.br` and `name.gz` beside each compressible file of `dir` (names relative to it), at the
 * highest levels (done once per build): the server sends them to browsers that accept them (@fastify/static
 * preCompressed). A copy that would not be smaller is not written, so the file itself is sent.
 */
export async function writeCompressedCopies(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const raw = await readFile(join(dir, name))
        if (raw.length < MIN_BYTES) return
        const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length }
        const [brotli, gzipped] = await Promise.all([br(raw, { params: quality }), gz(raw, { level: constants.Z_BEST_COMPRESSION })])
        if (brotli.length < raw.length) await writeFile(join(dir, `${name}.br`), brotli)
        if (gzipped.length < raw.length) await writeFile(join(dir, `${name}.gz`), gzipped)
      }),
  )
}

/** The build's compressed copies: every file vite wrote, once it has written them. */
const precompress = (): Plugin => ({
  name: 'studio-precompress',
  apply: 'build',
  writeBundle: (options, bundle) => writeCompressedCopies(options.dir ?? 'dist', Object.keys(bundle)),
})

export default defineConfig({
  plugins: [react(), precompress()],
  root: '.',
  build: { outDir: process.env.STUDIO_DIST_DIR ?? 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/platform': api, '/api': api } },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // at least two files at once: most of a test's time is spent waiting on a database or a server, so on a
    // 2-core machine two workers finish the suite in about 60% of the time one does (vitest's default there)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI adds a JSON report that .ci/summary.mjs totals into one closing line
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
  },
})
