/**
 * A log source's page (issue 16, /project/{ref}/logs/{source}-logs): the time range and search (in the URL),
 * refresh, older events, the live tail, the chosen event's JSON, and the same view in the explorer. The
 * bodies are in logs-sources.run.ts.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { LOG_SOURCES, type LogSource } from '../src/shared/logs'
import { MSG } from '../src/shared/messages'
import { sourceSearchSchema } from '../src/web/model/logs/search'
import type { SourceView } from '../src/web/model/logs/sources/events'
import { sourceLogsState } from '../src/web/model/logs/sources/source-state'

const load = () => import('./logs-sources.run')

const AREA = 'logs'

/** The source whose page is open, if one is. */
export const currentSource = (ctx: CommandContext): LogSource | undefined =>
  LOG_SOURCES.find((s) => ctx.route.id === `logs.${s}`)

/** The source, range and search the page shows (its URL, read as the page reads it). */
export function currentView(ctx: CommandContext): SourceView {
  const source = currentSource(ctx)
  if (!source) throw new Error('No log source page is open')
  const { search, ...range } = sourceSearchSchema.parse(ctx.location.search)
  return { source, range, search }
}

const onSourcePage = (ctx: CommandContext) => currentSource(ctx) !== undefined
const canRead = (ctx: CommandContext) => ctx.can('analyticsReadLogs') || MSG.logsNoAccessTitle

export const SetRangeArgs = z
  .object({
    range: z.enum(['15m', '1h', '3h', '24h', '7d', 'custom']),
    start: z.string().optional(),
    end: z.string().optional(),
  })
  .refine((a) => a.range !== 'custom' || (a.start && a.end && Date.parse(a.start) < Date.parse(a.end)), {
    message: MSG.logsBadRange,
    path: ['end'],
  })

export const setSourceRange = defineCommand({
  id: 'logs.source.range.set',
  title: 'Set logs time range',
  area: AREA,
  keywords: ['time range', 'last hour', 'last 24 hours', 'last 7 days', 'custom range', 'zoom'],
  args: SetRangeArgs,
  argLabels: { range: 'Range', start: 'Start (ISO 8601, custom range)', end: 'End (ISO 8601, custom range)' },
  argWhen: { start: (sofar) => sofar.range === 'custom', end: (sofar) => sofar.range === 'custom' },
  when: onSourcePage,
  enabled: canRead,
  run: lazyRun(load, 'setSourceRange'),
})

export const SearchSourceArgs = z.object({ search: z.string() })

export const searchSource = defineCommand({
  id: 'logs.source.search',
  title: 'Search log messages',
  area: AREA,
  keywords: ['filter', 'find', 'event message'],
  args: SearchSourceArgs,
  argLabels: { search: 'Text in the message (empty shows every event)' },
  when: onSourcePage,
  enabled: canRead,
  run: lazyRun(load, 'searchSource'),
})

export const focusSourceSearch = defineCommand({
  id: 'logs.source.search.focus',
  title: 'Focus logs search',
  area: AREA,
  keywords: ['search box', 'find'],
  when: onSourcePage,
  run: () => {
    sourceLogsState.searchFocus += 1
  },
})

export const refreshSource = defineCommand({
  id: 'logs.source.refresh',
  title: 'Refresh logs',
  area: AREA,
  keywords: ['reload', 'newest events', 'retry'],
  when: onSourcePage,
  enabled: canRead,
  run: lazyRun(load, 'refreshSource'),
})

export const loadOlder = defineCommand({
  id: 'logs.source.older.load',
  title: 'Load older events',
  area: AREA,
  keywords: ['more', 'next page', 'older'],
  when: onSourcePage,
  enabled: canRead,
  run: lazyRun(load, 'loadOlder'),
})

export const toggleTail = defineCommand({
  id: 'logs.source.tail.toggle',
  title: 'Live tail',
  area: AREA,
  keywords: ['live', 'follow', 'stream', 'auto refresh', 'pause'],
  when: onSourcePage,
  enabled: canRead,
  checked: () => sourceLogsState.tail,
  run: lazyRun(load, 'toggleTail'),
})

export const OpenEventArgs = z.object({ id: z.string().min(1, 'Pick an event') })

export const openEvent = defineCommand({
  id: 'logs.source.event.open',
  title: 'Show event details',
  area: AREA,
  keywords: ['json', 'metadata', 'inspect'],
  args: OpenEventArgs,
  argLabels: { id: 'Event id' },
  when: onSourcePage,
  run: lazyRun(load, 'openEvent'),
})

export const closeEvent = defineCommand({
  id: 'logs.source.event.close',
  title: 'Close event details',
  area: AREA,
  keywords: ['hide json'],
  when: (ctx) => onSourcePage(ctx) && sourceLogsState.panelOpen,
  run: () => {
    sourceLogsState.panelOpen = false
  },
})

export const MoveEventArgs = z.object({ by: z.number().int() })

export const moveEvent = defineCommand({
  id: 'logs.source.event.move',
  title: 'Choose the next or previous event',
  area: AREA,
  keywords: ['up', 'down', 'next event', 'previous event'],
  args: MoveEventArgs,
  argLabels: { by: 'Steps (1 down, -1 up)' },
  when: onSourcePage,
  run: lazyRun(load, 'moveEvent'),
})

export const openInExplorer = defineCommand({
  id: 'logs.source.explorer.open',
  title: 'Open in Logs Explorer',
  area: AREA,
  keywords: ['sql', 'query', 'explorer'],
  when: onSourcePage,
  enabled: canRead,
  run: lazyRun(load, 'openInExplorer'),
})
