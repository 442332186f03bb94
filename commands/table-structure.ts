/**
 * Columns and table structure (spec 3 column form, spec 4 grid columns, spec 6 permissions): add, change
 * and drop columns of the open table; show, hide, move and resize them in the grid (saved per table);
 * create, rename, comment, duplicate and drop tables.
 */
import { z } from 'zod'
import { defineCommand, CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { COLUMN_MIN_WIDTH, isProtectedSchema } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { ApiError } from '../src/web/data/api'
import { isUserSchema } from '../src/web/model/project/project-queries'
import { entitiesQuery, gridTableKey, gridTableQuery, schemasQuery } from '../src/web/model/project/queries'
import { isPrimaryKey } from '../src/web/model/table-editor/columns'
import { visibleSchemas } from '../src/web/model/table-editor/schemas'
import { patchGridSearch, readGridSearch } from '../src/web/model/table-editor/search'
import {
  ColumnArgs, columnOptionShape, createColumnBody, formatReference, identityProblem, updateColumnBody,
} from '../src/web/model/table-editor/structure/column-payload'
import { POSTGRES_TYPES, columnType, enumTypeName, enumTypesQuery } from '../src/web/model/table-editor/structure/column-types'
import { COLUMNS_PERMISSION, TABLES_PERMISSION, readonlyReason } from '../src/web/model/table-editor/structure/editable'
import { refreshTableList, refreshTableQueries } from '../src/web/model/table-editor/structure/refresh'
import { openColumnPanel } from '../src/web/model/table-editor/structure/structure-state'
import {
  displayColumns, forgetLayoutColumn, forgetSavedTable, gridState, isColumnFrozen, moveColumnTo, openGridTable,
  renameLayoutColumn, renameSavedTable, setColumnHidden, setColumnWidth, showAllColumns,
} from '../src/web/model/table-editor/grid'
import { tableListState } from '../src/web/model/table-editor/table-list'

const AREA = 'table-editor'

const inEditor = (ctx: CommandContext) => ctx.route.matches('table-editor')
const onTable = (ctx: CommandContext) => ctx.route.matches('table-editor.table')
const canRead = (ctx: CommandContext) => ctx.can('tenantSqlAdminRead') || MSG.noPermission(MSG.noPermissionTables)
const openTableId = (ctx: CommandContext) => Number(ctx.route.params.tableId)

/** The open table as last fetched, so `enabled` can answer at once (undefined until it loads). */
const cachedTable = (ctx: CommandContext) => ctx.queryClient.getQueryData(gridTableQuery(ctx.api, ctx.ref, openTableId(ctx)).queryKey)

function canEditColumns(ctx: CommandContext): true | string {
  if (!ctx.can('sqlAdminWriteColumns')) return COLUMNS_PERMISSION
  const table = cachedTable(ctx)
  return (table && readonlyReason(table)) ?? true
}

const canChangeTables = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || TABLES_PERMISSION

function openTable(ctx: CommandContext): Promise<GridTable> {
  return ctx.queryClient.ensureQueryData(gridTableQuery(ctx.api, ctx.ref, openTableId(ctx)))
}

/** The open table, fresh, refusing a read-only one. */
async function editableTable(ctx: CommandContext): Promise<GridTable> {
  const table = await ctx.queryClient.fetchQuery(gridTableQuery(ctx.api, ctx.ref, openTableId(ctx)))
  const reason = readonlyReason(table)
  if (reason) throw new CommandError(reason, 'disabled')
  return table
}

function columnOf(table: GridTable, name: string) {
  const column = table.columns.find((c) => c.name === name)
  if (!column) throw new CommandError(`There is no column "${name}" in ${table.name}`, 'invalid-args')
  return column
}

async function columnOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await openTable(ctx)).columns.map((c) => ({ value: c.name, hint: columnType(c) }))
}

/** The common types, their arrays and the project's enums. */
async function typeOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const enums = await ctx.queryClient.fetchQuery(enumTypesQuery(ctx.api, ctx.ref))
  const base = [
    ...POSTGRES_TYPES.map((t) => ({ value: t.value, hint: t.description })),
    ...enums.map((e) => ({ value: enumTypeName(e), hint: 'enum' })),
  ]
  return [...base, ...base.map((t) => ({ value: `${t.value}[]`, hint: `array of ${t.value}` }))]
}

/** Primary-key and unique columns of the user's tables: what a foreign key may point at. */
async function referenceOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schemas = (await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))).map((s) => s.name).filter(isUserSchema)
  const tables = await ctx.api.tables(ctx.ref, { include_columns: true, included_schemas: schemas })
  return tables.flatMap((t) =>
    (t.columns ?? [])
      .filter((c) => c.is_unique || t.primary_keys.some((pk) => pk.name === c.name))
      .map((c) => ({ value: formatReference(t.schema, t.name, c.name), hint: columnType(c) })),
  )
}

const columnOptionLabels = {
  defaultValue: 'Default value (a function call or (expression), else a literal)',
  defaultValueFormat: 'Default value is an',
  isNullable: 'Allow nulls',
  isUnique: 'Unique',
  isPrimaryKey: 'Primary key',
  isIdentity: 'Identity (integer types only)',
  check: 'Check constraint',
  comment: 'Comment',
  references: 'Foreign key to',
  onDelete: 'On delete of the referenced row',
}

/** The drop failed because other objects depend on it: ask to drop those too. */
const dependsOn = (e: unknown) => e instanceof ApiError && e.pgCode === '2BP01'

/** The grid's URL with a column renamed (`to`) or dropped (`to` null) in its filters and sorts. */
function renameInSearch(ctx: CommandContext, from: string, to: string | null): Promise<void> {
  const view = readGridSearch(ctx.location.search)
  const touches = [...view.filters, ...view.sorts].some((x) => x.column === from)
  if (!touches) return Promise.resolve()
  const rename = <T extends { column: string }>(list: T[]) =>
    list.flatMap((x) => (x.column !== from ? [x] : to === null ? [] : [{ ...x, column: to }]))
  return ctx.navigate({
    search: (prev) => {
      const v = readGridSearch(prev)
      return patchGridSearch(prev, { filters: rename(v.filters), sorts: rename(v.sorts), page: 1 })
    },
    replace: true,
  })
}

// ---- columns of the open table ----

export const openInsertColumnPanel = defineCommand({
  id: 'grid.column.insert-panel.open',
  title: 'Insert column',
  area: AREA,
  keywords: ['add column', 'new column', 'field'],
  when: onTable,
  enabled: canEditColumns,
  run: async (ctx) => {
    const table = await editableTable(ctx)
    openColumnPanel({ tableId: table.id, column: null })
  },
})

export const openEditColumnPanel = defineCommand({
  id: 'grid.column.edit-panel.open',
  title: 'Edit column',
  area: AREA,
  keywords: ['change column', 'rename column', 'column type'],
  args: z.object({ column: z.string().min(1, 'Pick a column') }),
  argOptions: { column: columnOptions },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canEditColumns,
  run: async (ctx, { column }) => {
    const table = await editableTable(ctx)
    columnOf(table, column)
    openColumnPanel({ tableId: table.id, column })
  },
})

export const addColumn = defineCommand({
  id: 'grid.column.add',
  title: 'Add column, field by field',
  area: AREA,
  keywords: ['new column', 'insert column'],
  args: ColumnArgs.superRefine((args, check) => {
    const problem = identityProblem(args.type, args)
    if (problem) check.addIssue({ code: 'custom', path: ['isIdentity'], message: problem })
  }),
  argOptions: { type: typeOptions, references: referenceOptions },
  argLabels: { name: 'Column name', type: 'Type', ...columnOptionLabels },
  when: onTable,
  enabled: canEditColumns,
  run: async (ctx, args) => {
    const table = await editableTable(ctx)
    if (table.columns.some((c) => c.name === args.name)) {
      throw new CommandError(`${table.name} already has a column "${args.name}"`, 'invalid-args')
    }
    const column = await ctx.api.createColumn(ctx.ref, createColumnBody(table.id, args))
    await refreshTableQueries(ctx.queryClient, ctx.ref, table.id)
    ctx.toast.success(`Added column ${args.name} to ${table.name}`)
    return column
  },
})

export const updateColumn = defineCommand({
  id: 'grid.column.update',
  title: 'Change column, field by field',
  area: AREA,
  keywords: ['edit column', 'rename column', 'alter column', 'column type'],
  args: z.object({
    column: z.string().min(1, 'Pick a column'),
    name: ColumnArgs.shape.name.optional(),
    type: ColumnArgs.shape.type.optional(),
    ...columnOptionShape,
  }),
  argOptions: { column: columnOptions, type: typeOptions, references: referenceOptions },
  argLabels: { column: 'Column', name: 'New name', type: 'New type', ...columnOptionLabels },
  when: onTable,
  enabled: canEditColumns,
  run: async (ctx, { column: name, ...changes }) => {
    const table = await editableTable(ctx)
    const column = columnOf(table, name)
    const problem = identityProblem(changes.type ?? columnType(column), {
      isIdentity: changes.isIdentity ?? column.is_identity,
      defaultValue: changes.defaultValue,
    })
    if (problem) throw new CommandError(problem, 'invalid-args')
    const body = updateColumnBody(table, column, changes)
    if (Object.keys(body).length === 1 && body.isPrimaryKey === isPrimaryKey(table, name)) {
      ctx.toast.info(`Column ${name} is unchanged`)
      return column
    }
    const updated = await ctx.api.updateColumn(ctx.ref, column.id, body)
    if (body.name) {
      openGridTable(ctx.ref, table.schema, table.name)
      renameLayoutColumn(name, body.name)
      await renameInSearch(ctx, name, body.name)
    }
    await refreshTableQueries(ctx.queryClient, ctx.ref, table.id)
    ctx.toast.success(`Saved column ${body.name ?? name}`)
    return updated
  },
})

export const deleteColumn = defineCommand({
  id: 'grid.column.delete',
  title: 'Delete column',
  area: AREA,
  keywords: ['drop column', 'remove column'],
  args: z.object({ column: z.string().min(1, 'Pick a column') }),
  argOptions: { column: columnOptions },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canEditColumns,
  run: async (ctx, { column: name }) => {
    const table = await editableTable(ctx)
    const column = columnOf(table, name)
    const sure = await ctx.confirm({
      title: `Delete column ${name}`,
      description: `The column and every value in it are removed from ${table.name}. This cannot be undone.`,
      confirmLabel: 'Delete column',
      destructive: true,
    })
    if (!sure) return false
    try {
      await ctx.api.deleteColumn(ctx.ref, column.id)
    } catch (e) {
      if (!dependsOn(e)) throw e
      const cascade = await ctx.confirm({
        title: `Other objects depend on ${name}`,
        description: `${(e as Error).message}. Delete them together with the column (cascade)?`,
        confirmLabel: 'Delete with dependents',
        destructive: true,
      })
      if (!cascade) return false
      await ctx.api.deleteColumn(ctx.ref, column.id, true)
    }
    openGridTable(ctx.ref, table.schema, table.name)
    forgetLayoutColumn(name)
    await renameInSearch(ctx, name, null)
    await refreshTableQueries(ctx.queryClient, ctx.ref, table.id)
    ctx.toast.success(`Deleted column ${name}`)
    return true
  },
})

// ---- the grid's columns: shown, hidden, moved, resized (saved per table) ----

/** Opens the table's saved layout (the grid does too) and gives the table. */
async function layoutTable(ctx: CommandContext): Promise<GridTable> {
  const table = await openTable(ctx)
  openGridTable(ctx.ref, table.schema, table.name)
  return table
}

const columnArg = { column: z.string().min(1, 'Pick a column') }

export const hideColumn = defineCommand({
  id: 'grid.column.hide',
  title: 'Hide column',
  area: AREA,
  keywords: ['columns', 'visibility'],
  args: z.object(columnArg),
  argOptions: {
    column: async (ctx) => {
      const table = await layoutTable(ctx)
      return displayColumns(table, gridState).map((c) => ({ value: c.name, hint: columnType(c) }))
    },
  },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canRead,
  run: async (ctx, { column }) => {
    const table = await layoutTable(ctx)
    columnOf(table, column)
    const shown = displayColumns(table, gridState)
    if (shown.length === 1 && shown[0]?.name === column) throw new CommandError('At least one column stays shown', 'invalid-args')
    setColumnHidden(column, true)
  },
})

export const showColumn = defineCommand({
  id: 'grid.column.show',
  title: 'Show hidden column',
  area: AREA,
  keywords: ['columns', 'visibility', 'unhide'],
  args: z.object(columnArg),
  argOptions: {
    column: async (ctx) => {
      await layoutTable(ctx)
      return gridState.hidden.map((name) => ({ value: name }))
    },
  },
  argLabels: { column: 'Column' },
  when: onTable,
  enabled: canRead,
  run: async (ctx, { column }) => {
    columnOf(await layoutTable(ctx), column)
    setColumnHidden(column, false)
  },
})

export const showAll = defineCommand({
  id: 'grid.columns.show-all',
  title: 'Show all columns',
  area: AREA,
  keywords: ['columns', 'visibility', 'unhide'],
  when: onTable,
  enabled: canRead,
  run: async (ctx) => {
    await layoutTable(ctx)
    showAllColumns()
  },
})

export const moveColumn = defineCommand({
  id: 'grid.column.move',
  title: 'Move column',
  area: AREA,
  keywords: ['reorder', 'columns', 'position'],
  args: z.object({
    ...columnArg,
    toIndex: z.coerce.number({ error: 'Enter a position' }).int('Enter a whole position').min(0, 'Positions start at 0'),
  }),
  argOptions: {
    column: async (ctx) => {
      const table = await layoutTable(ctx)
      return displayColumns(table, gridState)
        .filter((c) => !isColumnFrozen(gridState.frozen, table, c.name))
        .map((c) => ({ value: c.name, hint: columnType(c) }))
    },
    toIndex: async (ctx, sofar) => {
      const table = await layoutTable(ctx)
      const shown = displayColumns(table, gridState)
      return shown.flatMap((c, i) =>
        isColumnFrozen(gridState.frozen, table, c.name) ? [] : [{ value: String(i), label: `Position ${i}`, hint: c.name === sofar.column ? 'here now' : `where ${c.name} is` }],
      )
    },
  },
  argLabels: { column: 'Column', toIndex: 'Move to' },
  when: onTable,
  enabled: canRead,
  run: async (ctx, { column, toIndex }) => {
    const table = await layoutTable(ctx)
    columnOf(table, column)
    const shown = displayColumns(table, gridState)
    const frozenCount = shown.filter((c) => isColumnFrozen(gridState.frozen, table, c.name)).length
    if (isColumnFrozen(gridState.frozen, table, column)) {
      throw new CommandError(`${column} is frozen: unfreeze it to move it`, 'invalid-args')
    }
    if (!shown.some((c) => c.name === column)) throw new CommandError(`${column} is hidden: show it to move it`, 'invalid-args')
    if (toIndex < frozenCount || toIndex >= shown.length) {
      throw new CommandError(`Pick a position from ${frozenCount} to ${shown.length - 1}: frozen columns stay first`, 'invalid-args')
    }
    moveColumnTo(table, column, toIndex)
  },
})

export const resizeColumn = defineCommand({
  id: 'grid.column.resize',
  title: 'Set column width',
  area: AREA,
  keywords: ['resize', 'width', 'columns'],
  args: z.object({
    ...columnArg,
    width: z.coerce
      .number({ error: 'Enter a width in pixels' })
      .int('Enter a whole number of pixels')
      .min(COLUMN_MIN_WIDTH, `Columns are at least ${COLUMN_MIN_WIDTH} pixels wide`)
      .max(2000, 'Columns are at most 2000 pixels wide'),
  }),
  argOptions: {
    column: async (ctx) => {
      const table = await layoutTable(ctx)
      return displayColumns(table, gridState).map((c) => ({ value: c.name, hint: gridState.widths[c.name] ? `${gridState.widths[c.name]} px` : undefined }))
    },
  },
  argLabels: { column: 'Column', width: `Width in pixels (at least ${COLUMN_MIN_WIDTH})` },
  when: onTable,
  enabled: canRead,
  run: async (ctx, { column, width }) => {
    columnOf(await layoutTable(ctx), column)
    setColumnWidth(column, width)
  },
})

// ---- tables ----

/** The schema the table list shows: the URL's, else the open table's, else public. */
async function listSchema(ctx: CommandContext): Promise<string> {
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

/** The table, fresh, refusing views and read-only schemas. */
async function changeableTable(ctx: CommandContext, id: number): Promise<GridTable> {
  const table = await ctx.queryClient.fetchQuery(gridTableQuery(ctx.api, ctx.ref, id))
  const reason = readonlyReason(table)
  if (reason) throw new CommandError(reason, 'disabled')
  if (table.type !== 'table' && table.type !== 'partitioned table') {
    throw new CommandError(MSG.tablesOnly(table.name, table.type), 'invalid-args')
  }
  return table
}

export const createTable = defineCommand({
  id: 'table-editor.table.create',
  title: 'New table',
  area: AREA,
  keywords: ['create table', 'add table'],
  args: z.object({ schema: z.string().min(1).optional(), name: tableName('table'), comment: z.string().optional() }),
  argOptions: {
    schema: async (ctx) =>
      visibleSchemas(await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref)))
        .filter((s) => !isProtectedSchema(s.name))
        .map((s) => ({ value: s.name })),
  },
  argLabels: { schema: 'Schema (skip for the listed one)', name: 'Table name', comment: 'Comment' },
  when: inEditor,
  enabled: (ctx) => ctx.can('tenantSqlAdminWrite') || MSG.createTablesPermission,
  run: async (ctx, args) => {
    const schema = args.schema ?? (await listSchema(ctx))
    if (isProtectedSchema(schema)) throw new CommandError(MSG.protectedSchema(schema), 'disabled')
    const table = await ctx.api.createTable(ctx.ref, { schema, name: args.name, comment: args.comment?.trim() || null })
    await refreshTableList(ctx.queryClient, ctx.ref)
    ctx.toast.success(`Created table ${args.name}`)
    await ctx.navigate({ to: paths.table(ctx.ref, table.id), search: {} })
    return table
  },
})

export const renameTable = defineCommand({
  id: 'table-editor.table.rename',
  title: 'Rename table',
  area: AREA,
  args: z.object({ ...tableArg, name: tableName('table') }),
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table', name: 'New name' },
  when: inEditor,
  enabled: canChangeTables,
  run: async (ctx, { table: id, name }) => {
    const table = await changeableTable(ctx, id)
    if (name === table.name) return table
    const renamed = await ctx.api.updateTable(ctx.ref, id, { name })
    renameSavedTable(ctx.ref, table.schema, table.name, name)
    await Promise.all([refreshTableList(ctx.queryClient, ctx.ref), refreshTableQueries(ctx.queryClient, ctx.ref, id)])
    ctx.toast.success(`Renamed ${table.name} to ${name}`)
    return renamed
  },
})

export const commentTable = defineCommand({
  id: 'table-editor.table.comment',
  title: 'Edit table comment',
  area: AREA,
  keywords: ['description'],
  args: z.object({ ...tableArg, comment: z.string() }),
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table', comment: 'Comment (empty removes it)' },
  when: inEditor,
  enabled: canChangeTables,
  run: async (ctx, { table: id, comment }) => {
    const table = await changeableTable(ctx, id)
    const updated = await ctx.api.updateTable(ctx.ref, id, { comment: comment.trim() || null })
    await Promise.all([refreshTableList(ctx.queryClient, ctx.ref), refreshTableQueries(ctx.queryClient, ctx.ref, id)])
    ctx.toast.success(comment.trim() ? `Saved the comment of ${table.name}` : `Removed the comment of ${table.name}`)
    return updated
  },
})

export const duplicateTable = defineCommand({
  id: 'table-editor.table.duplicate',
  title: 'Duplicate table',
  area: AREA,
  keywords: ['copy table', 'clone'],
  args: z.object({ ...tableArg, name: tableName('copy'), withData: z.boolean().default(true) }),
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table', name: 'Name of the copy', withData: 'Copy the rows too' },
  when: inEditor,
  enabled: (ctx) => ctx.can('tenantSqlAdminWrite') || MSG.createTablesPermission,
  run: async (ctx, { table: id, name, withData }) => {
    const table = await changeableTable(ctx, id)
    const copy = await ctx.api.duplicateTable(ctx.ref, { id, name, withData })
    await refreshTableList(ctx.queryClient, ctx.ref)
    ctx.toast.success(`Duplicated ${table.name} as ${name}${withData ? ' with its rows' : ''}`)
    await ctx.navigate({ to: paths.table(ctx.ref, copy.id), search: {} })
    return copy
  },
})

export const deleteTable = defineCommand({
  id: 'table-editor.table.delete',
  title: 'Delete table',
  area: AREA,
  keywords: ['drop table', 'remove table'],
  args: z.object(tableArg),
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table' },
  when: inEditor,
  enabled: canChangeTables,
  run: async (ctx, { table: id }) => {
    const table = await changeableTable(ctx, id)
    const sure = await ctx.confirm({
      title: `Delete table ${table.name}`,
      description: `The table ${table.schema}.${table.name} and all its rows are removed. This cannot be undone.`,
      confirmLabel: 'Delete table',
      destructive: true,
    })
    if (!sure) return false
    try {
      await ctx.api.deleteTable(ctx.ref, id)
    } catch (e) {
      if (!dependsOn(e)) throw e
      const cascade = await ctx.confirm({
        title: `Other objects depend on ${table.name}`,
        description: `${(e as Error).message}. Delete them together with the table (cascade)?`,
        confirmLabel: 'Delete with dependents',
        destructive: true,
      })
      if (!cascade) return false
      await ctx.api.deleteTable(ctx.ref, id, true)
    }
    forgetSavedTable(ctx.ref, table.schema, table.name)
    if (onTable(ctx) && openTableId(ctx) === id) await ctx.navigate({ to: paths.tableEditor(ctx.ref), search: {} })
    ctx.queryClient.removeQueries({ queryKey: gridTableQuery(ctx.api, ctx.ref, id).queryKey })
    await Promise.all([
      refreshTableList(ctx.queryClient, ctx.ref),
      ctx.queryClient.invalidateQueries({ queryKey: gridTableKey(ctx.ref) }),
    ])
    ctx.toast.success(`Deleted table ${table.name}`)
    return true
  },
})

