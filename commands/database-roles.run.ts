/**
 * The bodies of database-roles.ts's commands: role changes through pg-meta, refused with the reason for the
 * roles users may not change.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import {
  roles, type CreateRoleArgs, type pickRole, type SearchRolesArgs, type ToggleRoleFlagArgs, type UpdateRoleArgs,
} from './database-roles'
import type { CommandContext } from '../src/web/model/app/context'
import type { Role } from '../src/shared/api'
import { ROLE_FLAG_LABELS, roleReadonlyReason } from '../src/shared/roles'
import { refreshRoles } from '../src/web/model/database/roles/roles-data'
import { openRoleDialog } from '../src/web/model/database/roles/roles-state'

/** The role, fresh, refusing an unknown id and one the dashboard may not change. */
async function changeableRole(ctx: CommandContext, id: number): Promise<Role> {
  const role = (await roles(ctx, true)).find((r) => r.id === id)
  if (!role) throw new CommandError(`There is no role with id ${id}: it may have been dropped meanwhile`, 'invalid-args')
  const reason = roleReadonlyReason(role)
  if (reason) throw new CommandError(reason, 'disabled')
  return role
}

export const refreshRolesList = async (ctx: CommandContext) => {
  await refreshRoles(ctx.queryClient, ctx.ref)
}

export const searchRoles = async (ctx: CommandContext, { search }: z.infer<typeof SearchRolesArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const openCreateRoleDialog = () => openRoleDialog({ kind: 'create' })

export const openEditRoleDialog = async (ctx: CommandContext, { roleId }: z.infer<typeof pickRole.args>) => {
  await changeableRole(ctx, roleId)
  openRoleDialog({ kind: 'edit', roleId })
}

export const createRole = async (ctx: CommandContext, args: z.infer<typeof CreateRoleArgs>) => {
  if (args.password !== undefined && !args.can_login) {
    throw new CommandError('Only a role that can login uses a password', 'invalid-args')
  }
  const role = await ctx.api.createRole(ctx.ref, args)
  await refreshRoles(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Created role ${role.name}`)
  return role
}

export const updateRole = async (ctx: CommandContext, { roleId, ...changes }: z.infer<typeof UpdateRoleArgs>) => {
  const role = await changeableRole(ctx, roleId)
  const body = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && value !== role[key as keyof Role]),
  )
  if (Object.keys(body).length === 0) {
    ctx.toast.info(`Role ${role.name} is unchanged`)
    return role
  }
  const updated = await ctx.api.updateRole(ctx.ref, roleId, body)
  await refreshRoles(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Saved role ${updated.name}`)
  return updated
}

export const toggleRoleFlag = async (ctx: CommandContext, { roleId, flag }: z.infer<typeof ToggleRoleFlagArgs>) => {
  const role = await changeableRole(ctx, roleId)
  const updated = await ctx.api.updateRole(ctx.ref, roleId, { [flag]: !role[flag] })
  await refreshRoles(ctx.queryClient, ctx.ref)
  ctx.toast.success(`${ROLE_FLAG_LABELS[flag]}: ${updated[flag] ? 'on' : 'off'} for ${role.name}`)
  return updated
}

export const deleteRole = async (ctx: CommandContext, { roleId }: z.infer<typeof pickRole.args>) => {
  const role = await changeableRole(ctx, roleId)
  const sure = await ctx.confirm({
    title: `Delete role ${role.name}`,
    description: 'The role is dropped from the database server, for every database on it. A role that still owns objects or holds privileges cannot be dropped.',
    confirmLabel: 'Delete role',
    destructive: true,
  })
  if (!sure) return false
  await ctx.api.deleteRole(ctx.ref, roleId)
  await refreshRoles(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted role ${role.name}`)
  return true
}
