/** The bodies of database-indexes.ts's commands: index changes through pg-meta, the page's filters through the URL. */
import type { z } from 'zod'
import { CommandError } from './registry'
import {
  currentSchema, onPglite, schemaIndexes, type CreateIndexArgs, type DeleteIndexArgs, type FilterIndexesTableArgs,
  type OpenCreateIndexArgs, type SearchIndexesArgs, type SetIndexesSchemaArgs, type ShowIndexDefinitionArgs,
} from './database-indexes'
import type { CommandContext } from '../src/web/model/app/context'
import { isProtectedSchema } from '../src/shared/constants'
import { endpoints as e } from '../src/shared/contract'
import type { PgIndex } from '../src/shared/contract/pg-meta-indexes'
import { MSG } from '../src/shared/messages'
import { refreshIndexes } from '../src/web/model/database/indexes/indexes-data'
import { indexesState, openIndexDialog } from '../src/web/model/database/indexes/indexes-state'

/** The index, fresh, refusing an unknown id (one of any schema: a hint may name another). */
async function findIndex(ctx: CommandContext, id: number): Promise<PgIndex> {
  const index = (await schemaIndexes(ctx, currentSchema(ctx), true)).find((x) => x.id === id) ??
    (await ctx.api.call(e.indexes, { params: { ref: ctx.ref }, query: {} })).find((x) => x.id === id)
  if (!index) throw new CommandError(MSG.indexNotFound(id), 'invalid-args')
  return index
}

export const refreshIndexesList = async (ctx: CommandContext) => {
  await refreshIndexes(ctx.queryClient, ctx.ref)
}

export const searchIndexes = async (ctx: CommandContext, { search }: z.infer<typeof SearchIndexesArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const setIndexesSchema = (ctx: CommandContext, { schema }: z.infer<typeof SetIndexesSchemaArgs>) =>
  ctx.navigate({ search: { schema } })

export const filterIndexesTable = (ctx: CommandContext, { table }: z.infer<typeof FilterIndexesTableArgs>) =>
  ctx.navigate({ search: (prev) => ({ ...prev, table: table?.trim() || undefined }), replace: true })

export const toggleIndexHints = () => {
  indexesState.hintsOpen = !indexesState.hintsOpen
  return indexesState.hintsOpen
}

export const openCreateIndexDialog = (_ctx: CommandContext, { table, columns }: z.infer<typeof OpenCreateIndexArgs>) => {
  openIndexDialog({ kind: 'create', prefill: { tableId: table, columns } })
}

export const showIndexDefinition = async (ctx: CommandContext, { index }: z.infer<typeof ShowIndexDefinitionArgs>) => {
  await findIndex(ctx, index)
  openIndexDialog({ kind: 'definition', indexId: index })
}

export const createIndex = async (ctx: CommandContext, args: z.infer<typeof CreateIndexArgs>) => {
  const descending = new Set(args.descending ?? [])
  const stray = [...descending].find((c) => !args.columns.includes(c))
  if (stray !== undefined) throw new CommandError(`${stray} is not one of the index's columns`, 'invalid-args')
  if (args.concurrently && (await onPglite(ctx))) throw new CommandError(MSG.indexConcurrentlyPglite, 'invalid-args')
  const index = await ctx.api.call(e.createIndex, {
    params: { ref: ctx.ref },
    body: {
      table_id: args.table,
      columns: args.columns.map((name) => (descending.has(name) ? { name, order: 'DESC' as const } : { name })),
      method: args.method,
      unique: args.unique ?? false,
      ...(args.where?.trim() && { where: args.where.trim() }),
      ...(args.name?.trim() && { name: args.name.trim() }),
      concurrently: args.concurrently ?? false,
    },
  })
  await refreshIndexes(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Created index ${index.name}`)
  return index
}

export const deleteIndex = async (ctx: CommandContext, { index: id, concurrently }: z.infer<typeof DeleteIndexArgs>) => {
  const index = await findIndex(ctx, id)
  if (isProtectedSchema(index.schema)) throw new CommandError(MSG.indexProtectedSchema(index.schema), 'disabled')
  if (concurrently && (await onPglite(ctx))) throw new CommandError(MSG.indexConcurrentlyPglite, 'invalid-args')
  const sure = await ctx.confirm({
    title: `Drop index ${index.name}`,
    description: `${index.index_definition}\n\nQueries that used it read the table ${index.schema}.${index.table} without it. ${index.is_unique ? 'Its uniqueness is no longer enforced. ' : ''}This cannot be undone.`,
    confirmLabel: 'Drop index',
    destructive: true,
  })
  if (!sure) return false
  await ctx.api.call(e.deleteIndex, { params: { ref: ctx.ref }, query: { id, ...(concurrently && { concurrently: true }) } })
  if (indexesState.dialog?.kind === 'definition' && indexesState.dialog.indexId === id) indexesState.dialog = null
  await refreshIndexes(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Dropped index ${index.name}`)
  return true
}
