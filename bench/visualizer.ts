/**
 * `npm run bench:visualizer`: the schema visualizer at 300 tables, in headless Chromium against the built
 * app (run `npm run build` first). Makes a schema of TABLES tables (5 to 8 columns each) and about as many
 * foreign keys in a throwaway database (a fresh PGlite directory; on PostgreSQL, when TEST_DATABASE_URL or
 * DATABASE_URL is set, a database created for the run and dropped after it), opens
 * /project/default/database/schemas?schema=…, and prints, one JSON line per round:
 *   - graph_ms: the schema-graph call, as the page's resource timing has it
 *   - layout_ms: the automatic layout (dagre) of the page, as it measured it
 *   - all_nodes_ms: from navigation start until every table's node is in the DOM (the first view fits them all)
 *   - frames during a scripted pan at the fitted zoom (all 300 tables in view; its first pass, and its third, once
 *     the nodes were mounted, the code compiled and the tiles rastered), a
 *     zoom sweep (wheel in, then out), and the same pan with a table in the middle centred by the search box
 *     (columns readable): p50, p95 and max time between animation frames (ms), frames drawn, long tasks, and
 *     the main thread's busy time per frame.
 * Figures only: it asserts nothing. ROUNDS (default 2) sets the rounds; CPU_SLOWDOWN=4 slows Chromium's main thread;
 * PROFILE=file.cpuprofile writes a CPU profile of the fitted pan (open it in Chromium's DevTools).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, CDPSession, Page } from '@playwright/test'
import { launchChromium } from './support/chromium'
import { frameStats, measured, type FramePass } from './support/frames'
import { withBenchDatabase } from './support/load'
import { startStudio } from '../src/server/app'
import { BENCH_TOKEN } from './support/auth'
import { query } from './support/query'

const TABLES = Number(process.env.TABLES ?? 300)
const ROUNDS = Number(process.env.ROUNDS ?? 2)
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 1)
const PHASE_MS = 3_000
const PASSWORD = 'bench visualizer password 0123456789'
const SCHEMA = `bench_viz_${Math.random().toString(36).slice(2, 8)}`

type Pass = FramePass

declare global {
  interface Window {
    __drive: (kind: 'pan' | 'zoom', ms: number) => Promise<Pass>
  }
}

/**
 * Drives the diagram's pane with the events d3-zoom listens to, one step per animation frame: a pan is a
 * mouse drag that circles (mousedown on the pane, mousemove/mouseup on the window), a zoom sweep is wheel
 * events in for half the time, then out. Records the frame deltas and long tasks meanwhile. A string: tsx
 * would name the functions with a helper the page lacks.
 */
const INSTRUMENT = `
  const pane = () => document.querySelector('.react-flow__pane')
  const wheel = (el, dy, x, y) => el.dispatchEvent(new WheelEvent('wheel', { deltaY: dy, deltaMode: 0, clientX: x, clientY: y, bubbles: true, cancelable: true }))
  window.__drive = (kind, ms) => new Promise((resolve) => {
    const el = pane(); const r = el.getBoundingClientRect()
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2
    const longTasks = []
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration) })
    observer.observe({ type: 'longtask' })
    const deltas = []
    let start = null, last = 0
    if (kind === 'pan') el.dispatchEvent(new MouseEvent('mousedown', { clientX: cx, clientY: cy, button: 0, buttons: 1, bubbles: true, view: window }))
    const tick = (now) => {
      if (start === null) start = now
      else deltas.push(now - last)
      last = now
      const t = now - start
      if (t >= ms) {
        if (kind === 'pan') window.dispatchEvent(new MouseEvent('mouseup', { clientX: cx, clientY: cy, button: 0, bubbles: true, view: window }))
        requestAnimationFrame(() => { observer.disconnect(); resolve({ deltas, longTasks }) })
        return
      }
      if (kind === 'pan') {
        const a = (t / 1000) * Math.PI
        window.dispatchEvent(new MouseEvent('mousemove', { clientX: cx + Math.cos(a) * 300, clientY: cy + Math.sin(a) * 200, buttons: 1, bubbles: true, view: window }))
      } else {
        wheel(el, t < ms / 2 ? -25 : 25, cx, cy)
      }
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
`

/** One scripted phase: its frame figures, and per frame drawn the main thread's busy time (ms). */
async function phase(page: Page, cdp: CDPSession, kind: 'pan' | 'zoom') {
  const { record, busy_per_frame_ms } = await measured(cdp, () => page.evaluate(([k, ms]) => window.__drive(k, ms), [kind, PHASE_MS] as const))
  return { ...frameStats(record), busy_per_frame_ms }
}

/** TABLES tables t001…: id, name, created_at, 0 to 3 more columns, and a key to an earlier table (a tenth have two). */
function schemaSql(): { sql: string; fks: number } {
  const lines = [`create schema ${SCHEMA};`]
  let fks = 0
  const extra = ['note text', 'amount numeric(12,2)', 'active boolean default true']
  for (let i = 1; i <= TABLES; i++) {
    const name = `t${String(i).padStart(3, '0')}`
    const cols = ['id bigint generated always as identity primary key', 'name text not null', 'created_at timestamptz default now()']
    const refs: number[] = []
    if (i > 1) refs.push(1 + ((i * 7919) % (i - 1)))
    if (i > 2 && i % 10 === 0) refs.push(1 + ((i * 104729) % (i - 1)))
    const unique = refs.length === 2 && refs[0] === refs[1] ? [refs[0]!] : refs
    for (const r of unique) cols.push(`t${String(r).padStart(3, '0')}_id bigint references ${SCHEMA}.t${String(r).padStart(3, '0')} (id)`)
    fks += unique.length
    // 5 to 8 columns in all
    const want = 5 + (i % 4)
    for (let k = 0; cols.length < want && k < extra.length; k++) cols.push(extra[k]!)
    while (cols.length < want) cols.push(`c${cols.length} int`)
    lines.push(`create table ${SCHEMA}.${name} (${cols.join(', ')});`)
  }
  return { sql: lines.join('\n'), fks }
}


async function measure(page: Page, cdp: CDPSession) {
  await page.goto(`/project/default/database/schemas?schema=${SCHEMA}`)
  await page.waitForFunction((n) => document.querySelectorAll('.react-flow__node').length >= n, TABLES, { timeout: 120_000, polling: 'raf' })
  const allNodes = await page.evaluate(() => performance.now())
  const layoutMs = Number(await page.locator('.viz-diagram').getAttribute('data-layout-ms'))
  const graphMs = await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.includes('/schema-graph?'))
    return e ? Math.round(e.duration) : null
  })
  await page.waitForTimeout(500)
  if (process.env.PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'))
  const panCold = await phase(page, cdp, 'pan')
  if (process.env.PROFILE) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown }
    await writeFile(process.env.PROFILE, JSON.stringify(profile))
  }
  await phase(page, cdp, 'pan')
  const panWarm = await phase(page, cdp, 'pan')
  const zoom = await phase(page, cdp, 'zoom')
  // a table in the middle centred at readable zoom (the search box), then the same pan there
  await page.getByRole('searchbox', { name: 'Find a table' }).fill(`t${String(Math.ceil(TABLES / 2)).padStart(3, '0')}`)
  await page.waitForFunction(() => document.querySelectorAll('.viz-node--selected').length === 1)
  await page.waitForTimeout(800)
  const scale = await page.evaluate(() => Number((/scale\(([^)]+)\)/.exec(document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform) ?? [0, 1])[1]))
  const inView = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length)
  const panNear = await phase(page, cdp, 'pan')
  const panNearWarm = await phase(page, cdp, 'pan')
  return {
    graph_ms: graphMs, layout_ms: layoutMs, all_nodes_ms: Math.round(allNodes),
    pan_fitted_first: panCold, pan_fitted_third: panWarm, zoom_sweep: zoom,
    pan_near: { zoom: Number(scale.toFixed(2)), nodes_in_view: inView, first: panNear, again: panNearWarm },
  }
}

async function benchOn(browser: Browser, databaseUrl: string | undefined, kind: string): Promise<void> {
  const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'studio-bench-'))
  const studio = await startStudio({ port: 0, dataDir, databaseUrl, logger: false, token: BENCH_TOKEN, password: PASSWORD })
  const context = await browser.newContext({ baseURL: studio.url, viewport: { width: 1440, height: 900 } })
  try {
    const { sql, fks } = schemaSql()
    await query(studio.url, sql)
    const signIn = await context.request.post('/platform/sign-in', { data: { password: PASSWORD }, headers: { origin: studio.url } })
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`)
    await context.addInitScript({ content: INSTRUMENT })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(JSON.stringify({ database: kind, cpu_slowdown: CPU_SLOWDOWN, round, tables: TABLES, foreign_keys: fks, ...(await measure(page, cdp)) }))
    }
  } finally {
    await context.close()
    await query(studio.url, `drop schema if exists ${SCHEMA} cascade`).catch(() => undefined)
    await studio.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}

const browser = await launchChromium()
try {
  await benchOn(browser, undefined, 'pglite')
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
  if (serverUrl) await withBenchDatabase(serverUrl, 'bench_visualizer', ({ url }) => benchOn(browser, url, 'postgres'))
} finally {
  await browser.close()
}
