/**
 * `npm run bench:palette`: the ⌘K palette on a large catalog, in headless Chromium against the built app
 * (run `vite build` first). Creates 2,000 and then 10,000 tables in a schema of its own and, over RUNS
 * page loads, times in the page (event time of the key → first frame showing the result):
 *   open:       ⌘K → the command list visible
 *   open_table: Enter on "Open table" (typed) → its table options visible
 *   end:        End in that list → its last option (the server's last answered, far past the view) active and shown
 *   find_table: the last key of a table name (many_<N-1>) → that table visible as an option
 * Uses DATABASE_URL or TEST_DATABASE_URL when set, else PGlite in a temporary directory. Prints one JSON line
 * per catalog size: median and p95 in milliseconds. The schema is dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { launchChromium } from './support/chromium'
import { startStudio } from '../src/server/app'
import { BENCH_TOKEN } from './support/auth'
import { query } from './support/query'

const SIZES = [2_000, 10_000]
const RUNS = 7
/** tables made per /query call: one transaction holds a lock per table made, and PostgreSQL's lock table is finite */
const BATCH = 1_000
const PASSWORD = 'bench palette password 0123456789'
const SCHEMA = `bench_palette_${Math.random().toString(36).slice(2, 8)}`
const mod = process.platform === 'darwin' ? 'Meta' : 'Control'

declare global {
  interface Window {
    __keys: number[]
    __when: (test: () => boolean) => Promise<number>
  }
}

/**
 * Records each keydown's event time, and answers the time of the first frame where a test holds. A string:
 * tsx would name the functions with a helper the page lacks.
 */
const INSTRUMENT = `
  window.__keys = []
  window.addEventListener('keydown', (e) => window.__keys.push(e.timeStamp), true)
  window.__when = (test) => new Promise((resolve) => {
    const tick = () => (test() ? resolve(performance.now()) : requestAnimationFrame(tick))
    tick()
  })
`

/** what `measure` waits for: the list's last option active, in view */
const LAST = '\u0000last'

/**
 * ms from the last key pressed during `act` to the first frame showing an option holding `text` (or any
 * option; LAST: the list's last option, active and in the list's view).
 */
async function measure(page: Page, text: string | null, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => (window.__keys = []))
  const shown = page.evaluate(([wanted, last]) => window.__when(() => {
    const dialog = document.querySelector('[role="dialog"]')
    const options = dialog ? [...dialog.querySelectorAll('[role="option"]')] : []
    if (wanted === last) {
      const active = dialog?.querySelector('[role="option"][aria-selected="true"]')
      const list = dialog?.querySelector('[role="listbox"]')
      if (!active || !list || active.getAttribute('aria-posinset') !== active.getAttribute('aria-setsize')) return false
      const a = active.getBoundingClientRect()
      const l = list.getBoundingClientRect()
      return a.top >= l.top - 1 && a.bottom <= l.bottom + 1
    }
    return options.some((o) => (wanted === null || (o.textContent ?? '').includes(wanted)) && o.getClientRects().length > 0)
  }), [text, LAST] as const)
  await act()
  const at = await shown
  const keys = await page.evaluate(() => window.__keys)
  return at - keys[keys.length - 1]!
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  const pick = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1))
  return { median: pick(0.5), p95: pick(0.95) }
}


const tablesFrom = (url: string, from: number, to: number) => query(url, `do $$ begin
  for i in ${from}..${to} loop execute format('create table %I.%I (id int)', '${SCHEMA}', 'many_' || i); end loop;
end $$`)

const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
const studio = await startStudio({ port: 0, dataDir, databaseUrl, logger: false, token: BENCH_TOKEN, password: PASSWORD })
const browser = await launchChromium()
let made = 0
try {
  const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1280, height: 900 } })
  const signIn = await context.request.post('/platform/sign-in', { data: { password: PASSWORD }, headers: { origin: studio.url } })
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`)
  await context.addInitScript({ content: INSTRUMENT })
  const page = await context.newPage()
  await query(studio.url, `create schema ${SCHEMA}`)

  for (const size of SIZES) {
    for (let from = made + 1; from <= size; from += BATCH) await tablesFrom(studio.url, from, Math.min(size, from + BATCH - 1))
    made = size
    const counted = (await query(studio.url, `select count(*)::int as count from pg_tables where schemaname = '${SCHEMA}'`)) as { count: number }[]
    const name = `many_${size - 1}`
    const open: number[] = []
    const openTable: number[] = []
    const end: number[] = []
    const findTable: number[] = []
    for (let run = 0; run <= RUNS; run++) {
      await page.goto('/project/default')
      await page.getByRole('heading', { level: 1 }).waitFor()
      const o = await measure(page, null, () => page.keyboard.press(`${mod}+k`))
      await page.keyboard.type('Open table')
      await page.getByRole('option', { name: /^Open table…/ }).and(page.locator('[aria-selected="true"]')).waitFor()
      const t = await measure(page, '.many_', () => page.keyboard.press('Enter'))
      const e = await measure(page, LAST, () => page.keyboard.press('End'))
      const f = await measure(page, `${SCHEMA}.${name}`, () => page.keyboard.type(name))
      if (run === 0) continue // the first run warms the server and the browser's cache
      open.push(o)
      openTable.push(t)
      end.push(e)
      findTable.push(f)
    }
    console.log(JSON.stringify({
      database: studio.db.kind,
      tables: counted[0]?.count,
      runs: RUNS,
      open: stats(open),
      open_table: stats(openTable),
      end: stats(end),
      [`find_${name}`]: stats(findTable),
    }))
  }
} finally {
  await browser.close()
  for (let from = 1; from <= made; from += BATCH) {
    await query(studio.url, `do $$ begin
      for i in ${from}..${Math.min(made, from + BATCH - 1)} loop execute format('drop table %I.%I', '${SCHEMA}', 'many_' || i); end loop;
    end $$`).catch(() => undefined)
  }
  await query(studio.url, `drop schema if exists ${SCHEMA} cascade`).catch(() => undefined)
  await studio.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
