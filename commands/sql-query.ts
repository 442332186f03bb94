/**
 * Running SQL in the SQL editor (issue 4; spec 2 'SQL editor'): run the script or the selection (as the
 * chosen role, under the row limit), format it, cancel a running query, EXPLAIN ANALYZE the statement at
 * the cursor (issue 12), and the results: focus, copy as CSV / JSON / Markdown, download (the whole result,
 * streamed, when the limit cut it), view a cell's value, resize a column. The editor's text and selection
 * live in the sql-editor store, so these run headless. The bodies are in sql-query.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { currentFirst, defineCommand, lazyRun } from './registry'
import { ROLE_KEYWORDS, roleArgLabels, roleArgOptions, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { SQL_ROW_LIMITS } from '../src/shared/constants'
import { RESULT_DOWNLOAD_FORMATS } from '../src/shared/content'
import { COPY_FORMATS, type CopyFormat } from '../src/web/model/sql-editor/results/format'
import { currentStatement } from '../src/web/model/sql-editor/results/statement'
import { COLUMN_MAX_WIDTH, COLUMN_MIN_WIDTH, chosenCell } from '../src/web/model/sql-editor/results/view'
import { activeResult, isRunning, selectedText, sqlEditor } from '../src/web/model/sql-editor/sql-editor'

const load = () => import('./sql-query.run')

const AREA = 'sql-editor'

const inEditor = (ctx: CommandContext) => ctx.route.matches('sql-editor')
/** A query is open (not the templates pages). */
const onQuery = (ctx: CommandContext) => ctx.route.id === 'sql-editor.new' || ctx.route.id === 'sql-editor.snippet'
const canRun = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('run queries on this project')
const idle = (ctx: CommandContext) => (isRunning() ? 'A query is running: cancel it first' : canRun(ctx))

export const runQuery = defineCommand({
  id: 'sql.run',
  title: 'Run query',
  area: AREA,
  keywords: ['execute', 'sql', 'script', 'selection'],
  when: onQuery,
  enabled: idle,
  run: lazyRun(load, 'runQuery'),
})

export const runSelection = defineCommand({
  id: 'sql.run-selection',
  title: 'Run selected SQL',
  area: AREA,
  keywords: ['execute', 'selection', 'part'],
  when: onQuery,
  enabled: (ctx) => (selectedText().trim() ? idle(ctx) : 'Select the SQL to run first'),
  run: lazyRun(load, 'runSelection'),
})

export const formatQuery = defineCommand({
  id: 'sql.format',
  title: 'Format SQL',
  area: AREA,
  keywords: ['prettify', 'beautify', 'indent'],
  when: onQuery,
  enabled: () => (sqlEditor.text.trim() ? true : 'There is no SQL to format'),
  run: lazyRun(load, 'formatQuery'),
})

export const cancelQuery = defineCommand({
  id: 'sql.cancel',
  title: 'Cancel running query',
  area: AREA,
  keywords: ['stop', 'abort', 'kill'],
  when: onQuery,
  enabled: () => (isRunning() ? true : 'No query is running'),
  run: lazyRun(load, 'cancelQuery'),
})

export const FORMAT_NAMES: Record<CopyFormat, string> = { csv: 'CSV', json: 'JSON', markdown: 'Markdown' }

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
  run: lazyRun(load, 'focusResults'),
})

export const CopyResultsArgs = z.object({ format: z.enum(COPY_FORMATS, { error: `Format is one of ${COPY_FORMATS.join(', ')}` }) })

export const copyResults = defineCommand({
  id: 'sql.results.copy',
  title: 'Copy results',
  area: AREA,
  keywords: ['clipboard', 'csv', 'json', 'markdown', 'export'],
  args: CopyResultsArgs,
  argOptions: { format: () => COPY_FORMATS.map((f) => ({ value: f, label: FORMAT_NAMES[f] })) },
  argLabels: { format: 'Format' },
  when: onQuery,
  enabled: hasRows,
  run: lazyRun(load, 'copyResults'),
})

export const DownloadResultsArgs = z.object({
  format: z.enum(RESULT_DOWNLOAD_FORMATS, { error: `Format is one of ${RESULT_DOWNLOAD_FORMATS.join(', ')}` }),
})

export const downloadResults = defineCommand({
  id: 'sql.results.download',
  title: 'Download results',
  area: AREA,
  keywords: ['export', 'save', 'file', 'csv', 'json', 'all rows', 'full'],
  args: DownloadResultsArgs,
  argOptions: { format: () => RESULT_DOWNLOAD_FORMATS.map((f) => ({ value: f, label: FORMAT_NAMES[f] })) },
  argLabels: { format: 'Format' },
  when: onQuery,
  enabled: hasRows,
  run: lazyRun(load, 'downloadResults'),
})

/** The row limit's choices as the palette lists them. */
export const LIMIT_NAMES: Record<(typeof SQL_ROW_LIMITS)[number], string> = {
  '100': '100 rows', '500': '500 rows', '1000': '1,000 rows', none: 'No limit',
}

export const RowLimitArgs = z.object({ limit: z.enum(SQL_ROW_LIMITS, { error: `Limit is one of ${SQL_ROW_LIMITS.join(', ')}` }) })

export const setRowLimit = defineCommand({
  id: 'sql.limit.set',
  title: 'Set row limit',
  area: AREA,
  keywords: ['limit', 'rows', 'results', 'cap', 'max', 'all rows'],
  args: RowLimitArgs,
  argOptions: {
    limit: () => currentFirst(SQL_ROW_LIMITS.map((l) => ({ value: l, label: LIMIT_NAMES[l] })), sqlEditor.limit),
  },
  argLabels: { limit: 'Show at most' },
  when: inEditor,
  run: lazyRun(load, 'setRowLimit'),
})

export const explainQuery = defineCommand({
  id: 'sql.explain',
  title: 'Explain query (EXPLAIN ANALYZE)',
  area: AREA,
  keywords: ['explain', 'analyze', 'plan', 'performance', 'slow', 'index'],
  when: onQuery,
  enabled: (ctx) => (currentStatement(sqlEditor.text, sqlEditor.selection) ? idle(ctx) : 'Type a query to explain'),
  run: lazyRun(load, 'explainQuery'),
})

const hasCell = () => (chosenCell(activeResult()) ? true : 'Choose a cell of the results first')

export const viewValue = defineCommand({
  id: 'sql.results.value.view',
  title: 'View cell value',
  area: AREA,
  keywords: ['json', 'jsonb', 'pretty', 'expand', 'inspect', 'cell', 'long text'],
  when: onQuery,
  enabled: hasCell,
  run: lazyRun(load, 'viewValue'),
})

export const ResizeColumnArgs = z.object({
  column: z.string().min(1, 'Choose a column'),
  width: z.coerce
    .number({ error: 'The width is a number of pixels' })
    .int('The width is a whole number of pixels')
    .min(COLUMN_MIN_WIDTH, `The width is at least ${COLUMN_MIN_WIDTH} px`)
    .max(COLUMN_MAX_WIDTH, `The width is at most ${COLUMN_MAX_WIDTH} px`),
})

export const resizeColumn = defineCommand({
  id: 'sql.results.column.resize',
  title: 'Resize results column',
  area: AREA,
  keywords: ['width', 'wider', 'narrower', 'column'],
  args: ResizeColumnArgs,
  argOptions: {
    column: () => [...new Set(activeResult()?.columns.map((c) => c.name) ?? [])].map((name) => ({ value: name })),
  },
  argLabels: { column: 'Column', width: 'Width in pixels' },
  when: onQuery,
  enabled: () => (activeResult()?.columns.length ? true : 'There are no results to resize'),
  run: lazyRun(load, 'resizeColumn'),
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
  run: lazyRun(load, 'setQueryRole'),
})
