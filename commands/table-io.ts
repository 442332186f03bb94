/**
 * CSV import and export of the open table (issue 3, 'Import and export'). Import streams the file to the
 * server, which inserts it in one transaction and reports progress; a bad row commits nothing. Export is a
 * link the browser downloads from, the filtered and sorted rows streamed by the server.
 */
import { z } from 'zod'
import { defineCommand, CommandError } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { CSV_EXPORT_LIMIT, isProtectedSchema } from '../src/shared/constants'
import { formatFilter, formatSort } from '../src/shared/filters'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { countQuery, gridTableQuery } from '../src/web/model/project/queries'
import { readGridSearch } from '../src/web/model/table-editor/search'
import { autoMapping, columnNames, inferColumnTypes } from '../src/web/model/table-editor/io/csv-types'
import { csvBlob, readCsvPreview } from '../src/web/model/table-editor/io/csv-preview'
import { startDownload } from '../src/web/model/table-editor/io/download'
import {
  failImport, finishImport, importProgress, openImportWizard, startImport,
} from '../src/web/model/table-editor/io/import-state'
import { COLUMNS_PERMISSION, readonlyReason } from '../src/web/model/table-editor/structure/editable'
import { refreshTableList, refreshTableQueries } from '../src/web/model/table-editor/structure/refresh'
import { roleState } from '../src/web/model/project/role'
import { hasSelection, selection } from '../src/web/model/table-editor/selection'

const AREA = 'table-editor'

const onTable = (ctx: CommandContext) => ctx.route.matches('table-editor.table')
const canRead = (ctx: CommandContext) => ctx.can('tenantSqlAdminRead') || MSG.noPermission(MSG.noPermissionTables)
const openTableId = (ctx: CommandContext) => Number(ctx.route.params.tableId)

/** Spec 6: importing is part of the Insert menu: SQL admin write on columns, on an editable table. */
function canImport(ctx: CommandContext): true | string {
  if (!ctx.can('sqlAdminWriteColumns')) return COLUMNS_PERMISSION
  const table = ctx.queryClient.getQueryData(gridTableQuery(ctx.api, ctx.ref, openTableId(ctx)).queryKey)
  return (table && readonlyReason(table)) ?? true
}

async function editableTable(ctx: CommandContext): Promise<GridTable> {
  const table = await ctx.queryClient.fetchQuery(gridTableQuery(ctx.api, ctx.ref, openTableId(ctx)))
  const reason = readonlyReason(table)
  if (reason) throw new CommandError(reason, 'disabled')
  return table
}

// ---- import ----

export const openImport = defineCommand({
  id: 'grid.import.panel.open',
  title: 'Import data from CSV',
  area: AREA,
  keywords: ['upload', 'csv', 'spreadsheet', 'load'],
  when: onTable,
  enabled: canImport,
  run: async (ctx) => {
    await editableTable(ctx)
    openImportWizard()
  },
})

const NewTable = z.object({
  name: z.string().trim().min(1, 'Please provide a name for your table').max(63, 'Postgres names are at most 63 characters'),
  /** defaults to the open table's schema */
  schema: z.string().min(1).optional(),
  /** column name → type, overriding the type inferred from the preview */
  types: z.record(z.string(), z.string().min(1)).optional(),
})
type NewTable = z.infer<typeof NewTable>

interface ImportTarget {
  tableId: number
  tableName: string
  mapping: Record<string, string>
  /** set when the import created the table: dropped again if the import fails */
  created: boolean
}

async function newTableTarget(ctx: CommandContext, spec: NewTable, headers: string[], rows: string[][], mapping?: Record<string, string>): Promise<ImportTarget> {
  if (!ctx.can('tenantSqlAdminWrite')) throw new CommandError(MSG.createTablesPermission, 'disabled')
  const schema = spec.schema ?? (await ctx.queryClient.ensureQueryData(gridTableQuery(ctx.api, ctx.ref, openTableId(ctx)))).schema
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

export const importCsv = defineCommand({
  id: 'grid.import.csv',
  title: 'Import CSV text',
  area: AREA,
  keywords: ['upload', 'paste', 'csv', 'load'],
  args: z.object({
    /** the CSV: text, or a file (the wizard passes the File, which is streamed, never read whole) */
    csv: z.union([z.string().trim().min(1, 'The CSV is empty'), z.instanceof(Blob)]),
    /** CSV header → column; headers left out are skipped. Default: headers matched to columns by name */
    mapping: z.record(z.string(), z.string()).optional(),
    /** create this table from the CSV and import into it, instead of into the open table */
    createTable: NewTable.optional(),
  }),
  argLabels: { csv: 'CSV text, with a header row', mapping: 'Mapping (skip to match headers by name)', createTable: 'New table (skip to import into this one)' },
  when: onTable,
  enabled: canImport,
  run: async (ctx, args) => {
    const file = csvBlob(args.csv)
    const preview = await readCsvPreview(file)
    if (preview.headers.length === 0) throw new CommandError('The CSV has no header row', 'invalid-args')
    const target = args.createTable
      ? await newTableTarget(ctx, args.createTable, preview.headers, preview.rows, args.mapping)
      : await openTableTarget(ctx, preview.headers, args.mapping)

    startImport(preview.estimatedRows)
    const last = await ctx.api
      .importCsv(ctx.ref, { tableId: target.tableId, mapping: target.mapping }, file, (e) => {
        if (e.type === 'progress') importProgress(e.rows)
      })
      .catch(async (e: unknown) => {
        if (target.created) await ctx.api.deleteTable(ctx.ref, target.tableId)
        failImport((e as Error).message)
        throw e
      })
    if (last.type === 'error') {
      if (target.created) await ctx.api.deleteTable(ctx.ref, target.tableId)
      const message = `Row ${last.row}: ${last.message}`
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
  },
})

// ---- export ----

/**
 * The export link for the grid as it is: its filters and sorts, as the impersonated role. First the
 * count with the same filters, so a bad filter is reported here rather than downloaded as an error, and
 * all rows selected past CSV_EXPORT_LIMIT are refused (spec 9).
 */
async function exportRows(ctx: CommandContext, format: 'csv' | 'sql'): Promise<string> {
  if (!ctx.ref) throw new CommandError(MSG.projectRequired, 'unavailable')
  const view = readGridSearch(ctx.location.search)
  const tableId = openTableId(ctx)
  let count: number
  try {
    count = (await ctx.queryClient.fetchQuery(countQuery(ctx.api, ctx.ref, tableId, view.filters))).count
  } catch (e) {
    throw new Error(MSG.exportFailed((e as Error).message))
  }
  if (hasSelection(ctx.ref, tableId) && selection.allRows && count > CSV_EXPORT_LIMIT) throw new Error(MSG.exportTooLarge)
  const url = ctx.api.exportUrl(ctx.ref, {
    tableId,
    filter: view.filters.map(formatFilter),
    sort: view.sorts.map(formatSort),
    format,
    role: roleState.role === 'postgres' ? undefined : roleState.role,
    sub: roleState.sub || undefined,
  })
  startDownload(url)
  return url
}

export const exportCsv = defineCommand({
  id: 'grid.export.csv',
  title: 'Export rows as CSV',
  area: AREA,
  keywords: ['download', 'csv', 'save'],
  when: onTable,
  enabled: canRead,
  run: (ctx) => exportRows(ctx, 'csv'),
})

export const exportSql = defineCommand({
  id: 'grid.export.sql',
  title: 'Export rows as SQL inserts',
  area: AREA,
  keywords: ['download', 'sql', 'insert', 'dump', 'save'],
  when: onTable,
  enabled: canRead,
  run: (ctx) => exportRows(ctx, 'sql'),
})
