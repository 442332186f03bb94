/**
 * What the table editor's commands share (grid-*.ts, table-editor.ts): where they apply, the read
 * permission, the open table, its page of rows, and the row arguments (a row is addressed by its primary key).
 */
import { z } from 'zod'
import { CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { Column, GridTable, Row, RowsResponse } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { ApiError } from '../src/web/data/api'
import { rowsQuery, tableQuery } from '../src/web/model/project/queries'
import { readGridSearch } from '../src/web/model/table-editor/search'
import { COLUMNS_PERMISSION, readonlyReason } from '../src/web/model/table-editor/structure/editable'
import { cellText } from '../src/web/model/table-editor/rows/cell-text'
import { rowKey } from '../src/web/model/table-editor/selection'

export const AREA = 'table-editor'

export const inEditor = (ctx: CommandContext) => ctx.route.matches('table-editor')
export const onTable = (ctx: CommandContext) => ctx.route.matches('table-editor.table')
/** The id of the table the route shows. */
export const openTableId = (ctx: CommandContext) => Number(ctx.route.params.tableId)

/** Read permission (spec 6: the table editor needs it). */
export const canRead = (ctx: CommandContext): true | string =>
  ctx.can('tenantSqlAdminRead') || MSG.noPermission(MSG.noPermissionTables)

/** The open table as last fetched, so `enabled` can answer at once (undefined until it loads). */
export function cachedTable(ctx: CommandContext): GridTable | undefined {
  return ctx.queryClient.getQueryData(tableQuery(ctx.api, ctx.ref, openTableId(ctx)).queryKey)
}

export function openTable(ctx: CommandContext): Promise<GridTable> {
  return ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, openTableId(ctx)))
}

/** Spec 6: changing columns (and importing, part of the Insert menu) takes SQL admin write on columns, on an editable table. */
export function canEditColumns(ctx: CommandContext): true | string {
  if (!ctx.can('sqlAdminWriteColumns')) return COLUMNS_PERMISSION
  const table = cachedTable(ctx)
  return (table && readonlyReason(table)) ?? true
}

/** The open table, fresh, refusing a read-only one. */
export async function editableTable(ctx: CommandContext): Promise<GridTable> {
  const table = await ctx.queryClient.fetchQuery(tableQuery(ctx.api, ctx.ref, openTableId(ctx)))
  const reason = readonlyReason(table)
  if (reason) throw new CommandError(reason, 'disabled')
  return table
}

export function columnOf(table: GridTable, name: string): Column {
  const column = table.columns.find((c) => c.name === name)
  if (!column) throw new CommandError(`There is no column "${name}" in ${table.name}`, 'invalid-args')
  return column
}

/** The rows the grid shows now (as the chosen role). */
export function pageRows(ctx: CommandContext): Promise<RowsResponse> {
  const v = readGridSearch(ctx.location.search)
  const params = { filters: v.filters, sorts: v.sorts, page: v.page, limit: v.rows }
  return ctx.queryClient.ensureQueryData(rowsQuery(ctx.api, ctx.ref, openTableId(ctx), params))
}

export const keyColumns = (table: GridTable) => table.primary_keys.map((pk) => pk.name)
export const primaryKeyOf = (table: GridTable, row: Row) => Object.fromEntries(keyColumns(table).map((c) => [c, row[c]]))

/** The row key of a primary key given as an argument, refusing one that is not the table's. */
export function requireKey(table: GridTable, primaryKey: Record<string, unknown>): string {
  const columns = keyColumns(table)
  if (columns.length !== Object.keys(primaryKey).length || columns.some((c) => !(c in primaryKey))) {
    throw new CommandError(`A row of ${table.name} is addressed by its primary key (${columns.join(', ')})`, 'invalid-args')
  }
  return rowKey(columns, primaryKey)
}

/** A drop failed because other objects depend on what it drops: ask to drop those too. */
export const dependsOn = (e: unknown) => e instanceof ApiError && e.pgCode === '2BP01'

export const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/** A {column: value} object, or that object as JSON text (what the palette types or picks). */
export const jsonObject = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v) as unknown
    } catch {
      return v
    }
  },
  z.record(z.string(), z.unknown(), { error: MSG.invalidJson }),
)

/** The rows of the page in view, by primary key. */
export async function pageRowOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const table = await openTable(ctx)
  const { rows } = await pageRows(ctx)
  return rows.map((row) => {
    const pk = primaryKeyOf(table, row)
    return { value: JSON.stringify(pk), label: Object.values(pk).map(cellText).join(', ') }
  })
}
