/**
 * `npm run bench:sql-main-thread`: the SQL editor running a SELECT of 100,000 rows (6 columns: int, text,
 * numeric, bool, timestamptz, jsonb; bench:sql's query) in headless Chromium against the built app (run
 * `npm run build` first; STUDIO_DIST_DIR picks another build), with the row limit at 'none' and at the
 * default 1,000. Times, in the page:
 *   first_row_ms:    the ⌘Enter keydown → the first frame showing the first row's cell
 *   longest_task_ms: the longest task on the main thread (PerformanceObserver 'longtask') that started from
 *                    the key until 1.5 s after the first row showed; long_tasks, blocking_ms (the sum of
 *                    each one's part over 50 ms) over the same time
 *   request_ms, transfer_kb, body_kb: the query/run request as the browser saw it (Resource Timing)
 * Each round loads the editor anew and lets it settle: 'cold' is its first run, 'warm' the same query run
 * again after another.
 * The machine may be shared, so every round is printed, one JSON line each. PGlite always; PostgreSQL too
 * when TEST_DATABASE_URL (or DATABASE_URL) is set. SQL_ROUNDS (default 3) sets the rounds; CPU_SLOWDOWN=4
 * has Chromium run its main thread 4 times slower (a slower machine: what a task costs shows more plainly).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { onEachDatabase } from './support/chromium'
import { startStudio } from '../src/server/app'
import { LS_KEYS } from '../src/shared/constants'
import { BENCH_TOKEN } from './support/auth'

const ROWS = 100_000
const ROUNDS = Number(process.env.SQL_ROUNDS ?? 3)
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 1)
const LIMITS = ['none', '1000'] as const
const SETTLE_MS = 1_500
const PASSWORD = 'bench sql main thread password 0123456789'
const SQL = `select g as id, 'customer ' || g as name, (g % 10000) / 100.0 as amount, g % 3 = 0 as active,
  timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute' as created_at, jsonb_build_object('tier', g % 5) as details
  from generate_series(1, ${ROWS}) g`
const FIRST_CELL = 'customer 1'
const mod = process.platform === 'darwin' ? 'Meta' : 'Control'

interface Measured {
  key: number
  shown: number
  longTasks: { start: number; duration: number }[]
  request: { ms: number; transfer: number; body: number } | null
}

declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[]
    __keys: number[]
    __firstRow: (text: string, settle: number) => Promise<Measured>
  }
}

/**
 * Records keydown times and every long task, and answers, after a run, the key's time, the first frame
 * showing a results cell holding `text`, the long tasks since the key and the run's request. A string: tsx
 * would name the functions with a helper the page lacks.
 */
const INSTRUMENT = `
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  window.__keys = []
  window.addEventListener('keydown', (e) => window.__keys.push(e.timeStamp), true)
  window.__firstRow = (text, settle) => new Promise((resolve) => {
    const shows = () => [...document.querySelectorAll('[aria-label="Results"] [role="gridcell"]')].some((c) => c.textContent === text)
    const tick = () => {
      if (!shows()) return requestAnimationFrame(tick)
      const shown = performance.now()
      setTimeout(() => {
        const key = window.__keys[window.__keys.length - 1]
        const runs = performance.getEntriesByType('resource').filter((r) => r.name.includes('/query/run'))
        const r = runs[runs.length - 1]
        resolve({
          key,
          shown,
          longTasks: window.__longTasks.filter((t) => t.start >= key),
          request: r ? { ms: r.responseEnd - r.startTime, transfer: r.transferSize, body: r.decodedBodySize } : null,
        })
      }, settle)
    }
    tick()
  })
`

const editor = (page: Page) => page.getByRole('textbox', { name: 'SQL editor' })
const results = (page: Page) => page.getByRole('region', { name: 'Results' })

async function setText(page: Page, text: string) {
  await editor(page).click()
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.insertText(text)
  await page.waitForTimeout(100) // the editor done with the typing: its work is not the run's
}

/** Runs the query with ⌘Enter and measures it; the results must not show FIRST_CELL before. */
async function measureRun(page: Page) {
  await setText(page, SQL)
  const measured = page.evaluate(([text, settle]) => window.__firstRow(text, settle), [FIRST_CELL, SETTLE_MS] as const)
  await page.keyboard.press(`${mod}+Enter`)
  const m = await measured
  const longest = m.longTasks.reduce((max, t) => Math.max(max, t.duration), 0)
  return {
    first_row_ms: Math.round(m.shown - m.key),
    longest_task_ms: Math.round(longest),
    long_tasks: m.longTasks.length,
    blocking_ms: Math.round(m.longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
    request_ms: m.request ? Math.round(m.request.ms) : null,
    transfer_kb: m.request ? Math.round(m.request.transfer / 1024) : null,
    body_kb: m.request ? Math.round(m.request.body / 1024) : null,
  }
}

async function benchOn(browser: Browser, databaseUrl: string | undefined): Promise<void> {
  const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
  const studio = await startStudio({ port: 0, dataDir, databaseUrl, logger: false, token: BENCH_TOKEN, password: PASSWORD })
  const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1280, height: 900 } })
  try {
    const signIn = await context.request.post('/platform/sign-in', { data: { password: PASSWORD }, headers: { origin: studio.url } })
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`)
    await context.addInitScript({ content: INSTRUMENT })
    const page = await context.newPage()
    if (CPU_SLOWDOWN > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    for (const limit of LIMITS) {
      await page.goto('/project/default')
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LS_KEYS.sqlRowLimit, limit] as const)
      for (let round = 1; round <= ROUNDS; round++) {
        await page.goto('/project/default/sql/new')
        await editor(page).waitFor()
        await page.waitForTimeout(SETTLE_MS) // the page done loading, as when a person starts typing
        const cold = await measureRun(page)
        // another result in between, so the next run's first row is new on screen
        await setText(page, `select 'another' as other`)
        await page.keyboard.press(`${mod}+Enter`)
        await results(page).getByRole('gridcell', { name: 'another' }).waitFor()
        const warm = await measureRun(page)
        const rowsShown = await results(page).getByRole('grid').getAttribute('aria-rowcount')
        const expected = limit === 'none' ? ROWS : Number(limit)
        if (rowsShown !== String(expected + 1)) throw new Error(`expected ${expected} rows, the grid says ${Number(rowsShown) - 1}`)
        console.log(JSON.stringify({ database: studio.db.kind, cpu_slowdown: CPU_SLOWDOWN, limit, rows_shown: expected, round, cold, warm }))
      }
    }
  } finally {
    await context.close()
    await studio.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}

await onEachDatabase(benchOn)
