/** The bodies of database-tables.ts's commands. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { schemaTables, type MoveColumnArgs, type PickTableArgs, type SearchTablesArgs } from './database-tables'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { tableQuery } from '../src/web/model/project/queries'
import { moveColumnTo, resetColumnOrder as resetOrder, tableKey } from '../src/web/model/database/tables/column-order'
import { refreshTableSummaries } from '../src/web/model/database/tables/tables-data'
import { openTablesDialog } from '../src/web/model/database/tables/tables-state'
import { readonlyReason } from '../src/web/model/table-editor/structure/editable'
import { refreshTableQueries } from '../src/web/model/table-editor/structure/refresh'
import { openTableDialog } from '../src/web/model/table-editor/structure/structure-state'

/** The table, fresh; an unknown id says it may have been dropped. */
async function tableById(ctx: CommandContext, id: number): Promise<GridTable> {
  try {
    return await ctx.queryClient.fetchQuery({ ...tableQuery(ctx.api, ctx.ref, id), staleTime: 0 })
  } catch (e) {
    if ((e as { status?: number }).status === 404) throw new CommandError(MSG.tableNotFound(id), 'invalid-args')
    throw e
  }
}

/** The table, fresh, refusing one of a protected schema (and views) with the reason. */
async function changeableTable(ctx: CommandContext, id: number): Promise<GridTable> {
  const table = await tableById(ctx, id)
  const reason = readonlyReason(table)
  if (reason) throw new CommandError(reason, 'disabled')
  if (table.type !== 'table' && table.type !== 'partitioned table') throw new CommandError(MSG.tablesOnly(table.name, table.type), 'invalid-args')
  return table
}

export const refreshTables = async (ctx: CommandContext) => {
  await refreshTableSummaries(ctx.queryClient, ctx.ref)
  if (ctx.route.matches('database.table')) await refreshTableQueries(ctx.queryClient, ctx.ref, Number(ctx.route.params.tableId))
}

export const searchTables = async (ctx: CommandContext, { search }: z.infer<typeof SearchTablesArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const openColumns = async (ctx: CommandContext, { table }: z.infer<typeof PickTableArgs>) => {
  await tableById(ctx, table)
  await ctx.navigate({ to: paths.databaseTable(ctx.ref, table), search: {} })
}

export const openDefinition = async (ctx: CommandContext, { table }: z.infer<typeof PickTableArgs>) => {
  await tableById(ctx, table)
  await ctx.navigate({ to: paths.databaseTable(ctx.ref, table), search: { view: 'definition' } })
}

export const openInEditor = async (ctx: CommandContext, { table }: z.infer<typeof PickTableArgs>) => {
  await tableById(ctx, table)
  await ctx.navigate({ to: paths.table(ctx.ref, table), search: {} })
}

export const openEditDialog = async (ctx: CommandContext, { table }: z.infer<typeof PickTableArgs>) => {
  await changeableTable(ctx, table)
  openTablesDialog({ kind: 'edit', tableId: table })
}

export const openDuplicateDialog = async (ctx: CommandContext, { table }: z.infer<typeof PickTableArgs>) => {
  await changeableTable(ctx, table)
  openTableDialog({ kind: 'duplicate', tableId: table })
}

export const toggleRls = async (ctx: CommandContext, { table: id }: z.infer<typeof PickTableArgs>) => {
  const table = await changeableTable(ctx, id)
  const summary = (await schemaTables(ctx, true)).find((t) => t.id === id)
  const on = summary?.rls_enabled ?? false
  if (on) {
    const sure = await ctx.confirm({
      title: `Disable row level security on ${table.name}?`,
      description: MSG.rlsDisableWarning(`${table.schema}.${table.name}`),
      confirmLabel: 'Disable RLS',
      destructive: true,
    })
    if (!sure) return on
  }
  await ctx.api.updateTable(ctx.ref, id, { rls_enabled: !on })
  await Promise.all([refreshTableSummaries(ctx.queryClient, ctx.ref), refreshTableQueries(ctx.queryClient, ctx.ref, id)])
  ctx.toast.success(`Row level security ${on ? 'disabled' : 'enabled'} on ${table.name}`)
  return !on
}

export const moveColumn = async (ctx: CommandContext, { column, position }: z.infer<typeof MoveColumnArgs>) => {
  const table = await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, Number(ctx.route.params.tableId)))
  const names = table.columns.map((c) => c.name)
  if (!names.includes(column)) throw new CommandError(`There is no column "${column}" in ${table.name}`, 'invalid-args')
  return moveColumnTo(ctx.ref, tableKey(table.schema, table.name), names, column, position - 1)
}

export const resetColumnOrder = async (ctx: CommandContext) => {
  const table = await ctx.queryClient.ensureQueryData(tableQuery(ctx.api, ctx.ref, Number(ctx.route.params.tableId)))
  resetOrder(ctx.ref, tableKey(table.schema, table.name))
}
