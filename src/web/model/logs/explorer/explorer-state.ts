/**
 * The logs explorer's state (/project/{ref}/logs/explorer): the SQL typed, the query running, the last answer
 * (rows, or the server's refusal) and the chart's columns. Held here so the commands run headless; the page's
 * editor reads and writes it. The SQL that ran is also in the URL (?sql=), so a result is a link.
 */
import { proxy } from 'valtio'
import type { Row } from '../../../../shared/api'
import { defaultChart, type ChartColumns } from './columns'

/** What the editor holds the first time: the newest requests, a query that answers on any project. */
export const EXPLORER_DEFAULT_SQL = `select timestamp, event_message, metadata
from edge_logs
order by timestamp desc
limit 100`

export interface ExplorerResult {
  /** the SQL that answered */
  sql: string
  rows: Row[]
  /** more rows matched than the server answers (LOGS_QUERY_MAX_ROWS): these are the first */
  truncated: boolean
}

export const logsExplorer = proxy({
  sql: EXPLORER_DEFAULT_SQL,
  /** bumped when a command replaces the SQL (a template, a recent query, a link): the editor takes it in */
  revision: 0,
  running: false,
  /** the SQL of the last run started: the page runs a ?sql= that arrives by a link only when it differs */
  ranSql: null as string | null,
  result: null as ExplorerResult | null,
  /** the server's refusal of the last query, as it says it */
  error: null as string | null,
  chart: { time: null, value: null } as ChartColumns,
})

export const setExplorerSql = (text: string) => void (logsExplorer.sql = text)

export function replaceExplorerSql(text: string): void {
  if (logsExplorer.sql === text) return
  logsExplorer.sql = text
  logsExplorer.revision++
}

export function startExplorerRun(sql: string): void {
  logsExplorer.running = true
  logsExplorer.ranSql = sql
}

export function finishExplorerRun(result: ExplorerResult): void {
  logsExplorer.running = false
  logsExplorer.error = null
  logsExplorer.result = result
  logsExplorer.chart = defaultChart(result.rows, logsExplorer.chart)
}

export function failExplorerRun(message: string): void {
  logsExplorer.running = false
  logsExplorer.result = null
  logsExplorer.error = message
}

export function setExplorerChart(chart: ChartColumns): void {
  logsExplorer.chart = chart
}

/** The keys the explorer's editor takes before CodeMirror's: ⌘/Ctrl+Enter runs the query, as in every SQL editor. */
export const LOGS_EXPLORER_EDITOR_KEYS: readonly (readonly ['logs.explorer.run', string])[] = [['logs.explorer.run', '$mod+Enter']]
