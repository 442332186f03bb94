/** The bodies of grid-io.ts's commands: refresh, CSV import (papaparse reads the preview) and export. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { editableTable, openTableId } from './grid-args'
import type { ImportCsvArgs, NewTable } from './grid-io'
import type { CountResponse } from '../src/shared/api'
import type { CommandContext } from '../src/web/model/app/context'
import { CSV_EXPORT_LIMIT, isProtectedSchema } from '../src/shared/constants'
import { formatFilter, formatSort } from '../src/shared/filters'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { countKey, countQuery, rowsKey, tableQuery } from '../src/web/model/project/queries'
import { hasUnreadFilters, readGridSearch } from '../src/web/model/table-editor/search'
import { autoMapping, columnNames, inferColumnTypes } from '../src/web/model/table-editor/io/csv-types'
import { csvBlob, readCsvPreview } from '../src/web/model/table-editor/io/csv-preview'
import { downloadExport } from '../src/web/model/table-editor/io/download'
import {
  failImport, finishImport, importProgress, importSent, openImportWizard, startImport,
} from '../src/web/model/table-editor/io/import-state'
import { refreshTableList, refreshTableQueries } from '../src/web/model/table-editor/structure/refresh'
import { roleState } from '../src/web/model/project/role'
import { hasSelection, selection } from '../src/web/model/table-editor/selection'

export async function refreshGrid(ctx: CommandContext): Promise<void> {
  await Promise.all([
    ctx.queryClient.invalidateQueries({ queryKey: rowsKey(ctx.ref, openTableId(ctx)) }),
    ctx.queryClient.invalidateQueries({ queryKey: countKey(ctx.ref, openTableId(ctx)) }),
  ])
}

// ---- import ----

export async function openImport(ctx: CommandContext): Promise<void> {
  await editableTable(ctx)
  openImportWizard()
}

interface ImportTarget {
  tableId: number
  tableName: string
  mapping: Record<string, string>
  /** set when the import created the table: dropped again if the import fails */
  created: boolean
}

async function newTableTarget(
  ctx: CommandContext, spec: z.infer<typeof NewTable>, headers: string[], rows: string[][], mapping?: Record<string, string>,
): Promise<ImportTarget> {
  if (!ctx.can('tenantSqlAdminWrite')) throw new CommandError(MSG.createTablesPermission, 'disabled')
  const schema = spec.schema ?? (await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, openTableId(ctx)))).schema
  if (isProtectedSchema(schema)) throw new CommandError(MSG.protectedSchema(schema), 'disabled')
  const names = columnNames(headers)
  const inferred = inferColumnTypes(headers, rows)
  const chosen = mapping ?? Object.fromEntries(headers.map((h, i) => [h, names[i]!]))
  const columns = headers.flatMap((h, i) => {
    const name = chosen[h]
    return name ? [{ name, type: spec.types?.[name] ?? inferred[i]!, isNullable: true }] : []
  })
  if (columns.length === 0) throw new CommandError('Pick at least one CSV column for the new table', 'invalid-args')
  const id = columns.some((c) => c.name === 'id') ? [] : [{ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true, isNullable: false }]
  const table = await ctx.api.createTable(ctx.ref, { schema, name: spec.name, columns: [...id, ...columns] })
  return { tableId: table.id, tableName: table.name, mapping: Object.fromEntries(Object.entries(chosen).filter(([, c]) => c)), created: true }
}

async function openTableTarget(ctx: CommandContext, headers: string[], mapping?: Record<string, string>): Promise<ImportTarget> {
  const table = await editableTable(ctx)
  const names = new Set(table.columns.map((c) => c.name))
  const chosen = mapping ?? autoMapping(headers, [...names])
  const unknown = Object.values(chosen).find((c) => !names.has(c))
  if (unknown) throw new CommandError(`There is no column "${unknown}" in ${table.name}`, 'invalid-args')
  if (Object.keys(chosen).length === 0) {
    throw new CommandError(`None of the CSV's headers match a column of ${table.name}: map at least one`, 'invalid-args')
  }
  return { tableId: table.id, tableName: table.name, mapping: chosen, created: false }
}

export async function importCsv(ctx: CommandContext, args: z.infer<typeof ImportCsvArgs>) {
  const file = csvBlob(args.csv)
  const preview = await readCsvPreview(file)
  if (preview.headers.length === 0) throw new CommandError('The CSV has no header row', 'invalid-args')
  const target = args.createTable
    ? await newTableTarget(ctx, args.createTable, preview.headers, preview.rows, args.mapping)
    : await openTableTarget(ctx, preview.headers, args.mapping)

  startImport(preview.count, file.size)
  const last = await ctx.api
    .importCsv(
      ctx.ref,
      { tableId: target.tableId, mapping: target.mapping },
      file,
      (e) => e.type === 'progress' && importProgress(e.rows),
      importSent,
    )
    .catch(async (e: unknown) => {
      if (target.created) await ctx.api.deleteTable(ctx.ref, target.tableId)
      failImport((e as Error).message)
      throw e
    })
  if (last.type === 'error') {
    if (target.created) await ctx.api.deleteTable(ctx.ref, target.tableId)
    // row 0: no one row is to blame (a failure at the end)
    const message = last.row > 0 ? `Row ${last.row}: ${last.message}` : last.message
    failImport(message)
    throw new Error(`${message}. Nothing was imported.`)
  }
  finishImport(last.rows)
  await refreshTableQueries(ctx.queryClient, ctx.ref, target.tableId)
  ctx.toast.success(`Imported ${last.rows.toLocaleString('en-US')} ${last.rows === 1 ? 'row' : 'rows'} into ${target.tableName}`)
  if (target.created) {
    await refreshTableList(ctx.queryClient, ctx.ref)
    await ctx.navigate({ to: paths.table(ctx.ref, target.tableId), search: {} })
  }
  return { tableId: target.tableId, rows: last.rows }
}

// ---- export ----

/**
 * The export of the grid as it is: its filters and sorts, as the impersonated role. First the count with
 * the same filters, so a bad filter is reported here rather than downloaded as an error, and all rows
 * selected past CSV_EXPORT_LIMIT are refused (spec 9). In the browser the file streams in with a progress
 * toast, then goes to the downloads; the link is the answer.
 */
async function exportRows(ctx: CommandContext, format: 'csv' | 'sql'): Promise<string> {
  if (!ctx.ref) throw new CommandError(MSG.projectRequired, 'unavailable')
  const view = readGridSearch(ctx.location.search)
  if (hasUnreadFilters(ctx.location.search)) throw new CommandError(MSG.unreadFilterRefused('exported'), 'invalid-args')
  const tableId = openTableId(ctx)
  let count: CountResponse
  try {
    count = await ctx.queryClient.fetchQuery(countQuery(ctx.api, ctx.ref, tableId, view.filters))
  } catch (e) {
    throw new Error(MSG.exportFailed((e as Error).message))
  }
  if (hasSelection(ctx.ref, tableId) && selection.allRows && count.count > CSV_EXPORT_LIMIT) throw new Error(MSG.exportTooLarge)
  const query = {
    tableId,
    filter: view.filters.map(formatFilter),
    sort: view.sorts.map(formatSort),
    format,
    role: roleState.role === 'postgres' ? undefined : roleState.role,
    sub: roleState.sub || undefined,
  }
  const table = (await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, tableId))).name
  await downloadExport(ctx.api, ctx.ref, query, table, { rows: count.count, exact: !count.is_estimate }).catch((e: unknown) => {
    throw new Error(MSG.exportFailed((e as Error).message))
  })
  return ctx.api.exportUrl(ctx.ref, query)
}

export const exportCsv = (ctx: CommandContext) => exportRows(ctx, 'csv')
export const exportSql = (ctx: CommandContext) => exportRows(ctx, 'sql')
