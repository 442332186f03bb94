/**
 * The bodies of logs-explorer.ts's commands. A query the server refuses (a write, a bad column, a timeout)
 * is the answer shown in the results, as the server says it, not a failure of the command.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { errorMessage } from '../src/shared/error-message'
import { ApiError } from '../src/web/data/api'
import { explorerSearchSchema } from '../src/web/model/logs/search'
import { rangeBounds } from '../src/web/model/logs/time-range'
import { queryLogs } from '../src/web/model/logs/logs-query'
import {
  failExplorerRun, finishExplorerRun, logsExplorer, replaceExplorerSql, setExplorerChart as setChart, startExplorerRun,
} from '../src/web/model/logs/explorer/explorer-state'
import { numericColumns, timeColumns } from '../src/web/model/logs/explorer/columns'
import { clearRecentQueries as clearRecent, rememberQuery } from '../src/web/model/logs/explorer/recent'
import { TEMPLATE_SQL } from '../src/web/model/logs/explorer/template-sql'
import type { ChartArgs, RecentArgs, RunExplorerArgs, SetRangeArgs, TemplateArgs } from './logs-explorer'

/** Runs `sql` in the URL's time range, with ?sql= set to it (on the explorer, which it goes to if elsewhere). */
async function runSql(ctx: CommandContext, sql: string) {
  if (!sql.trim()) throw new CommandError(MSG.logsQueryEmpty, 'invalid-args')
  replaceExplorerSql(sql)
  startExplorerRun(sql)
  const onExplorer = ctx.route.id === 'logs.explorer'
  const search = onExplorer ? explorerSearchSchema.parse(ctx.location.search) : {}
  if (!onExplorer || search.sql !== sql) {
    await ctx.navigate(onExplorer ? { search: (prev) => ({ ...prev, sql }), replace: true } : { to: paths.logsExplorer(ctx.ref, { sql }) })
  }
  const bounds = rangeBounds(search)
  rememberQuery(ctx.ref, sql)
  try {
    const answer = await queryLogs(ctx.api, ctx.ref, sql, bounds)
    finishExplorerRun({ sql, rows: answer.result, truncated: !!answer.truncated })
    return { rows: answer.result.length, truncated: !!answer.truncated }
  } catch (err) {
    failExplorerRun(errorMessage(err))
    if (err instanceof ApiError && err.code === 400) return { error: err.message }
    throw err
  }
}

export function runExplorerQuery(ctx: CommandContext, args: z.infer<typeof RunExplorerArgs>) {
  return runSql(ctx, args.sql ?? logsExplorer.sql)
}

export async function setExplorerRange(ctx: CommandContext, args: z.infer<typeof SetRangeArgs>) {
  const custom = args.range === 'custom'
  await ctx.navigate({
    search: (prev) => ({
      ...prev,
      range: args.range,
      start: custom ? new Date(args.start!).toISOString() : undefined,
      end: custom ? new Date(args.end!).toISOString() : undefined,
    }),
    replace: true,
  })
  // what is shown follows the range: the query shown runs again over it
  if (logsExplorer.result || logsExplorer.error) return runSql(ctx, logsExplorer.ranSql ?? logsExplorer.sql)
}

export function setExplorerChart(_ctx: CommandContext, args: z.infer<typeof ChartArgs>) {
  const rows = logsExplorer.result?.rows ?? []
  if (!timeColumns(rows).includes(args.time)) throw new CommandError(`${args.time} is no time column of the result`, 'invalid-args')
  if (!numericColumns(rows).includes(args.value)) throw new CommandError(`${args.value} is no number column of the result`, 'invalid-args')
  setChart({ time: args.time, value: args.value })
}

export function openLogTemplate(ctx: CommandContext, args: z.infer<typeof TemplateArgs>) {
  return runSql(ctx, TEMPLATE_SQL[args.template])
}

export function openRecentQuery(ctx: CommandContext, args: z.infer<typeof RecentArgs>) {
  return runSql(ctx, args.sql)
}

export function clearRecentQueries(ctx: CommandContext) {
  clearRecent(ctx.ref)
}
