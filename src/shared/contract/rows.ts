/**
 * The grid's rows under /platform/pg-meta/{ref}/table-rows: a page and its count, writes, and the two
 * streams, export (GET, so the browser streams the download to disk) and CSV import (the file as the body,
 * NDJSON progress lines back; see ImportQuery).
 */
import { CountBody, RowsBody, type CountResponse, type RowsResponse } from '../api'
import {
  DeleteRowsBody, ExportQuery, ImportQuery, InsertRowsBody, TruncateBody, UpdateRowBody, WritableColumnsBody, type DeleteRowsResponse,
  type ImportEvent, type InsertRowsResponse, type UpdateRowResponse, type WritableColumnsResponse,
} from '../api-edit'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

const ROWS = `${PG_META}/table-rows` as const

export const rows = {
  rows: endpoint({ method: 'POST', path: ROWS, body: RowsBody, response: type<RowsResponse>() }),
  count: endpoint({ method: 'POST', path: `${ROWS}/count`, body: CountBody, response: type<CountResponse>() }),
  insertRows: endpoint({ method: 'POST', path: `${ROWS}/insert`, body: InsertRowsBody, response: type<InsertRowsResponse>() }),
  updateRow: endpoint({ method: 'POST', path: `${ROWS}/update`, body: UpdateRowBody, response: type<UpdateRowResponse>() }),
  /** the columns the role may update (the row panel shows the others read-only) */
  writableColumns: endpoint({ method: 'POST', path: `${ROWS}/writable-columns`, body: WritableColumnsBody, response: type<WritableColumnsResponse>() }),
  deleteRows: endpoint({ method: 'POST', path: `${ROWS}/delete`, body: DeleteRowsBody, response: type<DeleteRowsResponse>() }),
  truncate: endpoint({ method: 'POST', path: `${ROWS}/truncate`, body: TruncateBody, response: type<{ truncated: true }>() }),
  /** streams: a CSV or SQL file; `filter` and `sort` repeat, one value each, as in the grid's URL */
  exportRows: endpoint({
    method: 'GET', path: `${ROWS}/export`, query: ExportQuery, stream: { answer: 'bytes' }, response: type<Blob>(),
  }),
  /** streams: the CSV file in (text/csv), one ImportEvent per NDJSON line out, the last one saying how it ended */
  importRows: endpoint({
    method: 'POST', path: `${ROWS}/import`, query: ImportQuery, stream: { body: 'csv', answer: 'ndjson' }, response: type<ImportEvent>(),
  }),
}
