/** Columns and tables written from the table editor, under /platform/pg-meta/{ref} (spec 7). */
import {
  ColumnCreateBody, ColumnIdQuery, ColumnUpdateBody, TableCreateBody, TableDuplicateBody, TableIdQuery, TableUpdateBody,
} from '../api-edit'
import type { Column, Table } from '../api'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export const structure = {
  createColumn: endpoint({ method: 'POST', path: `${PG_META}/columns`, body: ColumnCreateBody, response: type<Column>() }),
  updateColumn: endpoint({
    method: 'PATCH', path: `${PG_META}/columns`, query: ColumnIdQuery, body: ColumnUpdateBody, response: type<Column>(),
  }),
  /** answers the column as it was */
  deleteColumn: endpoint({ method: 'DELETE', path: `${PG_META}/columns`, query: ColumnIdQuery, response: type<Column>() }),

  createTable: endpoint({ method: 'POST', path: `${PG_META}/tables`, body: TableCreateBody, response: type<Table>() }),
  updateTable: endpoint({
    method: 'PATCH', path: `${PG_META}/tables`, query: TableIdQuery, body: TableUpdateBody, response: type<Table>(),
  }),
  /** answers the table as it was */
  deleteTable: endpoint({ method: 'DELETE', path: `${PG_META}/tables`, query: TableIdQuery, response: type<Table>() }),
  duplicateTable: endpoint({ method: 'POST', path: `${PG_META}/tables/duplicate`, body: TableDuplicateBody, response: type<Table>() }),
}
