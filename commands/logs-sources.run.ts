/** The bodies of logs-sources.ts's commands: the range and search through the URL, the events through model/logs/sources. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { currentView, type MoveEventArgs, type OpenEventArgs, type SearchSourceArgs, type SetRangeArgs } from './logs-sources'
import type { CommandContext } from '../src/web/model/app/context'
import { paths } from '../src/shared/routes'
import { eventsQuery, loadNewerEvents, loadOlderEvents, refreshSourceLogs, type SourceEvent } from '../src/web/model/logs/sources/events'
import { histogramQuery } from '../src/web/model/logs/sources/histogram'
import { sourceLogsState } from '../src/web/model/logs/sources/source-state'
import { explorerSql } from '../src/web/model/logs/sources/sql'

export const setSourceRange = (ctx: CommandContext, { range, start, end }: z.infer<typeof SetRangeArgs>) => {
  const custom = range === 'custom' ? { start: new Date(start!).toISOString(), end: new Date(end!).toISOString() } : { start: undefined, end: undefined }
  return ctx.navigate({ search: (prev) => ({ ...prev, range, ...custom }), replace: true })
}

export const searchSource = (ctx: CommandContext, { search }: z.infer<typeof SearchSourceArgs>) =>
  ctx.navigate({ search: (prev) => ({ ...prev, search: search.trim() || undefined }), replace: true })

/** What the page shows once read again: the newest events and the histogram. */
export const refreshSource = async (ctx: CommandContext) => {
  const view = currentView(ctx)
  await refreshSourceLogs(ctx.queryClient, ctx.ref, view.source)
  const [events, histogram] = await Promise.all([
    ctx.queryClient.fetchQuery(eventsQuery(ctx.api, ctx.ref, view)),
    ctx.queryClient.fetchQuery(histogramQuery(ctx.api, ctx.ref, view)),
  ])
  return { events, histogram }
}

/** How many older events came. */
export const loadOlder = (ctx: CommandContext) => loadOlderEvents(ctx.queryClient, ctx.api, ctx.ref, currentView(ctx))

/** Turned on, it catches up at once (the page's poll then keeps going); answers whether it is on. */
export const toggleTail = async (ctx: CommandContext) => {
  sourceLogsState.tail = !sourceLogsState.tail
  if (sourceLogsState.tail) await loadNewerEvents(ctx.queryClient, ctx.api, ctx.ref, currentView(ctx))
  return sourceLogsState.tail
}

async function shownEvents(ctx: CommandContext): Promise<SourceEvent[]> {
  return (await ctx.queryClient.ensureQueryData(eventsQuery(ctx.api, ctx.ref, currentView(ctx)))).rows
}

export const openEvent = async (ctx: CommandContext, { id }: z.infer<typeof OpenEventArgs>) => {
  const event = (await shownEvents(ctx)).find((r) => r.id === id)
  if (!event) throw new CommandError(`No event ${id} in the list`, 'invalid-args')
  Object.assign(sourceLogsState, { selectedId: id, panelOpen: true })
  return event
}

/** Chooses the event `by` rows from the chosen one (the newest when none is), kept within the list; answers it. */
export const moveEvent = async (ctx: CommandContext, { by }: z.infer<typeof MoveEventArgs>) => {
  const rows = await shownEvents(ctx)
  if (rows.length === 0) return null
  const at = rows.findIndex((r) => r.id === sourceLogsState.selectedId)
  const next = rows[at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + by))]!
  sourceLogsState.selectedId = next.id
  return next
}

export const openInExplorer = (ctx: CommandContext) => {
  const { source, range, search } = currentView(ctx)
  return ctx.navigate({ to: paths.logsExplorer(ctx.ref), search: { sql: explorerSql(source, search), ...range } })
}
