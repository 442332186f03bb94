/** The bodies of sql-query.ts's commands: run (asking first before destructive SQL), format, cancel, explain, results. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { applyRole, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import { ApiError } from '../src/web/data/api'
import { destructiveStatements } from '../src/shared/sql/destructive'
import { MSG } from '../src/shared/messages'
import { formatResult, plural, toCsv, toJson } from '../src/web/model/sql-editor/results/format'
import { downloadText } from '../src/web/model/sql-editor/results/download'
import { startDownload } from '../src/web/model/table-editor/io/download'
import { currentStatement } from '../src/web/model/sql-editor/results/statement'
import { chosenCell, setColumnWidth, setViewerOpen } from '../src/web/model/sql-editor/results/view'
import { impersonation } from '../src/web/model/project/role'
import {
  activeResult, failRun, finishExplain, finishRun, replaceEditorText, requestResultsFocus, rowLimitValue, selectedText,
  setRowLimit as storeRowLimit, sqlEditor, startExplain, startRun, type ErrorPlace,
} from '../src/web/model/sql-editor/sql-editor'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import {
  FORMAT_NAMES, LIMIT_NAMES, type CopyResultsArgs, type DownloadResultsArgs, type ResizeColumnArgs, type RowLimitArgs,
} from './sql-query'

/** Asks first when the SQL would change or remove data for good; true when it may run. */
function confirmDestructive(ctx: CommandContext, labels: string[]): Promise<boolean> {
  return ctx.confirm({
    title: 'Run a destructive query?',
    description: `This query contains ${labels.join(', ')}. It changes or removes data for good.`,
    confirmLabel: 'Run this query',
    destructive: true,
  })
}

/** Runs `sql`, which starts at `offset` in the editor's text; results and errors land in the store. */
async function runSql(ctx: CommandContext, sql: string, offset: number): Promise<void> {
  if (!sql.trim()) throw new CommandError('Type a query to run', 'invalid-args')
  const destructive = [...new Set(destructiveStatements(sql).map((d) => d.label))]
  // no await before startRun unless asking: a second press finds the query running
  if (destructive.length > 0 && !(await confirmDestructive(ctx, destructive))) return
  const runId = crypto.randomUUID()
  startRun(runId, sql)
  try {
    // read a part at a time: a 100,000-row answer never holds the page long
    finishRun(runId, await ctx.api.runQueryLines(ctx.ref, { query: sql, runId, impersonate: impersonation(), limit: rowLimitValue() }))
  } catch (e) {
    if (!(e instanceof ApiError)) {
      failRun(runId, (e as Error).message)
      throw e
    }
    failRun(runId, e.message, e.position ? { ran: sql, offset, position: e.position } : undefined)
  }
}

export const runQuery = (ctx: CommandContext) => {
  const { from, to } = sqlEditor.selection
  return from < to ? runSql(ctx, selectedText(), from) : runSql(ctx, sqlEditor.text, 0)
}

export const runSelection = (ctx: CommandContext) => runSql(ctx, selectedText(), sqlEditor.selection.from)

export const formatQuery = async (ctx: CommandContext) => {
  const { formatted } = await ctx.api.format(ctx.ref, sqlEditor.text)
  replaceEditorText(formatted)
}

export const cancelQuery = async (ctx: CommandContext) => {
  const runId = sqlEditor.runId
  if (!runId) return false
  const { cancelled } = await ctx.api.cancelQuery(ctx.ref, { runId })
  if (!cancelled) ctx.toast.info(MSG.queryAlreadyFinished)
  return cancelled
}

export const focusResults = () => requestResultsFocus()

export const copyResults = async (ctx: CommandContext, { format }: z.infer<typeof CopyResultsArgs>) => {
  const result = activeResult()
  if (!result) return
  const text = formatResult[format](result)
  if (await copyToClipboard(text)) ctx.toast.success(`Copied ${plural(result.rows.length, 'row')} as ${FORMAT_NAMES[format]}`)
  return text
}

/** Where the database says a statement that started at `offset` in the editor went wrong. */
const placeOf = (e: unknown, ran: string, offset: number): ErrorPlace | undefined =>
  e instanceof ApiError && e.position ? { ran, offset, position: e.position } : undefined

/** EXPLAIN ANALYZE of the selection or the statement at the cursor, rolled back; the plan opens in its own tab. */
export const explainQuery = async (ctx: CommandContext) => {
  const statement = currentStatement(sqlEditor.text, sqlEditor.selection)
  if (!statement) throw new CommandError('Type a query to explain', 'invalid-args')
  const runId = crypto.randomUUID()
  startExplain(runId)
  try {
    const explained = await ctx.api.explainQuery(ctx.ref, { query: statement.text, runId, impersonate: impersonation() })
    finishExplain(runId, statement.text, explained)
    return explained.plan
  } catch (e) {
    finishExplain(runId, statement.text, { message: (e as Error).message, place: placeOf(e, statement.text, statement.from) })
    if (!(e instanceof ApiError)) throw e
  }
}

const stamp = () => new Date().toISOString().slice(0, 19).replaceAll(':', '-')

/**
 * The active result as a file: the rows shown when they are all of it; when the row limit cut it, the
 * whole result, which the server streams to disk (its statement runs again, read-only). Answers the
 * file's text, or the link the browser downloads from.
 */
export const downloadResults = async (ctx: CommandContext, { format }: z.infer<typeof DownloadResultsArgs>) => {
  const result = activeResult()
  if (!result) return
  if (result.truncated && result.statement) {
    const query = sqlEditor.ranSql.slice(result.statement.from, result.statement.to)
    const { token } = await ctx.api.prepareResultDownload(ctx.ref, { query, format, impersonate: impersonation() })
    const url = ctx.api.resultDownloadUrl(ctx.ref, token)
    startDownload(url)
    ctx.toast.info(`Downloading every row as ${FORMAT_NAMES[format]}`)
    return url
  }
  const text = format === 'csv' ? toCsv(result) : toJson(result)
  downloadText(`results-${stamp()}.${format}`, text, format === 'csv' ? 'text/csv' : 'application/json')
  return text
}

export const setRowLimit = (ctx: CommandContext, { limit }: z.infer<typeof RowLimitArgs>) => {
  storeRowLimit(limit)
  ctx.toast.success(limit === 'none' ? 'Results show every row from the next run' : `Results show at most ${LIMIT_NAMES[limit]} from the next run`)
}

/** Opens the value viewer on the chosen cell; answers the text it shows. */
export const viewValue = () => {
  const cell = chosenCell(activeResult())
  if (!cell) return
  setViewerOpen(true)
  return cell.value
}

export const resizeColumn = (_ctx: CommandContext, { column, width }: z.infer<typeof ResizeColumnArgs>) => {
  const result = activeResult()
  if (!result?.columns.some((c) => c.name === column)) throw new CommandError(`There is no column "${column}" in these results`, 'invalid-args')
  return setColumnWidth(sqlEditor.activeTab, column, width)
}

export const setQueryRole = (_ctx: CommandContext, args: z.infer<typeof roleArgs>) => {
  applyRole(args)
}
