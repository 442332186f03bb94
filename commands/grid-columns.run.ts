/** The bodies of grid-columns.ts's commands: the column panel, and column changes through pg-meta. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { columnOf, dependsOn, editableTable } from './grid-args'
import type { AddColumnArgs, PickColumnArgs, UpdateColumnArgs } from './grid-columns'
import type { CommandContext } from '../src/web/model/app/context'
import { isPrimaryKey } from '../src/web/model/table-editor/columns'
import { patchGridSearch, readGridSearch } from '../src/web/model/table-editor/search'
import { createColumnBody, identityProblem, updateColumnBody } from '../src/web/model/table-editor/structure/column-payload'
import { columnType } from '../src/web/model/table-editor/structure/column-types'
import { refreshTableQueries } from '../src/web/model/table-editor/structure/refresh'
import { openColumnPanel } from '../src/web/model/table-editor/structure/structure-state'
import { forgetLayoutColumn, openGridTable, renameLayoutColumn } from '../src/web/model/table-editor/grid'
import { renameOrderedColumn, tableKey } from '../src/web/model/database/tables/column-order'

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

export async function openInsertColumnPanel(ctx: CommandContext): Promise<void> {
  const table = await editableTable(ctx)
  openColumnPanel({ tableId: table.id, column: null })
}

export async function openEditColumnPanel(ctx: CommandContext, { column }: z.infer<typeof PickColumnArgs>): Promise<void> {
  const table = await editableTable(ctx)
  columnOf(table, column)
  openColumnPanel({ tableId: table.id, column })
}

export async function addColumn(ctx: CommandContext, args: z.infer<typeof AddColumnArgs>) {
  const table = await editableTable(ctx)
  if (table.columns.some((c) => c.name === args.name)) {
    throw new CommandError(`${table.name} already has a column "${args.name}"`, 'invalid-args')
  }
  const column = await ctx.api.createColumn(ctx.ref, createColumnBody(table.id, args))
  await refreshTableQueries(ctx.queryClient, ctx.ref, table.id)
  ctx.toast.success(`Added column ${args.name} to ${table.name}`)
  return column
}

export async function updateColumn(ctx: CommandContext, { column: name, ...changes }: z.infer<typeof UpdateColumnArgs>) {
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
    renameOrderedColumn(ctx.ref, tableKey(table.schema, table.name), name, body.name)
    await renameInSearch(ctx, name, body.name)
  }
  await refreshTableQueries(ctx.queryClient, ctx.ref, table.id)
  ctx.toast.success(`Saved column ${body.name ?? name}`)
  return updated
}

export async function deleteColumn(ctx: CommandContext, { column: name }: z.infer<typeof PickColumnArgs>): Promise<boolean> {
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
}
