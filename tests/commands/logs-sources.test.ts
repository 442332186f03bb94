/**
 * A log source's page, run headless against a real server (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set): requests to the studio become edge events, a failing statement a postgres error, and the commands
 * show them as the page would (the list newest first, the histogram's bars, the tail, older pages, the
 * explorer's query). Each test's requests carry a random marker the page searches for.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest'
import '../../commands/logs-sources'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, LOG_SOURCE_PAGE_ROWS } from '../../src/shared/constants'
import { endpoints as e } from '../../src/shared/contract'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { eventsQuery } from '../../src/web/model/logs/sources/events'
import { sourceLogsState } from '../../src/web/model/logs/sources/source-state'
import { eventStatus } from '../../src/web/model/logs/sources/status'
import { explorerSql } from '../../src/web/model/logs/sources/sql'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('log source commands on $name', (target) => {
  const marker = `logsrc_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext

  /**
   * `n` requests the studio refuses (401: no session), their paths holding the marker (and `tag`), once the
   * edge source holds them all (an event is recorded once its answer is sent, which may be just after the
   * client has read it).
   */
  const missing = async (n: number, tag = 'a') => {
    for (let i = 0; i < n; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, j) => fetch(`${target.url}/${marker}/${tag}/${i + j}`).then((r) => r.text())))
    }
    const sql = `select count(*)::int as n from edge_logs where event_message like '%/${marker}/${tag}/%'`
    await vi.waitFor(async () => {
      expect((await ctx.api.call(e.logsAll, { params: { ref }, query: { sql } })).result[0]).toEqual({ n })
    }, { timeout: 10_000, interval: 100 })
  }
  const shown = async () => (await ctx.queryClient.ensureQueryData(eventsQuery(ctx.api, ctx.ref, { source: 'edge', range: {}, search: marker }))).rows

  beforeAll(async () => {
    ctx = headlessContext(target, paths.logsSource(ref, 'edge', { search: marker }))
    await missing(3)
  })

  it('lists the source’s events for the search, newest first, and counts them in the histogram', async () => {
    const { events, histogram } = await run('logs.source.refresh')
    expect(events.rows.map((r) => (r.metadata.request as { path: string }).path).sort()).toEqual([0, 1, 2].map((i) => `/${marker}/a/${i}`))
    expect(events.rows.every((r) => r.event_message.startsWith('GET | 401 | '))).toBe(true)
    expect(events.rows.map((r) => eventStatus('edge', r.metadata))).toEqual(Array(3).fill({ label: '401', tone: 'warning' }))
    const ts = events.rows.map((r) => Date.parse(r.ts))
    expect([...ts].sort((a, b) => b - a)).toEqual(ts)
    expect(histogram.seconds).toBe(60)
    expect(histogram.bars.length).toBeGreaterThanOrEqual(60)
    expect(histogram.bars.reduce((n, b) => n + b.warnings, 0)).toBe(3)
    expect(histogram.bars.reduce((n, b) => n + b.ok + b.errors, 0)).toBe(0)
    expect(histogram.total).toBe(3)
  })

  it('matches the search whatever its case, and keeps it in the URL', async () => {
    await run('logs.source.search', { search: `  ${marker.toUpperCase()}/A/1 ` })
    expect(ctx.location.search.search).toBe(`${marker.toUpperCase()}/A/1`)
    const { events } = await run('logs.source.refresh')
    expect(events.rows.map((r) => r.metadata.request)).toEqual([expect.objectContaining({ path: `/${marker}/a/1` })])
    await run('logs.source.search', { search: marker })
    const asked = sourceLogsState.searchFocus
    await run('logs.source.search.focus')
    expect(sourceLogsState.searchFocus).toBe(asked + 1) // the page focuses its search box on this
  })

  it('opens an event’s JSON and steps through the list', async () => {
    const rows = await shown()
    const event = await run('logs.source.event.open', { id: rows[1]!.id })
    expect(event).toEqual(rows[1])
    expect(event.metadata).toMatchObject({ request: { method: 'GET' }, response: { status_code: 401 } })
    expect(sourceLogsState).toMatchObject({ selectedId: rows[1]!.id, panelOpen: true })
    expect((await run('logs.source.event.move', { by: 1 }))?.id).toBe(rows[2]!.id)
    expect((await run('logs.source.event.move', { by: 1 }))?.id).toBe(rows[2]!.id)
    expect((await run('logs.source.event.move', { by: -5 }))?.id).toBe(rows[0]!.id)
    await run('logs.source.event.close')
    expect(sourceLogsState.panelOpen).toBe(false)
    await expect(run('logs.source.event.open', { id: '00000000-0000-0000-0000-000000000000' })).rejects.toThrow('No event')
  })

  it('live tail adds the events recorded since the newest shown, on top', async () => {
    const before = (await shown()).length
    expect(await run('logs.source.tail.toggle')).toBe(true)
    await missing(2, 'tail')
    // the page polls while the tail is on; turning it off and on catches up the same way
    expect(await run('logs.source.tail.toggle')).toBe(false)
    expect(await run('logs.source.tail.toggle')).toBe(true)
    const rows = await shown()
    expect(rows).toHaveLength(before + 2)
    expect(rows.slice(0, 2).map((r) => (r.metadata.request as { path: string }).path).sort()).toEqual([`/${marker}/tail/0`, `/${marker}/tail/1`])
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    await run('logs.source.tail.toggle')
  })

  it('reads older events a page at a time, none twice', async () => {
    await missing(LOG_SOURCE_PAGE_ROWS, 'bulk')
    await run('logs.source.refresh')
    expect(await shown()).toHaveLength(LOG_SOURCE_PAGE_ROWS)
    expect(await run('logs.source.older.load')).toBe(5)
    const rows = await shown()
    expect(rows).toHaveLength(LOG_SOURCE_PAGE_ROWS + 5)
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    expect(rows.at(-1)!.event_message).toContain(`/${marker}/a/`)
    expect(await run('logs.source.older.load')).toBe(0)
  })

  it('opens the same view in the explorer, whose query reads the same events', async () => {
    await run('logs.source.range.set', { range: '3h' })
    await run('logs.source.explorer.open')
    expect(ctx.location.pathname).toBe(paths.logsExplorer(ref))
    expect(ctx.location.search).toMatchObject({ sql: explorerSql('edge', marker), range: '3h' })
    const { result } = await ctx.api.call(e.logsAll, { params: { ref }, query: { sql: ctx.location.search.sql as string } })
    expect(result).toHaveLength(100)
    expect(getCommand('logs.source.refresh')!.when!(ctx)).toBe(false)
    await ctx.navigate({ to: paths.logsSource(ref, 'edge'), search: { search: marker } })
  })

  it('sets a preset or custom range, refusing one that ends before it starts; counts the bars of any range', async () => {
    const start = new Date(Date.now() - 10 * 60_000).toISOString()
    const end = new Date().toISOString()
    await run('logs.source.range.set', { range: 'custom', start, end })
    expect(ctx.location.search).toMatchObject({ range: 'custom', start, end })
    const { histogram } = await run('logs.source.refresh')
    expect(histogram.seconds).toBe(10)
    expect(histogram.total).toBe(3 + 2 + LOG_SOURCE_PAGE_ROWS)
    await expect(runUnchecked('logs.source.range.set', { range: 'custom', start: end, end: start })).rejects.toThrow(MSG.logsBadRange)
    await run('logs.source.range.set', { range: '15m' })
    expect(ctx.location.search).toMatchObject({ range: '15m' })
    expect(ctx.location.search.start).toBeUndefined()
    // no search, bars of whole minutes: the store's per-minute counts, which hold this test's requests too
    await run('logs.source.range.set', { range: '3h' })
    await run('logs.source.search', { search: '' })
    const all = (await run('logs.source.refresh')).histogram
    expect(all.seconds).toBe(300)
    expect(all.bars.reduce((n, b) => n + b.warnings, 0)).toBeGreaterThanOrEqual(3 + 2 + LOG_SOURCE_PAGE_ROWS)
    expect(all.total).toBe(all.bars.reduce((n, b) => n + b.ok + b.warnings + b.errors, 0))
    await run('logs.source.search', { search: marker })
  })

  it('shows a failing statement as a postgres error', async () => {
    await expect(ctx.api.query(ref, `select * from ${marker}_missing`)).rejects.toThrow()
    await ctx.navigate({ to: paths.logsSource(ref, 'postgres'), search: { search: `${marker}_missing` } })
    const { events, histogram } = await run('logs.source.refresh')
    expect(events.rows.length).toBeGreaterThanOrEqual(1)
    expect(eventStatus('postgres', events.rows[0]!.metadata)).toEqual({ label: 'ERROR', tone: 'error' })
    expect(histogram.bars.reduce((n, b) => n + b.errors, 0)).toBeGreaterThanOrEqual(1)
  })

  it('is disabled without the logs read permission', () => {
    ctx.denied.add('analyticsReadLogs')
    expect(disabledReason(getCommand('logs.source.refresh')!, ctx)).toBe(MSG.logsNoAccessTitle)
    ctx.denied.delete('analyticsReadLogs')
  })
})
