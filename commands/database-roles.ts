/**
 * Database roles (spec 3 Role, spec 6): create, change and drop roles; the grantable flags (login, create
 * roles, create databases) can be switched, the others are read-only. System, reserved and pg_* roles and
 * superusers are refused with the reason. Lives on /project/{ref}/database/roles.
 */
import { z } from 'zod'
import { defineCommand, CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { Role } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { GRANTABLE_ROLE_FLAGS, ROLE_FLAG_LABELS, RoleCreateBody, roleReadonlyReason } from '../src/shared/roles'
import { refreshRoles, rolesQuery } from '../src/web/model/database/roles/roles-data'
import { openRoleDialog } from '../src/web/model/database/roles/roles-state'

const AREA = 'database'

const onRolesPage = (ctx: CommandContext) => ctx.route.matches('database.roles')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change roles')

/** The roles, read again from the database when `fresh`. */
function roles(ctx: CommandContext, fresh = false): Promise<Role[]> {
  const query = rolesQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

/** The role, fresh, refusing an unknown id and one the dashboard may not change. */
async function changeableRole(ctx: CommandContext, id: number): Promise<Role> {
  const role = (await roles(ctx, true)).find((r) => r.id === id)
  if (!role) throw new CommandError(`There is no role with id ${id}: it may have been dropped meanwhile`, 'invalid-args')
  const reason = roleReadonlyReason(role)
  if (reason) throw new CommandError(reason, 'disabled')
  return role
}

const flagsHint = (role: Role) =>
  GRANTABLE_ROLE_FLAGS.filter((f) => role[f]).map((f) => ROLE_FLAG_LABELS[f].toLowerCase()).join(', ') || 'no grantable flags'

/** The roles that can be changed, by name. */
async function roleOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await roles(ctx)).filter((r) => !roleReadonlyReason(r)).map((r) => ({ value: String(r.id), label: r.name, hint: flagsHint(r) }))
}

const roleArg = { roleId: z.coerce.number({ error: 'Pick a role' }).int().positive('Pick a role') }
const flagArgs = {
  can_login: z.boolean().optional(),
  can_create_role: z.boolean().optional(),
  can_create_db: z.boolean().optional(),
}
const flagLabels = {
  can_login: ROLE_FLAG_LABELS.can_login,
  can_create_role: ROLE_FLAG_LABELS.can_create_role,
  can_create_db: ROLE_FLAG_LABELS.can_create_db,
}

export const refreshRolesList = defineCommand({
  id: 'database.roles.refresh',
  title: 'Refresh roles',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onRolesPage,
  run: async (ctx) => {
    await refreshRoles(ctx.queryClient, ctx.ref)
  },
})

export const searchRoles = defineCommand({
  id: 'database.roles.search',
  title: 'Search roles',
  area: AREA,
  keywords: ['filter', 'find role'],
  args: z.object({ search: z.string() }),
  argLabels: { search: 'Part of a role name (empty shows every role)' },
  when: onRolesPage,
  run: async (ctx, { search }) => {
    const text = search.trim()
    await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
  },
})

/** The one argument of a command on a role: picked from the roles users may change. */
const pickRole = { args: z.object(roleArg), argOptions: { roleId: roleOptions }, argLabels: { roleId: 'Role' } }

export const openCreateRoleDialog = defineCommand({
  id: 'database.role.create-dialog.open',
  title: 'Create role',
  area: AREA,
  keywords: ['new role', 'add role', 'user', 'login'],
  when: onRolesPage,
  enabled: canWrite,
  run: () => openRoleDialog({ kind: 'create' }),
})

export const openEditRoleDialog = defineCommand({
  id: 'database.role.edit-dialog.open',
  title: 'Edit role',
  area: AREA,
  keywords: ['rename role', 'change role'],
  ...pickRole,
  when: onRolesPage,
  enabled: canWrite,
  run: async (ctx, { roleId }) => {
    await changeableRole(ctx, roleId)
    openRoleDialog({ kind: 'edit', roleId })
  },
})

export const createRole = defineCommand({
  id: 'database.role.create',
  title: 'Create role, field by field',
  area: AREA,
  keywords: ['new role', 'add role', 'user'],
  args: z.object({ name: RoleCreateBody.shape.name, ...flagArgs, password: RoleCreateBody.shape.password }),
  argLabels: { name: 'Role name', ...flagLabels, password: 'Password (login roles only)' },
  when: onRolesPage,
  enabled: canWrite,
  run: async (ctx, args) => {
    if (args.password !== undefined && !args.can_login) {
      throw new CommandError('Only a role that can login uses a password', 'invalid-args')
    }
    const role = await ctx.api.createRole(ctx.ref, args)
    await refreshRoles(ctx.queryClient, ctx.ref)
    ctx.toast.success(`Created role ${role.name}`)
    return role
  },
})

export const updateRole = defineCommand({
  id: 'database.role.update',
  title: 'Change role, field by field',
  area: AREA,
  keywords: ['rename role', 'edit role'],
  args: z.object({ ...roleArg, name: RoleCreateBody.shape.name.optional(), ...flagArgs }),
  argOptions: { roleId: roleOptions },
  argLabels: { roleId: 'Role', name: 'New name', ...flagLabels },
  when: onRolesPage,
  enabled: canWrite,
  run: async (ctx, { roleId, ...changes }) => {
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
  },
})

export const toggleRoleFlag = defineCommand({
  id: 'database.role.flag.toggle',
  title: 'Toggle role flag',
  area: AREA,
  keywords: ['login', 'create role', 'create database', 'createdb', 'createrole', 'permission', 'switch'],
  args: z.object({ ...roleArg, flag: z.enum(GRANTABLE_ROLE_FLAGS, { error: 'Pick a flag' }) }),
  argOptions: {
    roleId: roleOptions,
    flag: async (ctx, sofar) => {
      const role = (await roles(ctx)).find((r) => r.id === Number(sofar.roleId))
      return GRANTABLE_ROLE_FLAGS.map((f) => ({ value: f, label: ROLE_FLAG_LABELS[f], hint: role ? (role[f] ? 'on: turn off' : 'off: turn on') : undefined }))
    },
  },
  argLabels: { roleId: 'Role', flag: 'Flag' },
  when: onRolesPage,
  enabled: canWrite,
  run: async (ctx, { roleId, flag }) => {
    const role = await changeableRole(ctx, roleId)
    const updated = await ctx.api.updateRole(ctx.ref, roleId, { [flag]: !role[flag] })
    await refreshRoles(ctx.queryClient, ctx.ref)
    ctx.toast.success(`${ROLE_FLAG_LABELS[flag]}: ${updated[flag] ? 'on' : 'off'} for ${role.name}`)
    return updated
  },
})

export const deleteRole = defineCommand({
  id: 'database.role.delete',
  title: 'Delete role',
  area: AREA,
  keywords: ['drop role', 'remove role'],
  ...pickRole,
  when: onRolesPage,
  enabled: canWrite,
  run: async (ctx, { roleId }) => {
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
  },
})
