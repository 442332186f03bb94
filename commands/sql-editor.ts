/**
 * SQL editor commands (issue 4; spec 2 'SQL editor'): run the script or the selection (as the chosen
 * role), format it, cancel a running query, and the results: focus, copy as CSV / JSON / Markdown,
 * download CSV. The editor's text and selection live in the sql-editor store, so these run headless.
 */
import { z } from 'zod'
import { defineCommand, CommandError } from './registry'
import { applyRole, ROLE_KEYWORDS, roleArgLabels, roleArgOptions, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { ApiError } from '../src/web/data/api'
import { destructiveStatements } from '../src/shared/sql/destructive'
import { COPY_FORMATS, formatResult, plural, toCsv, type CopyFormat } from '../src/web/model/sql-editor/results/format'
import { downloadText } from '../src/web/model/sql-editor/results/download'
import { impersonation } from '../src/web/model/project/role'
import {
  activeResult, failRun, finishRun, isRunning, replaceEditorText, requestResultsFocus, selectedText, sqlEditor,
  startRun,
} from '../src/web/model/sql-editor/sql-editor'
import { copyToClipboard } from '../src/web/model/app/clipboard'

const AREA = 'sql-editor'

const inEditor = (ctx: CommandContext) => ctx.route.matches('sql-editor')
/** A query is open (not the templates pages). */
const onQuery = (ctx: CommandContext) => ctx.route.id === 'sql-editor.new' || ctx.route.id === 'sql-editor.snippet'
const canRun = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('run queries on this project')
const idle = (ctx: CommandContext) => (isRunning() ? 'A query is running: cancel it first' : canRun(ctx))

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

export const runQuery = defineCommand({
  id: 'sql.run',
  title: 'Run query',
  area: AREA,
  keywords: ['execute', 'sql', 'script', 'selection'],
  when: onQuery,
  enabled: idle,
  run: (ctx) => {
    const { from, to } = sqlEditor.selection
    return from < to ? runSql(ctx, selectedText(), from) : runSql(ctx, sqlEditor.text, 0)
  },
})

export const runSelection = defineCommand({
  id: 'sql.run-selection',
  title: 'Run selected SQL',
  area: AREA,
  keywords: ['execute', 'selection', 'part'],
  when: onQuery,
  enabled: (ctx) => (selectedText().trim() ? idle(ctx) : 'Select the SQL to run first'),
  run: (ctx) => runSql(ctx, selectedText(), sqlEditor.selection.from),
})

export const formatQuery = defineCommand({
  id: 'sql.format',
  title: 'Format SQL',
  area: AREA,
  keywords: ['prettify', 'beautify', 'indent'],
  when: onQuery,
  enabled: () => (sqlEditor.text.trim() ? true : 'There is no SQL to format'),
  run: async (ctx) => {
    const { formatted } = await ctx.api.format(ctx.ref, sqlEditor.text)
    replaceEditorText(formatted)
  },
})

export const cancelQuery = defineCommand({
  id: 'sql.cancel',
  title: 'Cancel running query',
  area: AREA,
  keywords: ['stop', 'abort', 'kill'],
  when: onQuery,
  enabled: () => (isRunning() ? true : 'No query is running'),
  run: async (ctx) => {
    const runId = sqlEditor.runId
    if (!runId) return false
    const { cancelled } = await ctx.api.cancelQuery(ctx.ref, { runId })
    if (!cancelled) ctx.toast.info('The database did not cancel the query: it had finished, or it is PGlite, which cannot interrupt a query')
    return cancelled
  },
})

const FORMAT_NAMES: Record<CopyFormat, string> = { csv: 'CSV', json: 'JSON', markdown: 'Markdown' }

const hasRows = () => {
  const result = activeResult()
  return result && result.columns.length > 0 ? true : 'There are no results to copy'
}

export const focusResults = defineCommand({
  id: 'sql.results.focus',
  title: 'Focus results',
  area: AREA,
  keywords: ['grid', 'rows', 'output'],
  when: onQuery,
  enabled: () => (sqlEditor.results.length > 0 || sqlEditor.error ? true : 'Run a query first'),
  run: () => requestResultsFocus(),
})

export const copyResults = defineCommand({
  id: 'sql.results.copy',
  title: 'Copy results',
  area: AREA,
  keywords: ['clipboard', 'csv', 'json', 'markdown', 'export'],
  args: z.object({ format: z.enum(COPY_FORMATS, { error: `Format is one of ${COPY_FORMATS.join(', ')}` }) }),
  argOptions: { format: () => COPY_FORMATS.map((f) => ({ value: f, label: FORMAT_NAMES[f] })) },
  argLabels: { format: 'Format' },
  when: onQuery,
  enabled: hasRows,
  run: async (ctx, { format }) => {
    const result = activeResult()
    if (!result) return
    const text = formatResult[format](result)
    if (await copyToClipboard(text)) ctx.toast.success(`Copied ${plural(result.rows.length, 'row')} as ${FORMAT_NAMES[format]}`)
    return text
  },
})

export const downloadCsv = defineCommand({
  id: 'sql.results.download-csv',
  title: 'Download results as CSV',
  area: AREA,
  keywords: ['export', 'save', 'file'],
  when: onQuery,
  enabled: hasRows,
  run: () => {
    const result = activeResult()
    if (!result) return
    const csv = toCsv(result)
    downloadText(`results-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.csv`, csv, 'text/csv')
    return csv
  },
})

export const setQueryRole = defineCommand({
  id: 'sql.role.set',
  title: 'Run queries as role',
  area: AREA,
  keywords: ROLE_KEYWORDS,
  args: roleArgs,
  argOptions: roleArgOptions,
  argLabels: roleArgLabels,
  when: inEditor,
  run: (_ctx, args) => {
    applyRole(args)
  },
})

export const goToSqlEditor = defineCommand({
  id: 'nav.sql-editor.go',
  title: 'Go to SQL editor',
  area: 'navigation',
  keywords: ['sql', 'query', 'snippet', 'editor'],
  run: (ctx) => {
    const last = sqlEditor.lastSnippetId
    return ctx.navigate({ to: last ? paths.sqlSnippet(ctx.ref, last) : paths.sqlNew(ctx.ref) })
  },
})
