/** The bodies of database-schemas.ts's commands. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { currentSchema, graphOf, type FindTableArgs, type OpenTableArgs, type SetSchemaArgs } from './database-schemas'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { saveBlob } from '../src/web/model/app/download'
import { clearPositions } from '../src/web/model/database/schemas/positions'
import { exportFileName, fetchSchemaSql, schemaGraphKey } from '../src/web/model/database/schemas/schema-graph-data'
import { findableTables, matchTables } from '../src/web/model/database/schemas/table-search'
import { bumpLayout, currentView, focusTable, visualizerState, type VisualizerView } from '../src/web/model/database/schemas/visualizer-state'

function view(): VisualizerView {
  const v = currentView()
  if (!v) throw new CommandError(MSG.schemaGraphNotShown, 'disabled')
  return v
}

export const setVisualizerSchema = async (ctx: CommandContext, { schema }: z.infer<typeof SetSchemaArgs>) => {
  focusTable(null)
  await ctx.navigate({ search: { schema } })
}

/** Focuses the table with that id (schema.name), or else the best match of the text. Answers its id. */
export const findTable = async (ctx: CommandContext, { table }: z.infer<typeof FindTableArgs>) => {
  const tables = findableTables(await graphOf(ctx))
  const hit = tables.find((t) => t.id === table) ?? matchTables(tables, table)[0]
  if (!hit) throw new CommandError(MSG.schemaGraphNoMatch(table, currentSchema(ctx)), 'invalid-args')
  focusTable(hit.id)
  return hit.id
}

export const clearFocus = () => focusTable(null)

export const fitView = () => view().fit()
export const zoomIn = () => view().zoomIn()
export const zoomOut = () => view().zoomOut()

/** Forgets the dragged positions of the schema in view and lays its tables out again; answers how many were forgotten. */
export const resetLayout = (ctx: CommandContext) => {
  const schema = currentSchema(ctx)
  const forgotten = clearPositions(ctx.ref, schema)
  bumpLayout()
  ctx.toast.success(MSG.schemaLayoutReset(schema))
  return forgotten
}

async function exportImage(ctx: CommandContext, kind: 'png' | 'svg'): Promise<string> {
  const url = await view().image(kind)
  const blob = await (await fetch(url)).blob()
  const file = exportFileName(currentSchema(ctx), kind)
  saveBlob(blob, file)
  ctx.toast.success(MSG.schemaExported(file))
  return file
}

export const exportPng = (ctx: CommandContext) => exportImage(ctx, 'png')
export const exportSvg = (ctx: CommandContext) => exportImage(ctx, 'svg')

/** The schema's DDL from the server, copied; answers the text (null when the browser refused the copy). */
export const copySchemaSql = async (ctx: CommandContext) => {
  const { schema, sql, tables } = await fetchSchemaSql(ctx.api, ctx.ref, currentSchema(ctx))
  if (!(await copyToClipboard(sql))) return null
  ctx.toast.success(MSG.schemaSqlCopied(schema, tables))
  return sql
}

export const openTable = async (ctx: CommandContext, args: z.infer<typeof OpenTableArgs>) => {
  const table = (await graphOf(ctx)).tables.find((t) => t.id === args.table)
  if (!table) throw new CommandError(MSG.tableNotFound(args.table), 'invalid-args')
  visualizerState.focused = `${table.schema}.${table.name}`
  await ctx.navigate({ to: args.in === 'database' ? paths.databaseTable(ctx.ref, table.id) : paths.table(ctx.ref, table.id) })
  return table.id
}

export const refreshGraph = async (ctx: CommandContext) => {
  await ctx.queryClient.invalidateQueries({ queryKey: schemaGraphKey(ctx.ref, currentSchema(ctx)), refetchType: 'all' })
}
