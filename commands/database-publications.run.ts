/** The bodies of database-publications.ts's commands: publication changes through pg-meta, then the list again. */
import type { z } from 'zod'
import { CommandError } from './registry'
import {
  publications, type CreatePublicationArgs, type pickPublication, type TogglePublicationOperationArgs, type UpdatePublicationArgs,
} from './database-publications'
import type { CommandContext } from '../src/web/model/app/context'
import { endpoints as e } from '../src/shared/contract'
import type { Publication, PublicationUpdateBody } from '../src/shared/contract/pg-meta-publications'
import { MSG } from '../src/shared/messages'
import { OPERATION_LABELS, refreshPublications, tablesText } from '../src/web/model/database/replication/publications-data'
import { openPublicationDialog } from '../src/web/model/database/replication/publications-state'

/** The publication, fresh, refusing an unknown id. */
async function publication(ctx: CommandContext, id: number): Promise<Publication> {
  const p = (await publications(ctx, true)).find((x) => x.id === id)
  if (!p) throw new CommandError(MSG.publicationNotFound(id), 'invalid-args')
  return p
}

export const refreshPublicationsList = async (ctx: CommandContext) => {
  await refreshPublications(ctx.queryClient, ctx.ref)
}

export const openCreatePublicationDialog = () => openPublicationDialog({ kind: 'create' })

export const openPublicationTablesDialog = async (ctx: CommandContext, { publicationId }: z.infer<typeof pickPublication.args>) => {
  const p = await publication(ctx, publicationId)
  if (p.tables === null) throw new CommandError(MSG.publicationAllTables(p.name), 'disabled')
  openPublicationDialog({ kind: 'tables', id: p.id })
}

export const createPublication = async (ctx: CommandContext, args: z.infer<typeof CreatePublicationArgs>) => {
  if (args.all_tables && args.tables?.length) throw new CommandError('Choose either all tables or a list of tables', 'invalid-args')
  const p = await ctx.api.call(e.createPublication, {
    params: { ref: ctx.ref },
    body: {
      name: args.name,
      tables: args.all_tables ? null : (args.tables ?? []),
      publish_insert: args.insert ?? true,
      publish_update: args.update ?? true,
      publish_delete: args.delete ?? true,
      publish_truncate: args.truncate ?? true,
    },
  })
  await refreshPublications(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Created publication ${p.name} (${tablesText(p).toLowerCase()})`)
  return p
}

export const updatePublication = async (ctx: CommandContext, { publicationId, name, tables, ...ops }: z.infer<typeof UpdatePublicationArgs>) => {
  const p = await publication(ctx, publicationId)
  if (tables && p.tables === null) throw new CommandError(MSG.publicationAllTables(p.name), 'invalid-args')
  const body: PublicationUpdateBody = {}
  if (name !== undefined && name !== p.name) body.name = name
  for (const op of ['insert', 'update', 'delete', 'truncate'] as const) {
    if (ops[op] !== undefined && ops[op] !== p[`publish_${op}`]) body[`publish_${op}`] = ops[op]
  }
  if (tables) body.tables = tables
  if (Object.keys(body).length === 0) {
    ctx.toast.info(`Publication ${p.name} is unchanged`)
    return p
  }
  const updated = await ctx.api.call(e.updatePublication, { params: { ref: ctx.ref }, query: { id: publicationId }, body })
  await refreshPublications(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Saved publication ${updated.name}`)
  return updated
}

export const togglePublicationOperation = async (ctx: CommandContext, { publicationId, operation }: z.infer<typeof TogglePublicationOperationArgs>) => {
  const p = await publication(ctx, publicationId)
  const key = `publish_${operation}` as const
  const updated = await ctx.api.call(e.updatePublication, { params: { ref: ctx.ref }, query: { id: publicationId }, body: { [key]: !p[key] } })
  await refreshPublications(ctx.queryClient, ctx.ref)
  ctx.toast.success(`${OPERATION_LABELS[operation]}: ${updated[key] ? 'on' : 'off'} for ${p.name}`)
  return updated
}

export const deletePublication = async (ctx: CommandContext, { publicationId }: z.infer<typeof pickPublication.args>) => {
  const p = await publication(ctx, publicationId)
  const sure = await ctx.confirm({
    title: `Delete publication ${p.name}`,
    description: 'Subscribers of this publication stop receiving changes. The tables and their rows are not touched.',
    confirmLabel: 'Delete publication',
    destructive: true,
  })
  if (!sure) return false
  await ctx.api.call(e.deletePublication, { params: { ref: ctx.ref }, query: { id: publicationId } })
  await refreshPublications(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted publication ${p.name}`)
  return true
}
