/**
 * Running SQL in the SQL editor (issue 4; spec 2 'SQL editor'): run the script or the selection (as the
 * chosen role), format it, cancel a running query, and the results: focus, copy as CSV / JSON / Markdown,
 * download CSV. The editor's text and selection live in the sql-editor store, so these run headless. The
 * bodies are in sql-query.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import { ROLE_KEYWORDS, roleArgLabels, roleArgOptions, roleArgs } from './role-args'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { COPY_FORMATS, type CopyFormat } from '../src/web/model/sql-editor/results/format'
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

export const downloadCsv = defineCommand({
  id: 'sql.results.download-csv',
  title: 'Download results as CSV',
  area: AREA,
  keywords: ['export', 'save', 'file'],
  when: onQuery,
  enabled: hasRows,
  run: lazyRun(load, 'downloadCsv'),
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
