/**
 * The SQL editor's calls: run SQL (plain, or every statement's result under a row limit, cancellable),
 * explain a statement, download a whole result (a one-time link, streamed), format it, title it.
 */
import { FormatBody, QueryBody, type Row } from '../api'
import {
  CancelQueryBody, ExplainQueryBody, ResultDownloadBody, RunQueryBody, TitleBody, type ExplainQueryResponse, type ResultDownloadResponse,
  type RunQueryLine, type RunQueryResponse, type TitleResponse,
} from '../content'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export const sql = {
  /** the rows of the last statement */
  query: endpoint({ method: 'POST', path: `${PG_META}/query`, body: QueryBody, response: type<Row[]>() }),
  formatQuery: endpoint({ method: 'POST', path: `${PG_META}/query/format`, body: FormatBody, response: type<{ formatted: string }>() }),
  runQuery: endpoint({ method: 'POST', path: `${PG_META}/query/run`, body: RunQueryBody, response: type<RunQueryResponse>() }),
  /**
   * streams: the same run, answered once it has run as NDJSON lines (RunQueryLine), compressed when the
   * request accepts it; the editor reads a big result a part at a time (an error answers JSON, as runQuery)
   */
  runQueryLines: endpoint({
    method: 'POST', path: `${PG_META}/query/run/lines`, body: RunQueryBody, stream: { answer: 'ndjson' }, response: type<RunQueryLine>(),
  }),
  cancelQuery: endpoint({ method: 'POST', path: `${PG_META}/query/cancel`, body: CancelQueryBody, response: type<{ cancelled: boolean }>() }),
  explainQuery: endpoint({ method: 'POST', path: `${PG_META}/query/explain`, body: ExplainQueryBody, response: type<ExplainQueryResponse>() }),
  prepareResultDownload: endpoint({
    method: 'POST', path: `${PG_META}/query/download`, body: ResultDownloadBody, response: type<ResultDownloadResponse>(),
  }),
  /** streams: the whole result as CSV or JSON, from a link prepareResultDownload gave (once) */
  resultDownload: endpoint({
    method: 'GET', path: `${PG_META}/query/download/:token`, stream: { answer: 'bytes' }, response: type<Blob>(),
  }),
  /** a title and description derived from the SQL itself */
  sqlTitle: endpoint({ method: 'POST', path: '/api/ai/sql/title', body: TitleBody, response: type<TitleResponse>() }),
}
