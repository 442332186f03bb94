/**
 * `npm run bench:scroll`: scrolling the table editor's grid on a 1,000-row page, in headless Chromium against
 * the built app (run `npm run build` first; STUDIO_DIST_DIR picks another build). Makes a table of 20 mixed
 * columns (text, int, json/jsonb, timestamptz, bool) and 1,200 rows, opens it with 1,000 rows a page and,
 * in the page, moves the grid's scrollTop (then its scrollLeft) on every animation frame for SCROLL_MS, at
 * a fixed speed in pixels per millisecond (a slow frame jumps further, as a real scroll does). Meanwhile it
 * records the time between frames (requestAnimationFrame deltas) and the long tasks (PerformanceObserver
 * 'longtask', over 50 ms).
 *
 * Each round loads the page anew: 'cold' is its first scroll, 'warm' the same scroll once more. The machine
 * may be shared, so every round is printed, one JSON line each: median, p95 and max frame in milliseconds,
 * frames drawn, the long tasks (count, longest), and per frame drawn the main thread's time: busy (all tasks,
 * wall time), cpu (its CPU time, which other work on the machine sways less) and script, style, layout in
 * them (Chromium's Performance.getMetrics). PGlite always; PostgreSQL too when TEST_DATABASE_URL (or
 * DATABASE_URL) is set. SCROLL_ROUNDS (default 3) sets the rounds; CPU_SLOWDOWN=2 has Chromium run its main
 * thread twice slower (a slower machine).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, CDPSession, Page } from '@playwright/test'
import { onEachDatabase } from './support/chromium'
import { frameStats, measured, type FramePass } from './support/frames'
import { startStudio } from '../src/server/app'
import { BENCH_TOKEN } from './support/auth'
import { query } from './support/query'

const ROWS = 1_200
const PAGE_SIZE = 1_000
const ROUNDS = Number(process.env.SCROLL_ROUNDS ?? 3)
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 1)
const SCROLL_MS = 3_000
/** px per ms: a brisk wheel or trackpad fling down the rows (~100 px a frame), a steady pan across the columns */
const SPEED = { vertical: 6, horizontal: 1.5 }
const PASSWORD = 'bench scroll password 0123456789'
const TABLE = `bench_scroll_${Math.random().toString(36).slice(2, 8)}`

interface Pass extends FramePass {
  /** how far it went, px */
  moved: number
}

declare global {
  interface Window {
    __scroll: (axis: 'vertical' | 'horizontal', ms: number, speed: number) => Promise<Pass>
  }
}

/**
 * Scrolls the grid along one axis for `ms`, bouncing at its ends, and answers the frame deltas and long
 * tasks seen meanwhile. A string: tsx would name the functions with a helper the page lacks.
 */
const INSTRUMENT = `
  window.__scroll = (axis, ms, speed) => new Promise((resolve) => {
    const el = document.querySelector('.te-grid')
    const vertical = axis === 'vertical'
    const max = vertical ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth
    const longTasks = []
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration) })
    observer.observe({ type: 'longtask' })
    const deltas = []
    let start = null, last = 0, dir = 1, moved = 0
    let pos = vertical ? el.scrollTop : el.scrollLeft
    const tick = (now) => {
      if (start === null) start = now
      else deltas.push(now - last)
      const step = start === now ? 0 : (now - last) * speed
      last = now
      if (now - start >= ms) {
        // the observer is told of a long task after it ends: one more frame
        requestAnimationFrame(() => { observer.disconnect(); resolve({ deltas, longTasks, moved }) })
        return
      }
      pos += dir * step
      if (pos >= max) { pos = max; dir = -1 }
      if (pos <= 0) { pos = 0; dir = 1 }
      moved += step
      if (vertical) el.scrollTop = pos
      else el.scrollLeft = pos
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
`

/** One scripted scroll, and per frame drawn the main thread's busy time (ms) in all, and in script, style and layout. */
async function scroll(page: Page, cdp: CDPSession, axis: 'vertical' | 'horizontal') {
  const { record, busy_per_frame_ms } = await measured(cdp, () => page.evaluate(([a, ms, speed]) => window.__scroll(a, ms, speed), [axis, SCROLL_MS, SPEED[axis]] as const), 2)
  return { ...frameStats(record), px: Math.round(record.moved), busy_per_frame_ms }
}

/** The table: an id and 19 more columns of the usual kinds, some long text and JSON. */
async function makeTable(url: string): Promise<number> {
  await query(url, `create table public.${TABLE} (
    id bigint generated always as identity primary key,
    title text, email text, status text, note text, description text,
    quantity integer, price integer, score integer, views integer, rank integer,
    meta jsonb, tags jsonb, address json,
    created_at timestamptz, updated_at timestamptz, seen_at timestamptz,
    active boolean, verified boolean, archived boolean
  )`)
  await query(url, `insert into public.${TABLE} (title, email, status, note, description, quantity, price, score, views, rank,
      meta, tags, address, created_at, updated_at, seen_at, active, verified, archived)
    select 'Title number ' || g, 'person' || g || '@example.com', (array['open', 'closed', 'pending'])[g % 3 + 1],
      repeat('a note of some length ' || g || ' ', 4), repeat('A longer description that runs past the width of its cell, row ' || g || '. ', 8),
      g % 50, g * 7 % 10000, g % 100, g * 13, g,
      jsonb_build_object('tier', g % 5, 'note', 'n' || g, 'flags', jsonb_build_array(g % 2 = 0, g % 3 = 0), 'nested', jsonb_build_object('a', g)),
      jsonb_build_array('tag' || g % 7, 'tag' || g % 11), json_build_object('city', 'City ' || g % 40, 'zip', lpad((g * 31 % 99999)::text, 5, '0')),
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute', timestamptz '2024-06-01 00:00:00+00' + g * interval '1 hour',
      case when g % 4 = 0 then null else timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second' end,
      g % 2 = 0, g % 3 = 0, case when g % 5 = 0 then null else g % 7 = 0 end
    from generate_series(1, ${ROWS}) g`)
  const [found] = (await query(url, `select '${`public.${TABLE}`}'::regclass::oid::int as oid, count(*)::int as n from public.${TABLE}`)) as { oid: number; n: number }[]
  if (found?.n !== ROWS) throw new Error(`expected ${ROWS} rows, found ${found?.n}`)
  return found.oid
}


async function benchOn(browser: Browser, databaseUrl: string | undefined): Promise<void> {
  const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
  const studio = await startStudio({ port: 0, dataDir, databaseUrl, logger: false, token: BENCH_TOKEN, password: PASSWORD })
  const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1280, height: 900 } })
  try {
    const tableId = await makeTable(studio.url)
    const signIn = await context.request.post('/platform/sign-in', { data: { password: PASSWORD }, headers: { origin: studio.url } })
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`)
    await context.addInitScript({ content: INSTRUMENT })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    for (let round = 1; round <= ROUNDS; round++) {
      await page.goto(`/project/default/editor/${tableId}?rows=${PAGE_SIZE}`)
      const grid = page.getByRole('grid', { name: `Rows of ${TABLE}` })
      await grid.getByRole('gridcell', { name: 'Title number 1', exact: true }).waitFor()
      const rowCount = await grid.getAttribute('aria-rowcount')
      if (rowCount !== String(PAGE_SIZE + 1)) throw new Error(`expected ${PAGE_SIZE} rows on the page, the grid says ${rowCount}`)
      await page.waitForTimeout(300) // the page settles (fonts, the count)
      for (const phase of ['cold', 'warm'] as const) {
        await page.evaluate(() => {
          const el = document.querySelector('.te-grid')!
          el.scrollTop = 0
          el.scrollLeft = 0
        })
        await page.waitForTimeout(100)
        const vertical = await scroll(page, cdp, 'vertical')
        const horizontal = await scroll(page, cdp, 'horizontal')
        console.log(JSON.stringify({ database: studio.db.kind, cpu_slowdown: CPU_SLOWDOWN, round, phase, rows: PAGE_SIZE, columns: 20, vertical, horizontal }))
      }
    }
  } finally {
    await context.close()
    await query(studio.url, `drop table if exists public.${TABLE}`).catch(() => undefined)
    await studio.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}

await onEachDatabase(benchOn)
