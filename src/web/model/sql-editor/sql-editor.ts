/**
 * The SQL editor's UI state (DESIGN 5): the open snippet's text and selection (so commands run headless),
 * the query running now, its results or error, the results tab shown. Results are held by reference:
 * valtio does not proxy 100,000 rows.
 */
import { proxy, ref } from 'valtio'
import type { RunQueryResponse, StatementResult } from '../../../shared/content'
import { setDraftSql } from './sql-drafts'
import { lineColumn, offsetOfPosition } from './editor/position'

export interface QueryError {
  message: string
  /** where the database says it went wrong, as offsets in the editor's text */
  at?: { from: number; line: number; column: number }
}

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
  /** the id of the query running now, for cancel */
  runId: null as string | null,
  results: ref<StatementResult[]>([]),
  durationMs: null as number | null,
  error: null as QueryError | null,
  activeTab: 0,
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
  sqlEditor.results = ref([])
  sqlEditor.durationMs = null
  sqlEditor.error = null
  sqlEditor.activeTab = 0
}

export function startRun(runId: string): void {
  clearRun()
  sqlEditor.runId = runId
}

/** A result that tells something: rows, or a command tag ('CREATE TABLE'). */
function shownResults(results: readonly StatementResult[]): StatementResult[] {
  return results.filter((r) => r.columns.length > 0 || r.command !== '')
}

export function finishRun(runId: string, response: RunQueryResponse): void {
  if (sqlEditor.runId !== runId) return
  sqlEditor.runId = null
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

export function failRun(runId: string, message: string, place?: ErrorPlace): void {
  if (sqlEditor.runId !== runId) return
  sqlEditor.runId = null
  let at: QueryError['at']
  if (place && place.position > 0) {
    const from = place.offset + offsetOfPosition(place.ran, place.position)
    at = { from, ...lineColumn(sqlEditor.text, from) }
  }
  sqlEditor.error = { message, at }
}

export function setActiveTab(index: number): void {
  sqlEditor.activeTab = Math.max(0, Math.min(index, sqlEditor.results.length - 1))
}

export function activeResult(): StatementResult | undefined {
  return sqlEditor.results[sqlEditor.activeTab]
}

export function requestResultsFocus(): void {
  sqlEditor.resultsFocus++
}
