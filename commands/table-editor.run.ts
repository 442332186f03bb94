/** The bodies of table-editor.ts's commands: the table list, and table changes through pg-meta. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { dependsOn, onTable, openTable, openTableId } from './grid-args'
import {
  listSchema, onDatabaseTables, type CommentTableArgs, type CreateTableArgs, type DeleteTableArgs, type DuplicateTableArgs, type OpenCreateTablePanelArgs, type OpenTableArgs,
  type RenameTableArgs, type SelectSchemaArgs, type SetListSortArgs,
} from './table-editor'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { readonlyReason } from '../src/web/model/table-editor/structure/editable'
import { isProtectedSchema } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { entitiesKey, schemasQuery, tableQuery } from '../src/web/model/project/queries'
import { visibleSchemas } from '../src/web/model/table-editor/schemas'
import { refreshTableList, refreshTableQueries } from '../src/web/model/table-editor/structure/refresh'
import { forgetSavedTable, renameSavedTable } from '../src/web/model/table-editor/grid'
import { setTableListSort } from '../src/web/model/table-editor/table-list'
import { createColumnBody } from '../src/web/model/table-editor/structure/column-payload'
import { openTableDialog } from '../src/web/model/table-editor/structure/structure-state'
import { DEFAULT_TABLE_COLUMNS, newTableColumnArgs } from '../src/web/model/table-editor/structure/table-forms'
import { openTablesDialog } from '../src/web/model/database/tables/tables-state'

/** database tables: where a new or copied table opens, in the area the command ran in. */
const tableHref = (ctx: CommandContext, id: number) => (onDatabaseTables(ctx) ? paths.databaseTable(ctx.ref, id) : paths.table(ctx.ref, id))

/** The table, fresh, refusing views and read-only schemas. */
async function changeableTable(ctx: CommandContext, id: number): Promise<GridTable> {
  const table = await ctx.queryClient.fetchQuery(tableQuery(ctx.api, ctx.ref, id))
  const reason = readonlyReason(table)
  if (reason) throw new CommandError(reason, 'disabled')
  if (table.type !== 'table' && table.type !== 'partitioned table') {
    throw new CommandError(MSG.tablesOnly(table.name, table.type), 'invalid-args')
  }
  return table
}

export const selectSchema = async (ctx: CommandContext, { schema }: z.infer<typeof SelectSchemaArgs>) => {
  const schemas = visibleSchemas(await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref)))
  if (!schemas.some((s) => s.name === schema)) throw new CommandError(`There is no schema "${schema}"`, 'invalid-args')
  const table = onTable(ctx) ? await openTable(ctx) : null
  const fallback = table?.schema ?? 'public'
  await ctx.navigate({ search: (prev) => ({ ...prev, schema: schema === fallback ? undefined : schema }) })
}

export const setListSort = (_ctx: CommandContext, { sort }: z.infer<typeof SetListSortArgs>) => setTableListSort(sort)

export const reloadSchemas = async (ctx: CommandContext) => {
  await Promise.all([
    ctx.queryClient.invalidateQueries({ queryKey: schemasQuery(ctx.api, ctx.ref).queryKey }),
    ctx.queryClient.invalidateQueries({ queryKey: entitiesKey(ctx.ref) }),
  ])
}

export const openTableCommand = async (ctx: CommandContext, { table }: z.infer<typeof OpenTableArgs>) => {
  await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, table))
  await ctx.navigate({ to: paths.table(ctx.ref, table), search: {} })
}

export const createTable = async (ctx: CommandContext, args: z.infer<typeof CreateTableArgs>) => {
  const schema = args.schema ?? (await listSchema(ctx))
  if (isProtectedSchema(schema)) throw new CommandError(MSG.protectedSchema(schema), 'disabled')
  const columns = (args.columns ?? newTableColumnArgs(DEFAULT_TABLE_COLUMNS)).map((c) => {
    const { tableId: _, ...column } = createColumnBody(0, c)
    return column
  })
  const table = await ctx.api.createTable(ctx.ref, { schema, name: args.name, comment: args.comment?.trim() || null, columns, rls_enabled: args.rls })
  await refreshTableList(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Created table ${args.name}${args.rls ? ' with row level security on' : ''}`)
  await ctx.navigate({ to: tableHref(ctx, table.id), search: {} })
  return table
}

export const openCreateTablePanel = async (ctx: CommandContext, args: z.infer<typeof OpenCreateTablePanelArgs>) => {
  const schema = args.schema ?? (await listSchema(ctx))
  if (isProtectedSchema(schema)) throw new CommandError(MSG.protectedSchema(schema), 'disabled')
  openTableDialog({ kind: 'create', schema })
}

export const renameTable = async (ctx: CommandContext, { table: id, name }: z.infer<typeof RenameTableArgs>) => {
  const table = await changeableTable(ctx, id)
  if (name === table.name) return table
  const renamed = await ctx.api.updateTable(ctx.ref, id, { name })
  renameSavedTable(ctx.ref, table.schema, table.name, name)
  await Promise.all([refreshTableList(ctx.queryClient, ctx.ref), refreshTableQueries(ctx.queryClient, ctx.ref, id)])
  ctx.toast.success(`Renamed ${table.name} to ${name}`)
  return renamed
}

export const commentTable = async (ctx: CommandContext, { table: id, comment }: z.infer<typeof CommentTableArgs>) => {
  const table = await changeableTable(ctx, id)
  const updated = await ctx.api.updateTable(ctx.ref, id, { comment: comment.trim() || null })
  await Promise.all([refreshTableList(ctx.queryClient, ctx.ref), refreshTableQueries(ctx.queryClient, ctx.ref, id)])
  ctx.toast.success(comment.trim() ? `Saved the comment of ${table.name}` : `Removed the comment of ${table.name}`)
  return updated
}

export const duplicateTable = async (ctx: CommandContext, { table: id, name, withData }: z.infer<typeof DuplicateTableArgs>) => {
  const table = await changeableTable(ctx, id)
  const copy = await ctx.api.duplicateTable(ctx.ref, { id, name, withData })
  await refreshTableList(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Duplicated ${table.name} as ${name}${withData ? ' with its rows' : ''}`)
  await ctx.navigate({ to: tableHref(ctx, copy.id), search: {} })
  return copy
}

export const deleteTable = async (ctx: CommandContext, { table: id, confirmation, cascade }: z.infer<typeof DeleteTableArgs>) => {
  const table = await changeableTable(ctx, id)
  if (confirmation !== undefined) {
    // database tables: the dialog asked for the name and the CASCADE choice; the database's refusal is the answer
    if (confirmation.trim() !== table.name) throw new CommandError(MSG.valueMismatch, 'invalid-args')
    await ctx.api.deleteTable(ctx.ref, id, cascade ?? false)
    return afterDelete(ctx, table)
  }
  if (onDatabaseTables(ctx)) {
    openTablesDialog({ kind: 'delete', tableId: id })
    return false
  }
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
  return afterDelete(ctx, table)
}

async function afterDelete(ctx: CommandContext, table: GridTable): Promise<true> {
  const id = table.id
  forgetSavedTable(ctx.ref, table.schema, table.name)
  if (onTable(ctx) && openTableId(ctx) === id) await ctx.navigate({ to: paths.tableEditor(ctx.ref), search: {} })
  if (ctx.route.matches('database.table') && openTableId(ctx) === id) {
    await ctx.navigate({ to: paths.databaseTables(ctx.ref), search: table.schema === 'public' ? {} : { schema: table.schema } })
  }
  ctx.queryClient.removeQueries({ queryKey: tableQuery(ctx.api, ctx.ref, id).queryKey })
  await refreshTableList(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted table ${table.name}`)
  return true
}
