/**
 * One row, addressed by its primary key, with every value whole. The grid's row fetch cuts long text and
 * JSON (RowsResponse.truncated); those cells are read again from the CSV export, which never cuts, so an
 * editor never starts from (and never saves) a cut value.
 */
import Papa from 'papaparse'
import type { GridTable, Impersonation, Row } from '../../../../shared/api'
import { formatFilter, type Filter } from '../../../../shared/filters'
import { ApiError, type Api } from '../../../data/api'
import { editorKind } from './cell-values'

function keyFilters(primaryKey: Record<string, unknown>): Filter[] {
  return Object.entries(primaryKey).map(([column, value]) => ({ column, operator: 'eq', value: String(value) }))
}

async function exportedRow(api: Api, ref: string, tableId: number, filters: Filter[], impersonate?: Impersonation): Promise<Record<string, string>> {
  const sub = impersonate?.claims?.sub
  const csv = await api
    .exportText(ref, {
      tableId,
      filter: filters.map(formatFilter),
      format: 'csv',
      role: impersonate?.role,
      sub: typeof sub === 'string' ? sub : undefined,
    })
    .catch((e: ApiError) => {
      throw new ApiError(`Failed to read the whole value: ${e.message}`, e.code)
    })
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
  const row = parsed.data[0]
  if (!row) throw new ApiError('The row no longer exists', 404)
  return row
}

/** The row with this primary key as the grid would show it but uncut, or null when there is none. */
export async function fetchFullRow(
  api: Api,
  ref: string,
  table: GridTable,
  primaryKey: Record<string, unknown>,
  impersonate?: Impersonation,
): Promise<Row | null> {
  const filters = keyFilters(primaryKey)
  const { rows, truncated } = await api.rows(ref, { tableId: table.id, filters, impersonate })
  const row = rows[0]
  if (!row || truncated.length === 0) return row ?? null
  const whole = await exportedRow(api, ref, table.id, filters, impersonate)
  for (const { column } of truncated) {
    const c = table.columns.find((x) => x.name === column)
    const text = whole[column] ?? ''
    row[column] = c && editorKind(c) === 'json' ? JSON.parse(text) : text
  }
  return row
}
