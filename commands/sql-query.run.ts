/** The bodies of sql-query.ts's commands: run (asking first before destructive SQL), format, cancel, results. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { applyRole, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import { ApiError } from '../src/web/data/api'
import { destructiveStatements } from '../src/shared/sql/destructive'
import { formatResult, plural, toCsv } from '../src/web/model/sql-editor/results/format'
import { downloadText } from '../src/web/model/sql-editor/results/download'
import { impersonation } from '../src/web/model/project/role'
import {
  activeResult, failRun, finishRun, replaceEditorText, requestResultsFocus, selectedText, sqlEditor, startRun,
} from '../src/web/model/sql-editor/sql-editor'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { FORMAT_NAMES, type CopyResultsArgs } from './sql-query'

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
  startRun(runId)
  try {
    finishRun(runId, await ctx.api.runQuery(ctx.ref, { query: sql, runId, impersonate: impersonation() }))
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
  if (!cancelled) ctx.toast.info('The database did not cancel the query: it had finished, or it is PGlite, which cannot interrupt a query')
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

export const downloadCsv = () => {
  const result = activeResult()
  if (!result) return
  const csv = toCsv(result)
  downloadText(`results-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.csv`, csv, 'text/csv')
  return csv
}

export const setQueryRole = (_ctx: CommandContext, args: z.infer<typeof roleArgs>) => {
  applyRole(args)
}
