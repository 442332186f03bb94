/** The bodies of database-types.ts's commands: enum changes through pg-meta, the page's filters through the URL. */
import type { z } from 'zod'
import { CommandError } from './registry'
import {
  currentTypesSchema, schemaEnums, type AddTypeValueArgs, type CreateTypeArgs, type DeleteTypeArgs, type pickType,
  type RenameTypeArgs, type RenameTypeValueArgs, type SearchTypesArgs, type SetTypesSchemaArgs,
} from './database-types'
import type { CommandContext } from '../src/web/model/app/context'
import { isProtectedSchema } from '../src/shared/constants'
import { endpoints as e } from '../src/shared/contract'
import type { PgType, TypeUpdateBody } from '../src/shared/contract/pg-meta-types'
import { MSG } from '../src/shared/messages'
import { refreshEnums } from '../src/web/model/database/types/types-data'
import { closeTypeDialog, openTypeDialog, typesState } from '../src/web/model/database/types/types-state'

/** The enum, fresh, refusing an unknown id and one of a platform schema. */
async function changeableType(ctx: CommandContext, id: number): Promise<PgType> {
  const found = (await schemaEnums(ctx, currentTypesSchema(ctx), true)).find((t) => t.id === id)
  if (!found) throw new CommandError(MSG.typeNotFound(id), 'invalid-args')
  if (isProtectedSchema(found.schema)) throw new CommandError(MSG.typeProtectedSchema(found.schema), 'disabled')
  return found
}

async function update(ctx: CommandContext, current: PgType, body: TypeUpdateBody, done: (t: PgType) => string): Promise<PgType> {
  const updated = await ctx.api.call(e.updateType, { params: { ref: ctx.ref }, query: { id: current.id }, body })
  await refreshEnums(ctx.queryClient, ctx.ref)
  ctx.toast.success(done(updated))
  return updated
}

export const refreshTypesList = async (ctx: CommandContext) => {
  await refreshEnums(ctx.queryClient, ctx.ref)
}

export const searchTypes = async (ctx: CommandContext, { search }: z.infer<typeof SearchTypesArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const setTypesSchema = (ctx: CommandContext, { schema }: z.infer<typeof SetTypesSchemaArgs>) => ctx.navigate({ search: { schema } })

export const openCreateTypeDialog = () => openTypeDialog({ kind: 'create' })

export const openEditTypeDialog = async (ctx: CommandContext, { type }: z.infer<typeof pickType.args>) => {
  await changeableType(ctx, type)
  openTypeDialog({ kind: 'edit', typeId: type })
}

export const openDeleteTypeDialog = async (ctx: CommandContext, { type }: z.infer<typeof pickType.args>) => {
  await changeableType(ctx, type)
  openTypeDialog({ kind: 'delete', typeId: type })
}

export const createType = async (ctx: CommandContext, { name, values }: z.infer<typeof CreateTypeArgs>) => {
  const created = await ctx.api.call(e.createType, {
    params: { ref: ctx.ref },
    body: { name, schema: currentTypesSchema(ctx), values: values.map((v) => v.trim()).filter(Boolean) },
  })
  await refreshEnums(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Created type ${created.name}`)
  return created
}

export const renameType = async (ctx: CommandContext, { type, name }: z.infer<typeof RenameTypeArgs>) => {
  const current = await changeableType(ctx, type)
  if (name === current.name) {
    ctx.toast.info(`Type ${current.name} is unchanged`)
    return current
  }
  return update(ctx, current, { name }, (t) => `Renamed type ${current.name} to ${t.name}`)
}

export const addTypeValue = async (ctx: CommandContext, { type, value, position, neighbour }: z.infer<typeof AddTypeValueArgs>) => {
  const current = await changeableType(ctx, type)
  if (position !== 'end' && !neighbour) throw new CommandError(`Pick the value it goes ${position}`, 'invalid-args')
  const add = position === 'before' ? { value, before: neighbour } : position === 'after' ? { value, after: neighbour } : { value }
  return update(ctx, current, { add_value: add }, (t) => `Added ${value} to type ${t.name}`)
}

export const renameTypeValue = async (ctx: CommandContext, { type, value, to }: z.infer<typeof RenameTypeValueArgs>) => {
  const current = await changeableType(ctx, type)
  if (!current.enums.includes(value)) throw new CommandError(MSG.typeValueMissing(value), 'invalid-args')
  if (value === to) {
    ctx.toast.info(`Value ${value} is unchanged`)
    return current
  }
  return update(ctx, current, { rename_value: { from: value, to } }, (t) => `Renamed value ${value} to ${to} in type ${t.name}`)
}

export const deleteType = async (ctx: CommandContext, { type, confirmation, cascade }: z.infer<typeof DeleteTypeArgs>) => {
  const current = await changeableType(ctx, type)
  if (confirmation.trim() !== current.name) throw new CommandError(MSG.valueMismatch, 'invalid-args')
  await ctx.api.call(e.deleteType, { params: { ref: ctx.ref }, query: { id: type, ...(cascade && { cascade: true }) } })
  if (typesState.dialog && 'typeId' in typesState.dialog && typesState.dialog.typeId === type) closeTypeDialog()
  await refreshEnums(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted type ${current.name}${cascade ? ' and the columns of its type' : ''}`)
  return true
}
