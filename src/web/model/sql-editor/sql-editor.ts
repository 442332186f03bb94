/**
 * The SQL editor's UI state (DESIGN 5): the open snippet's text and selection (so commands run headless),
 * the row limit, the query running now, its results or error, the plan of the last EXPLAIN, the results
 * tab shown. Results are held by reference: valtio does not proxy 100,000 rows.
 */
import { proxy, ref } from 'valtio'
import { LS_KEYS, SQL_ROW_LIMITS, SQL_ROW_LIMIT_DEFAULT, type SqlRowLimit } from '../../../shared/constants'
import type { ExplainQueryResponse, RunQueryResponse, StatementResult } from '../../../shared/content'
import { readString, writeString } from '../app/local-storage'
import { setDraftSql } from './sql-drafts'
import { lineColumn, offsetOfPosition } from './editor/position'
import { resetResultsView, resultsView } from './results/view'

export interface QueryError {
  message: string
  /** where the database says it went wrong, as offsets in the editor's text */
  at?: { from: number; line: number; column: number }
}

/** The plan of the last EXPLAIN ANALYZE (its own results tab), or why it failed. */
export type Explained =
  | { status: 'done'; statement: string; plan: string[]; durationMs: number }
  | { status: 'failed'; statement: string; error: QueryError }

const isRowLimit = (v: string | undefined): v is SqlRowLimit => (SQL_ROW_LIMITS as readonly string[]).includes(v ?? '')
const storedLimit = readString(LS_KEYS.sqlRowLimit)

export const sqlEditor = proxy({
  /** the snippet the editor shows ('new' on /sql/new) */
  snippetId: null as string | null,
  /** the last snippet opened, where 'Go to SQL editor' returns */
  lastSnippetId: null as string | null,
  text: '',
  selection: { from: 0, to: 0 },
  /** bumped when another text opens: the editor starts anew */
  session: 0,
  /** bumped when a command replaces the text, so the editor takes it in */
  revision: 0,
  /** the most rows a statement's result shows (remembered in this browser) */
  limit: isRowLimit(storedLimit) ? storedLimit : SQL_ROW_LIMIT_DEFAULT,
  /** the id of the query running now, for cancel */
  runId: null as string | null,
  /** what is running: a run of the query, or an EXPLAIN of one statement */
  running: null as 'run' | 'explain' | null,
  /** the text the results came from (a full download runs a statement of it again) */
  ranSql: '',
  results: ref<StatementResult[]>([]),
  explained: null as Explained | null,
  durationMs: null as number | null,
  error: null as QueryError | null,
  activeTab: 0,
  /** the grid's chosen cell, value viewer and column widths (held here too, so what reads sqlEditor sees them change) */
  view: resultsView,
  /** bumped by 'Focus results': the grid takes the keyboard */
  resultsFocus: 0,
})

/**
 * The editor opens a snippet: its text, nothing run yet. When the text is the one shown already (the new
 * query just saved as a snippet), the editor, its cursor and the results stay as they are.
 */
export function openSnippet(id: string, text: string): void {
  sqlEditor.snippetId = id
  if (id !== 'new') sqlEditor.lastSnippetId = id
  if (text === sqlEditor.text && sqlEditor.session > 0) return
  clearRun()
  sqlEditor.text = text
  sqlEditor.selection = { from: 0, to: 0 }
  sqlEditor.session++
}

/** What is typed: kept in the drafts store too, from which autosave saves it. */
export function setEditorText(text: string): void {
  if (text === sqlEditor.text) return
  sqlEditor.text = text
  if (sqlEditor.snippetId) setDraftSql(sqlEditor.snippetId, text)
}

/** A command's new text (formatting): the editor takes it in and the draft keeps it. */
export function replaceEditorText(text: string): void {
  setEditorText(text)
  sqlEditor.selection = { from: 0, to: 0 }
  sqlEditor.revision++
}

export function setEditorSelection(from: number, to: number): void {
  if (sqlEditor.selection.from === from && sqlEditor.selection.to === to) return
  sqlEditor.selection = { from: Math.min(from, to), to: Math.max(from, to) }
}

export function selectedText(): string {
  return sqlEditor.text.slice(sqlEditor.selection.from, sqlEditor.selection.to)
}

export function isRunning(): boolean {
  return sqlEditor.runId !== null
}

export function clearRun(): void {
  sqlEditor.runId = null
  sqlEditor.running = null
  sqlEditor.ranSql = ''
  sqlEditor.results = ref([])
  sqlEditor.explained = null
  sqlEditor.durationMs = null
  sqlEditor.error = null
  sqlEditor.activeTab = 0
  resetResultsView()
}

export function startRun(runId: string, sql = ''): void {
  clearRun()
  sqlEditor.runId = runId
  sqlEditor.running = 'run'
  sqlEditor.ranSql = sql
}

export function setRowLimit(limit: SqlRowLimit): void {
  sqlEditor.limit = limit
  writeString(LS_KEYS.sqlRowLimit, limit)
}

/** The limit as the run request takes it: undefined for every row. */
export function rowLimitValue(limit: SqlRowLimit = sqlEditor.limit): number | undefined {
  return limit === 'none' ? undefined : Number(limit)
}

/** A result that tells something: rows, or a command tag ('CREATE TABLE'). */
function shownResults(results: readonly StatementResult[]): StatementResult[] {
  return results.filter((r) => r.columns.length > 0 || r.command !== '')
}

export function finishRun(runId: string, response: RunQueryResponse): void {
  if (sqlEditor.runId !== runId) return
  sqlEditor.runId = null
  sqlEditor.running = null
  sqlEditor.results = ref(shownResults(response.results))
  sqlEditor.durationMs = response.duration_ms
  sqlEditor.activeTab = Math.max(0, sqlEditor.results.length - 1)
}

/** Where a failed statement went wrong: the database's 1-based position in the text that ran, which started at `offset` in the editor. */
export interface ErrorPlace {
  ran: string
  offset: number
  position: number
}

function queryError(message: string, place?: ErrorPlace): QueryError {
  let at: QueryError['at']
  if (place && place.position > 0) {
    const from = place.offset + offsetOfPosition(place.ran, place.position)
    at = { from, ...lineColumn(sqlEditor.text, from) }
  }
  return { message, at }
}

export function failRun(runId: string, message: string, place?: ErrorPlace): void {
  if (sqlEditor.runId !== runId) return
  sqlEditor.runId = null
  sqlEditor.running = null
  sqlEditor.error = queryError(message, place)
}

/** An EXPLAIN starts: the results of the last run stay, in their tabs beside the plan's. */
export function startExplain(runId: string): void {
  sqlEditor.runId = runId
  sqlEditor.running = 'explain'
}

/** Its plan (or its error) in the Explain tab, which opens. */
export function finishExplain(runId: string, statement: string, outcome: ExplainQueryResponse | { message: string; place?: ErrorPlace }): void {
  if (sqlEditor.runId !== runId) return
  sqlEditor.runId = null
  sqlEditor.running = null
  sqlEditor.explained =
    'plan' in outcome
      ? { status: 'done', statement, plan: outcome.plan, durationMs: outcome.duration_ms }
      : { status: 'failed', statement, error: queryError(outcome.message, outcome.place) }
  sqlEditor.activeTab = explainTab()
}

/** The Explain tab's index: after the results' tabs. */
export function explainTab(): number {
  return sqlEditor.results.length
}

export function setActiveTab(index: number): void {
  const last = sqlEditor.results.length - 1 + (sqlEditor.explained ? 1 : 0)
  const next = Math.max(0, Math.min(index, last))
  if (next !== sqlEditor.activeTab) resetResultsView({ keepWidths: true })
  sqlEditor.activeTab = next
}

export function activeResult(): StatementResult | undefined {
  return sqlEditor.results[sqlEditor.activeTab]
}

export function requestResultsFocus(): void {
  sqlEditor.resultsFocus++
}
