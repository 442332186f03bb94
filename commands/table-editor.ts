/**
 * The table editor's table list and tables (spec 2 'Table editor grid', spec 3, spec 6): the schema, the
 * list's sort, reload, open a table; create, rename, comment, duplicate and drop tables. The bodies are in
 * table-editor.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { NO_QUERY, defineCommand, lazyRun, type ArgOption } from './registry'
import { AREA, canRead, inEditor, onTable, openTable, openTableId } from './grid-args'
import type { CommandContext } from '../src/web/model/app/context'
import { TABLE_LIST_SORTS, isProtectedSchema } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { entitiesQuery, schemasQuery } from '../src/web/model/project/queries'
import { visibleSchemas } from '../src/web/model/table-editor/schemas'
import { readGridSearch } from '../src/web/model/table-editor/search'
import { TABLES_PERMISSION } from '../src/web/model/table-editor/structure/editable'
import { ColumnArgs } from '../src/web/model/table-editor/structure/column-payload'
import { newColumnsProblems } from '../src/web/model/table-editor/structure/table-forms'
import { tableListState } from '../src/web/model/table-editor/table-list'

const load = () => import('./table-editor.run')

const canChangeTables = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || TABLES_PERMISSION

/** database tables: the Database → Tables pages (list and one table) run the same table commands. */
export const onDatabaseTables = (ctx: CommandContext) => ctx.route.matches('database.tables') || ctx.route.matches('database.table')
const inEditorOrTables = (ctx: CommandContext) => inEditor(ctx) || onDatabaseTables(ctx)
/** A new table goes to the listed schema: refused up front (the button says why) when it is a protected one. */
const canCreateTables = (ctx: CommandContext): true | string => {
  if (!ctx.can('tenantSqlAdminWrite')) return MSG.createTablesPermission
  const schema = readGridSearch(ctx.location.search).schema
  return onDatabaseTables(ctx) && schema && isProtectedSchema(schema) ? MSG.protectedSchema(schema) : true
}

// ---- table list ----

/** The list shows the schema in the URL, else the open table's, else public. */
export async function listSchema(ctx: CommandContext): Promise<string> {
  if (ctx.route.matches('database.table')) return (await openTable(ctx)).schema
  return readGridSearch(ctx.location.search).schema ?? (onTable(ctx) ? (await openTable(ctx)).schema : 'public')
}

/** The tables of the listed schema, the open one first. */
async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schema = await listSchema(ctx)
  if (isProtectedSchema(schema)) return []
  const list = await ctx.queryClient.fetchInfiniteQuery({
    ...entitiesQuery(ctx.api, ctx.ref, { schema, sort: tableListState.sort }),
    pages: 10,
  })
  const open = onTable(ctx) ? openTableId(ctx) : undefined
  return list.pages
    .flatMap((p) => p.data)
    .filter((e) => e.type === 'table' || e.type === 'partitioned table')
    .sort((a, b) => Number(b.id === open) - Number(a.id === open))
    .map((e) => ({ value: String(e.id), label: e.name, hint: e.id === open ? 'open' : e.schema }))
}

const tableArg = { table: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table') }
const tableName = (label: string) => z.string().trim().min(1, `Please provide a name for your ${label}`).max(63, 'Postgres names are at most 63 characters')

export const SelectSchemaArgs = z.object({ schema: z.string().min(1, 'Pick a schema') })

export const selectSchema = defineCommand({
  id: 'table-editor.schema.select',
  title: 'Select schema',
  area: AREA,
  args: SelectSchemaArgs,
  argOptions: {
    schema: async (ctx) => {
      const schemas = visibleSchemas(await ctx.queryClient.ensureQueryData(schemasQuery(ctx.api, ctx.ref)))
      return schemas.map((s) => ({ value: s.name, hint: isProtectedSchema(s.name) ? MSG.locked : undefined }))
    },
  },
  argLabels: { schema: 'Schema' },
  when: (ctx) => inEditor(ctx) || ctx.route.matches('database.tables'),
  enabled: canRead,
  run: lazyRun(load, 'selectSchema'),
})

export const SetListSortArgs = z.object({ sort: z.enum(TABLE_LIST_SORTS, { error: `Sort is one of ${TABLE_LIST_SORTS.join(', ')}` }) })

export const setListSort = defineCommand({
  id: 'table-editor.list.sort.set',
  title: 'Sort table list',
  area: AREA,
  args: SetListSortArgs,
  argOptions: {
    sort: () => [
      { value: 'alphabetical', label: 'Alphabetical' },
      { value: 'grouped-alphabetical', label: 'Grouped by entity type' },
    ],
  },
  argLabels: { sort: 'Sort' },
  when: inEditor,
  enabled: canRead,
  run: lazyRun(load, 'setListSort'),
})

export const reloadSchemas = defineCommand({
  id: 'table-editor.schemas.reload',
  title: MSG.reloadSchemas,
  area: AREA,
  when: inEditor,
  enabled: canRead,
  run: lazyRun(load, 'reloadSchemas'),
})

export const OpenTableArgs = z.object({ table: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table') })

export const openTableCommand = defineCommand({
  id: 'table-editor.table.open',
  title: 'Open table in this schema',
  area: AREA,
  args: OpenTableArgs,
  // the server finds a relation past the first answer by its name
  argSearch: { table: true },
  argOptions: {
    // the list's own query, its first pages in its order; searched by the server once something is typed
    table: async (ctx, _sofar, { query } = NO_QUERY) => {
      const params = { schema: await listSchema(ctx), sort: tableListState.sort, search: query }
      const pages = await ctx.queryClient.fetchInfiniteQuery({ ...entitiesQuery(ctx.api, ctx.ref, params), pages: query ? 1 : 10 })
      const list = pages.pages.flatMap((p) => p.data)
      // spec 2: tables of a protected schema are labelled Locked
      return list.map((e) => ({ value: String(e.id), label: e.name, hint: [e.schema, e.type, ...(isProtectedSchema(e.schema) ? [MSG.locked] : [])].join(' · ') }))
    },
  },
  argLabels: { table: 'Table' },
  when: inEditor,
  enabled: canRead,
  run: lazyRun(load, 'openTableCommand'),
})

// ---- tables ----

const schemaOptions = async (ctx: CommandContext): Promise<ArgOption[]> =>
  visibleSchemas(await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref)))
    .filter((s) => !isProtectedSchema(s.name))
    .map((s) => ({ value: s.name }))

/**
 * A new table with its columns (absent: an identity primary key `id` and `created_at`, as Supabase's) and
 * row level security (on unless `rls` is false), all created in one transaction.
 */
export const CreateTableArgs = z
  .object({
    schema: z.string().min(1).optional(),
    name: tableName('table'),
    comment: z.string().optional(),
    rls: z.boolean().default(true),
    columns: z.array(ColumnArgs).optional(),
  })
  .superRefine((args, check) => {
    for (const p of args.columns ? newColumnsProblems(args.columns) : []) {
      check.addIssue({ code: 'custom', path: p.index === null ? ['columns'] : ['columns', p.index, p.field ?? 'name'], message: p.message })
    }
  })

export const createTable = defineCommand({
  id: 'table-editor.table.create',
  title: 'New table',
  area: AREA,
  keywords: ['create table', 'add table', 'rls'],
  args: CreateTableArgs,
  argOptions: { schema: schemaOptions },
  argLabels: { schema: 'Schema (skip for the listed one)', name: 'Table name', comment: 'Comment', rls: MSG.rlsEnableLabel },
  // the palette makes the default columns; the form (and a test) gives its own
  argWhen: { columns: () => false },
  when: inEditorOrTables,
  enabled: canCreateTables,
  run: lazyRun(load, 'createTable'),
})

export const OpenCreateTablePanelArgs = z.object({ schema: z.string().min(1).optional() })

export const openCreateTablePanel = defineCommand({
  id: 'table-editor.table.create-panel.open',
  title: 'New table, with its columns',
  area: AREA,
  keywords: ['create table', 'add table', 'columns', 'form'],
  args: OpenCreateTablePanelArgs,
  argOptions: { schema: schemaOptions },
  argLabels: { schema: 'Schema (skip for the listed one)' },
  when: inEditorOrTables,
  enabled: canCreateTables,
  run: lazyRun(load, 'openCreateTablePanel'),
})

export const RenameTableArgs = z.object({ ...tableArg, name: tableName('table') })

export const renameTable = defineCommand({
  id: 'table-editor.table.rename',
  title: 'Rename table',
  area: AREA,
  args: RenameTableArgs,
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table', name: 'New name' },
  when: inEditorOrTables,
  enabled: canChangeTables,
  run: lazyRun(load, 'renameTable'),
})

export const CommentTableArgs = z.object({ ...tableArg, comment: z.string() })

export const commentTable = defineCommand({
  id: 'table-editor.table.comment',
  title: 'Edit table comment',
  area: AREA,
  keywords: ['description'],
  args: CommentTableArgs,
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table', comment: 'Comment (empty removes it)' },
  when: inEditorOrTables,
  enabled: canChangeTables,
  run: lazyRun(load, 'commentTable'),
})

export const DuplicateTableArgs = z.object({ ...tableArg, name: tableName('copy'), withData: z.boolean().default(true) })

export const duplicateTable = defineCommand({
  id: 'table-editor.table.duplicate',
  title: 'Duplicate table',
  area: AREA,
  keywords: ['copy table', 'clone'],
  args: DuplicateTableArgs,
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table', name: 'Name of the copy', withData: 'Copy the rows too' },
  when: inEditorOrTables,
  enabled: (ctx) => ctx.can('tenantSqlAdminWrite') || MSG.createTablesPermission,
  run: lazyRun(load, 'duplicateTable'),
})

/**
 * `confirmation` (the table's name, typed) and `cascade` come from the Database pages' delete dialog, which
 * asked both; without them the command asks (there, by opening that dialog).
 */
export const DeleteTableArgs = z.object({ ...tableArg, confirmation: z.string().optional(), cascade: z.boolean().optional() })

export const deleteTable = defineCommand({
  id: 'table-editor.table.delete',
  title: 'Delete table',
  area: AREA,
  keywords: ['drop table', 'remove table'],
  args: DeleteTableArgs,
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table' },
  argWhen: { confirmation: () => false, cascade: () => false },
  when: inEditorOrTables,
  enabled: canChangeTables,
  run: lazyRun(load, 'deleteTable'),
})
