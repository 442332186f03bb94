/**
 * The logs explorer (/project/{ref}/logs/explorer): run a SQL query over the source views in the page's
 * time range (⌘Enter inside its editor), change the range, chart a column, open a ready query (templates)
 * or one run before (recent queries, kept in this browser). Bodies in logs-explorer.run.ts.
 */
import { z } from 'zod'
import { currentFirst, defineCommand, lazyRun } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { logsExplorer } from '../src/web/model/logs/explorer/explorer-state'
import { numericColumns, timeColumns } from '../src/web/model/logs/explorer/columns'
import { loadRecentQueries } from '../src/web/model/logs/explorer/recent'
import { LOG_TEMPLATES, LOG_TEMPLATE_IDS } from '../src/web/model/logs/explorer/templates'

const load = () => import('./logs-explorer.run')

const AREA = 'logs'
const onExplorer = (ctx: CommandContext) => ctx.route.id === 'logs.explorer'
const inLogs = (ctx: CommandContext) => ctx.route.matches('logs')
const notRunning = () => (logsExplorer.running ? MSG.logsExplorerRunning : true)

export const RunExplorerArgs = z.object({ sql: z.string().optional() })

export const runExplorerQuery = defineCommand({
  id: 'logs.explorer.run',
  title: 'Run logs query',
  area: AREA,
  keywords: ['logs', 'explorer', 'sql', 'execute', 'query'],
  args: RunExplorerArgs,
  when: onExplorer,
  enabled: () => (logsExplorer.running ? MSG.logsExplorerRunning : logsExplorer.sql.trim() ? true : MSG.logsQueryEmpty),
  run: lazyRun(load, 'runExplorerQuery'),
})

const RANGES = ['15m', '1h', '3h', '24h', '7d', 'custom'] as const

export const SetRangeArgs = z
  .object({
    range: z.enum(RANGES, { error: `Range is one of ${RANGES.join(', ')}` }),
    start: z.string().optional(),
    end: z.string().optional(),
  })
  .refine((a) => a.range !== 'custom' || (a.start && a.end && Date.parse(a.start) < Date.parse(a.end)), { message: MSG.logsCustomRangeNeedsBounds })

export const setExplorerRange = defineCommand({
  id: 'logs.explorer.range.set',
  title: 'Set logs time range',
  area: AREA,
  keywords: ['logs', 'time', 'range', 'period', 'last hour', 'interval'],
  args: SetRangeArgs,
  argWhen: { start: (a) => a.range === 'custom', end: (a) => a.range === 'custom' },
  argLabels: { range: 'Show logs of', start: 'From (ISO 8601)', end: 'To (ISO 8601)' },
  when: onExplorer,
  enabled: notRunning,
  run: lazyRun(load, 'setExplorerRange'),
})

export const ChartArgs = z.object({ time: z.string().min(1), value: z.string().min(1) })

export const setExplorerChart = defineCommand({
  id: 'logs.explorer.chart.set',
  title: 'Chart logs column',
  area: AREA,
  keywords: ['logs', 'chart', 'graph', 'plot', 'column', 'over time'],
  args: ChartArgs,
  argOptions: {
    time: () => currentFirst(timeColumns(logsExplorer.result?.rows ?? []).map((value) => ({ value })), logsExplorer.chart.time ?? undefined),
    value: () => currentFirst(numericColumns(logsExplorer.result?.rows ?? []).map((value) => ({ value })), logsExplorer.chart.value ?? undefined),
  },
  argLabels: { time: 'Along the time column', value: 'Draw the number column' },
  when: onExplorer,
  enabled: () => (timeColumns(logsExplorer.result?.rows ?? []).length ? true : MSG.logsExplorerNoTimeColumn),
  run: lazyRun(load, 'setExplorerChart'),
})

export const TemplateArgs = z.object({ template: z.enum(LOG_TEMPLATE_IDS) })

export const openLogTemplate = defineCommand({
  id: 'logs.explorer.template.open',
  title: 'Open logs query template',
  area: AREA,
  keywords: ['logs', 'template', 'example', 'ready', 'query', 'slowest', 'errors'],
  args: TemplateArgs,
  argOptions: { template: () => LOG_TEMPLATES.map((t) => ({ value: t.id, label: t.title, hint: t.description })) },
  argLabels: { template: 'Open the query' },
  when: inLogs,
  enabled: notRunning,
  run: lazyRun(load, 'openLogTemplate'),
})

export const RecentArgs = z.object({ sql: z.string().trim().min(1, MSG.logsQueryEmpty) })

/** A query's first line, as a pick list shows it. */
const firstLine = (sql: string) => sql.split('\n').find((l) => l.trim()) ?? sql

export const openRecentQuery = defineCommand({
  id: 'logs.explorer.recent.open',
  title: 'Open recent logs query',
  area: AREA,
  keywords: ['logs', 'recent', 'history', 'again', 'query'],
  args: RecentArgs,
  argOptions: { sql: (ctx) => loadRecentQueries(ctx.ref).map((q) => ({ value: q.sql, label: firstLine(q.sql), hint: new Date(q.ranAt).toLocaleString() })) },
  argLabels: { sql: 'Open the query' },
  when: inLogs,
  enabled: (ctx) => (logsExplorer.running ? MSG.logsExplorerRunning : loadRecentQueries(ctx.ref).length ? true : MSG.logsExplorerNoRecent),
  run: lazyRun(load, 'openRecentQuery'),
})

export const clearRecentQueries = defineCommand({
  id: 'logs.explorer.recent.clear',
  title: 'Clear recent logs queries',
  area: AREA,
  keywords: ['logs', 'recent', 'history', 'forget', 'clear'],
  when: inLogs,
  enabled: (ctx) => (loadRecentQueries(ctx.ref).length ? true : MSG.logsExplorerNoRecent),
  run: lazyRun(load, 'clearRecentQueries'),
})
