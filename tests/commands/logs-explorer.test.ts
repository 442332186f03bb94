/**
 * The logs explorer's commands, headless against a real studio (PGlite, and PostgreSQL when TEST_DATABASE_URL
 * is set): a query over the source views answers the rows a user sees, with the SQL in the URL and in the
 * recent queries; a write is refused with the server's message; every template answers over our metadata;
 * the range goes to the URL and the query runs again over it; the chart takes only columns it can draw.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import '../../commands/logs-explorer'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { logsExplorer } from '../../src/web/model/logs/explorer/explorer-state'
import { clearRecentQueries, loadRecentQueries } from '../../src/web/model/logs/explorer/recent'
import { LOG_TEMPLATES } from '../../src/web/model/logs/explorer/templates'
import { TEMPLATE_SQL } from '../../src/web/model/logs/explorer/template-sql'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const PATHS = `select timestamp, metadata->'request'->>'path' as path, (metadata->'response'->>'status_code')::int as status
from edge_logs where metadata->'request'->>'path' like '/platform/pg-meta/%/schemas%' order by timestamp desc limit 5`

describe.each(targets())('logs explorer commands on $name', (target) => {
  let ctx: HeadlessContext

  beforeAll(async () => {
    ctx = headlessContext(target, paths.logsExplorer(ref))
    // requests for the edge source to record
    await ctx.api.schemas(ref)
    await ctx.api.schemas(ref)
  })
  beforeEach(() => clearRecentQueries(ref))

  it('runs a query over the logs: the rows, the SQL in the URL and in the recent queries', async () => {
    await run('logs.explorer.run', { sql: PATHS })
    const rows = logsExplorer.result!.rows
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows[0]).toEqual({ timestamp: expect.any(String), path: `/platform/pg-meta/${ref}/schemas`, status: 200 })
    expect(logsExplorer.result!.truncated).toBe(false)
    expect(logsExplorer.error).toBeNull()
    expect(logsExplorer.sql).toBe(PATHS)
    expect(ctx.location.search.sql).toBe(PATHS)
    expect(loadRecentQueries(ref).map((q) => q.sql)).toEqual([PATHS])
    // a number over a time: the chart takes them
    expect(logsExplorer.chart).toEqual({ time: 'timestamp', value: 'status' })
  })

  it('shows the refusal of a write as the server says it', async () => {
    await run('logs.explorer.run', { sql: 'delete from edge_logs' })
    expect(logsExplorer.error).toBe(MSG.logsQueryReadOnly)
    expect(logsExplorer.result).toBeNull()
    await run('logs.explorer.run', { sql: 'select 1; select 2' })
    expect(logsExplorer.error).toBe(MSG.logsQueryOneStatement)
    await run('logs.explorer.run', { sql: 'select nope from edge_logs' })
    expect(logsExplorer.error).toMatch(/nope/)
    // the table is still there: the log store refused the write, it did not run it
    await run('logs.explorer.run', { sql: 'select count(*) as n from edge_logs' })
    expect(Number(logsExplorer.result!.rows[0]!.n)).toBeGreaterThan(0)
  })

  it('refuses to run an empty query', async () => {
    await expect(run('logs.explorer.run', { sql: '  ' })).rejects.toMatchObject({ message: MSG.logsQueryEmpty })
  })

  it.each(LOG_TEMPLATES.map((t) => [t.id, t] as const))('opens the template %s, whose query answers', async (id) => {
    await ctx.navigate({ to: paths.logsExplorerTemplates(ref) })
    await run('logs.explorer.template.open', { template: id })
    expect(ctx.route.id).toBe('logs.explorer')
    expect(logsExplorer.error).toBeNull()
    expect(logsExplorer.result!.sql).toBe(TEMPLATE_SQL[id])
    expect(ctx.location.search.sql).toBe(logsExplorer.result!.sql)
  })

  it('counts the requests per minute, and charts them over the minute', async () => {
    await run('logs.explorer.template.open', { template: 'requests-per-minute' })
    const rows = logsExplorer.result!.rows
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.reduce((n, r) => n + Number(r.requests), 0)).toBeGreaterThanOrEqual(2)
    expect(logsExplorer.chart).toEqual({ time: 'minute', value: 'requests' })
  })

  it('sets the range in the URL and runs the query again over it; a custom range needs both ends', async () => {
    await run('logs.explorer.run', { sql: PATHS })
    await run('logs.explorer.range.set', { range: '15m' })
    expect(ctx.location.search).toMatchObject({ range: '15m', sql: PATHS })
    expect(logsExplorer.result!.rows.length).toBeGreaterThan(0)
    const future = { start: '2100-01-01T00:00:00.000Z', end: '2100-01-02T00:00:00.000Z' }
    await run('logs.explorer.range.set', { range: 'custom', ...future })
    expect(ctx.location.search).toMatchObject({ range: 'custom', ...future })
    expect(logsExplorer.result!.rows).toEqual([])
    await expect(runUnchecked('logs.explorer.range.set', { range: 'custom', start: future.end, end: future.start })).rejects.toMatchObject({
      message: MSG.logsCustomRangeNeedsBounds,
    })
    await run('logs.explorer.range.set', { range: '1h' })
    expect(ctx.location.search.range).toBe('1h')
    expect([ctx.location.search.start, ctx.location.search.end]).toEqual([undefined, undefined])
  })

  it('charts a chosen number column, and refuses one that is not in the result', async () => {
    await run('logs.explorer.run', { sql: `select timestamp, (metadata->>'duration_ms')::numeric as ms, (metadata->'response'->>'status_code')::int as status, event_message from edge_logs limit 20` })
    await run('logs.explorer.chart.set', { time: 'timestamp', value: 'ms' })
    expect(logsExplorer.chart).toEqual({ time: 'timestamp', value: 'ms' })
    await expect(run('logs.explorer.chart.set', { time: 'timestamp', value: 'event_message' })).rejects.toMatchObject({ kind: 'invalid-args' })
    await run('logs.explorer.run', { sql: `select metadata->'request'->>'path' as path, count(*) as n from edge_logs group by 1` })
    await expect(run('logs.explorer.chart.set', { time: 'path', value: 'n' })).rejects.toMatchObject({ message: MSG.logsExplorerNoTimeColumn })
  })

  it('reopens a recent query, and clears them', async () => {
    await run('logs.explorer.run', { sql: PATHS })
    await run('logs.explorer.run', { sql: 'select count(*) as n from edge_logs' })
    await run('logs.explorer.run', { sql: PATHS })
    expect(loadRecentQueries(ref).map((q) => q.sql)).toEqual([PATHS, 'select count(*) as n from edge_logs'])
    await ctx.navigate({ to: paths.logsExplorerRecent(ref) })
    await run('logs.explorer.recent.open', { sql: 'select count(*) as n from edge_logs' })
    expect(ctx.route.id).toBe('logs.explorer')
    expect(logsExplorer.result!.rows).toHaveLength(1)
    expect(loadRecentQueries(ref)[0]!.sql).toBe('select count(*) as n from edge_logs')
    await run('logs.explorer.recent.clear')
    expect(loadRecentQueries(ref)).toEqual([])
    await expect(run('logs.explorer.recent.clear')).rejects.toMatchObject({ message: MSG.logsExplorerNoRecent })
  })

  it('offers running only on the explorer', async () => {
    await ctx.navigate({ to: paths.logsExplorerTemplates(ref) })
    await expect(run('logs.explorer.run', { sql: PATHS })).rejects.toMatchObject({ kind: 'unavailable' })
    await ctx.navigate({ to: paths.logsExplorer(ref) })
  })
})
