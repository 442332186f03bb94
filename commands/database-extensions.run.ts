/** The bodies of database-extensions.ts's commands: extension changes through pg-meta, then the lists again. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { dependsOn } from './grid-args'
import {
  extensions, type DisableExtensionArgs, type EnableDialogArgs, type EnableExtensionArgs, type FilterExtensionsArgs,
  type MoveExtensionArgs, type SearchExtensionsArgs, type UpdateExtensionArgs,
} from './database-extensions'
import type { CommandContext } from '../src/web/model/app/context'
import type { Extension } from '../src/shared/api'
import { endpoints as e } from '../src/shared/contract'
import { MSG } from '../src/shared/messages'
import { isLockedExtension, refreshExtensions } from '../src/web/model/database/extensions/extensions-data'
import { openEnableDialog } from '../src/web/model/database/extensions/extensions-state'

/** The extension, fresh, refusing a name the database does not offer. */
async function extension(ctx: CommandContext, name: string): Promise<Extension> {
  const found = (await extensions(ctx, true)).find((x) => x.name === name)
  if (!found) throw new CommandError(MSG.extensionNotAvailable(name), 'invalid-args')
  return found
}

export const refreshExtensionsList = async (ctx: CommandContext) => {
  await refreshExtensions(ctx.queryClient, ctx.ref)
}

export const searchExtensions = async (ctx: CommandContext, { search }: z.infer<typeof SearchExtensionsArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const filterExtensionsList = async (ctx: CommandContext, { filter }: z.infer<typeof FilterExtensionsArgs>) => {
  await ctx.navigate({ search: (prev) => ({ ...prev, filter: filter === 'all' ? undefined : filter }), replace: true })
}

export const openEnableExtensionDialog = async (ctx: CommandContext, { name }: z.infer<typeof EnableDialogArgs>) => {
  const x = await extension(ctx, name)
  if (x.installed_version) throw new CommandError(MSG.extensionAlreadyEnabled(x.name, x.schema ?? ''), 'disabled')
  openEnableDialog(name)
}

export const enableExtension = async (ctx: CommandContext, { name, schema, version, cascade }: z.infer<typeof EnableExtensionArgs>) => {
  const x = await extension(ctx, name)
  if (x.installed_version) throw new CommandError(MSG.extensionAlreadyEnabled(x.name, x.schema ?? ''), 'disabled')
  const enabled = await ctx.api.call(e.createExtension, { params: { ref: ctx.ref }, body: { name, schema, version, cascade } })
  await refreshExtensions(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Enabled extension ${name} (version ${enabled.installed_version}) in schema ${enabled.schema}`)
  return enabled
}

export const disableExtension = async (ctx: CommandContext, { name, cascade }: z.infer<typeof DisableExtensionArgs>) => {
  const x = await extension(ctx, name)
  if (!x.installed_version) throw new CommandError(MSG.extensionNotEnabled(name), 'disabled')
  if (isLockedExtension(name)) throw new CommandError(MSG.extensionPlpgsql, 'disabled')
  const sure = await ctx.confirm({
    title: `Disable extension ${name}`,
    description: cascade
      ? `The extension ${name} is dropped from schema ${x.schema}. ${MSG.extensionCascadeWarning}`
      : `The extension ${name} is dropped from schema ${x.schema}. If other objects depend on it, you are asked again before they are dropped too (CASCADE).`,
    confirmLabel: 'Disable extension',
    destructive: true,
  })
  if (!sure) return false
  const drop = (withCascade: boolean) => ctx.api.call(e.deleteExtension, { params: { ref: ctx.ref }, query: { id: name, cascade: withCascade } })
  try {
    await drop(cascade ?? false)
  } catch (err) {
    if (cascade || !dependsOn(err)) throw err
    const again = await ctx.confirm({
      title: `Other objects depend on ${name}`,
      description: `${(err as Error).message}. ${MSG.extensionCascadeWarning}`,
      confirmLabel: 'Disable with dependents',
      destructive: true,
    })
    if (!again) return false
    await drop(true)
  }
  await refreshExtensions(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Disabled extension ${name}`)
  return true
}

export const updateExtension = async (ctx: CommandContext, { name, version }: z.infer<typeof UpdateExtensionArgs>) => {
  const x = await extension(ctx, name)
  if (!x.installed_version) throw new CommandError(MSG.extensionNotEnabled(name), 'disabled')
  const updated = await ctx.api.call(e.updateExtension, { params: { ref: ctx.ref }, query: { id: name }, body: { update: true, version } })
  await refreshExtensions(ctx.queryClient, ctx.ref)
  ctx.toast.success(updated.installed_version === x.installed_version ? `Extension ${name} is already at version ${x.installed_version}` : `Updated extension ${name} to version ${updated.installed_version}`)
  return updated
}

export const moveExtension = async (ctx: CommandContext, { name, schema }: z.infer<typeof MoveExtensionArgs>) => {
  const x = await extension(ctx, name)
  if (!x.installed_version) throw new CommandError(MSG.extensionNotEnabled(name), 'disabled')
  const moved = await ctx.api.call(e.updateExtension, { params: { ref: ctx.ref }, query: { id: name }, body: { schema } })
  await refreshExtensions(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Moved extension ${name} to schema ${moved.schema}`)
  return moved
}
