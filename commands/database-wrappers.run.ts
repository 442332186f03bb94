/** The bodies of database-wrappers.ts's commands: foreign servers and imports through pg-meta, then the lists again. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { dependsOn } from './grid-args'
import { foreignData, type CreateServerArgs, type DeleteServerArgs, type ImportSchemaArgs } from './database-wrappers'
import type { CommandContext } from '../src/web/model/app/context'
import { endpoints as e } from '../src/shared/contract'
import type { ForeignServer } from '../src/shared/contract/pg-meta-wrappers'
import { MSG } from '../src/shared/messages'
import { refreshForeignData } from '../src/web/model/database/wrappers/wrappers-data'
import { openWrapperDialog } from '../src/web/model/database/wrappers/wrappers-state'

/** postgres_fdw must be installed: the reason (which extension is missing) otherwise. */
async function needPostgresFdw(ctx: CommandContext): Promise<void> {
  const { postgres_fdw: fdw } = await foreignData(ctx, true)
  if (!fdw.available) throw new CommandError(MSG.fdwNotAvailable, 'disabled')
  if (!fdw.installed) throw new CommandError(MSG.fdwNotInstalled, 'disabled')
}

async function server(ctx: CommandContext, name: string): Promise<ForeignServer> {
  const s = (await foreignData(ctx, true)).servers.find((x) => x.name === name)
  if (!s) throw new CommandError(MSG.foreignServerNotFound(name), 'invalid-args')
  return s
}

export const refreshWrappersList = async (ctx: CommandContext) => {
  await refreshForeignData(ctx.queryClient, ctx.ref)
}

export const openCreateServerDialog = async (ctx: CommandContext) => {
  await needPostgresFdw(ctx)
  openWrapperDialog({ kind: 'server' })
}

export const createForeignServer = async (ctx: CommandContext, args: z.infer<typeof CreateServerArgs>) => {
  await needPostgresFdw(ctx)
  const created = await ctx.api.call(e.createForeignServer, { params: { ref: ctx.ref }, body: args })
  await refreshForeignData(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Created foreign server ${created.name}`)
  return created
}

export const openImportSchemaDialog = async (ctx: CommandContext, args: { server: string }) => {
  await needPostgresFdw(ctx)
  const s = await server(ctx, args.server)
  openWrapperDialog({ kind: 'import', server: s.name })
}

export const importForeignSchema = async (ctx: CommandContext, args: z.infer<typeof ImportSchemaArgs>) => {
  await needPostgresFdw(ctx)
  await server(ctx, args.server)
  const { tables } = await ctx.api.call(e.importForeignSchema, { params: { ref: ctx.ref }, body: args })
  await refreshForeignData(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Imported ${tables.length} foreign ${tables.length === 1 ? 'table' : 'tables'} into ${args.local_schema}`)
  return tables
}

export const deleteForeignServer = async (ctx: CommandContext, { server: name, cascade }: z.infer<typeof DeleteServerArgs>) => {
  const s = await server(ctx, name)
  const sure = await ctx.confirm({
    title: `Delete foreign server ${s.name}`,
    description: cascade
      ? `The server ${s.name}, its user mappings and its ${s.foreign_table_count} foreign tables are dropped. The remote database is not touched.`
      : `The server ${s.name} is dropped. If user mappings or foreign tables use it, you are asked again before they are dropped too (CASCADE).`,
    confirmLabel: 'Delete server',
    destructive: true,
  })
  if (!sure) return false
  const drop = (withCascade: boolean) => ctx.api.call(e.deleteForeignServer, { params: { ref: ctx.ref }, query: { id: s.name, cascade: withCascade } })
  try {
    await drop(cascade ?? false)
  } catch (err) {
    if (cascade || !dependsOn(err)) throw err
    const again = await ctx.confirm({
      title: `Other objects depend on ${s.name}`,
      description: `${(err as Error).message}. Drop its user mappings and foreign tables with it (CASCADE)?`,
      confirmLabel: 'Delete with dependents',
      destructive: true,
    })
    if (!again) return false
    await drop(true)
  }
  await refreshForeignData(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted foreign server ${s.name}`)
  return true
}
