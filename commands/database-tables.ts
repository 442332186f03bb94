/**
 * Database → Tables (issue 15): /project/{ref}/database/tables lists one schema's tables, and
 * /project/{ref}/database/tables/{id} shows one table's columns and definition. Creating, renaming,
 * describing, duplicating and dropping tables, and adding, changing and dropping columns, are the table
 * editor's own commands (commands/table-editor.ts, grid-columns.ts), which run on these pages too; the ones
 * here search, open, edit (name and description in one dialog), toggle RLS and set the columns' view order.
 * The bodies are in database-tables.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import { cachedTable } from './grid-args'
import { onDatabaseTables } from './table-editor'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { tableQuery } from '../src/web/model/project/queries'
import { tablesSearchSchema } from '../src/web/model/database/tables/search'
import { listedSchema, schemaLockedReason, tableSummariesQuery, type TableSummary } from '../src/web/model/database/tables/tables-data'
import { databaseTablesState } from '../src/web/model/database/tables/tables-state'
import { TABLES_PERMISSION } from '../src/web/model/table-editor/structure/editable'

const load = () => import('./database-tables.run')

const AREA = 'database'

const onList = (ctx: CommandContext) => ctx.route.matches('database.tables')
const onTablePage = (ctx: CommandContext) => ctx.route.matches('database.table')
const openId = (ctx: CommandContext) => Number(ctx.route.params.tableId)

/** The schema the page shows: the URL's on the list, the open table's on a table's page (once loaded). */
export function pageSchema(ctx: CommandContext): string | undefined {
  if (onTablePage(ctx)) return cachedTable(ctx)?.schema
  return listedSchema(tablesSearchSchema.parse(ctx.location.search ?? {}))
}

/** Changes need SQL admin write, and a schema that is not protected. */
const canChange = (ctx: CommandContext): true | string => {
  if (!ctx.can('tenantSqlAdminWrite')) return TABLES_PERMISSION
  const schema = pageSchema(ctx)
  return (schema && schemaLockedReason(schema)) ?? true
}

/** The tables of the page's schema, as the list holds them (the open one first on a table's page). */
export async function schemaTables(ctx: CommandContext, fresh = false): Promise<TableSummary[]> {
  const schema = onTablePage(ctx)
    ? (await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, openId(ctx)))).schema
    : (pageSchema(ctx) ?? 'public')
  const query = tableSummariesQuery(ctx.api, ctx.ref, schema)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const open = onTablePage(ctx) ? openId(ctx) : undefined
  return (await schemaTables(ctx, true))
    .slice()
    .sort((a, b) => Number(b.id === open) - Number(a.id === open))
    .map((t) => ({ value: String(t.id), label: t.name, hint: t.id === open ? 'open' : (t.comment ?? t.schema) }))
}

const tableArg = { table: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table') }
export const PickTableArgs = z.object(tableArg)
const pickTable = { args: PickTableArgs, argOptions: { table: tableOptions }, argLabels: { table: 'Table' } }

export const refreshTables = defineCommand({
  id: 'database.tables.refresh',
  title: 'Refresh tables',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onDatabaseTables,
  run: lazyRun(load, 'refreshTables'),
})

export const SearchTablesArgs = z.object({ search: z.string() })

export const searchTables = defineCommand({
  id: 'database.tables.search',
  title: 'Search tables',
  area: AREA,
  keywords: ['filter', 'find table'],
  args: SearchTablesArgs,
  argLabels: { search: 'Part of a table name or description (empty shows every table)' },
  when: onList,
  run: lazyRun(load, 'searchTables'),
})

export const focusSearch = defineCommand({
  id: 'database.tables.search.focus',
  title: 'Search tables: focus the search box',
  area: AREA,
  keywords: ['filter', 'find table'],
  when: onList,
  run: () => {
    databaseTablesState.searchFocus++
  },
})

export const openColumns = defineCommand({
  id: 'database.table.columns.open',
  title: 'Open table columns',
  area: AREA,
  keywords: ['columns', 'fields', 'structure'],
  ...pickTable,
  when: onDatabaseTables,
  run: lazyRun(load, 'openColumns'),
})

export const openDefinition = defineCommand({
  id: 'database.table.definition.open',
  title: 'Open table definition',
  area: AREA,
  keywords: ['ddl', 'sql', 'create table', 'definition'],
  ...pickTable,
  when: onDatabaseTables,
  run: lazyRun(load, 'openDefinition'),
})

export const openInEditor = defineCommand({
  id: 'database.table.editor.open',
  title: 'Open table in Table Editor',
  area: AREA,
  keywords: ['rows', 'data', 'grid'],
  ...pickTable,
  when: onDatabaseTables,
  run: lazyRun(load, 'openInEditor'),
})

export const openEditDialog = defineCommand({
  id: 'database.table.edit-dialog.open',
  title: 'Edit table',
  area: AREA,
  keywords: ['rename table', 'description', 'comment'],
  ...pickTable,
  when: onDatabaseTables,
  enabled: canChange,
  run: lazyRun(load, 'openEditDialog'),
})

export const openDuplicateDialog = defineCommand({
  id: 'database.table.duplicate-dialog.open',
  title: 'Duplicate table…',
  area: AREA,
  keywords: ['copy table', 'clone'],
  ...pickTable,
  when: onDatabaseTables,
  enabled: (ctx) => (ctx.can('tenantSqlAdminWrite') ? canChange(ctx) : MSG.createTablesPermission),
  run: lazyRun(load, 'openDuplicateDialog'),
})

export const toggleRls = defineCommand({
  id: 'database.table.rls.toggle',
  title: 'Toggle row level security',
  area: AREA,
  keywords: ['rls', 'enable rls', 'disable rls', 'policies', 'security'],
  ...pickTable,
  when: onDatabaseTables,
  enabled: canChange,
  run: lazyRun(load, 'toggleRls'),
})

// ---- the columns' view order (a table's page) ----

async function columnOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const table = await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, openId(ctx)))
  return table.columns.map((c) => ({ value: c.name, hint: c.format }))
}

export const MoveColumnArgs = z.object({
  column: z.string().min(1, 'Pick a column'),
  position: z.coerce.number({ error: 'A position is a number' }).int().min(1, 'The first position is 1'),
})

export const moveColumn = defineCommand({
  id: 'database.table.column.move',
  title: 'Move column in the view order',
  area: AREA,
  keywords: ['reorder columns', 'column order', 'sort columns'],
  args: MoveColumnArgs,
  argOptions: { column: columnOptions },
  argLabels: { column: 'Column', position: 'New position (1 is first)' },
  when: onTablePage,
  run: lazyRun(load, 'moveColumn'),
})

export const resetColumnOrder = defineCommand({
  id: 'database.table.columns.order.reset',
  title: 'Reset the columns\u2019 view order',
  area: AREA,
  keywords: ['reorder columns', 'column order', 'table order'],
  when: onTablePage,
  run: lazyRun(load, 'resetColumnOrder'),
})
