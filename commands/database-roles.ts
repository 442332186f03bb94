/**
 * Database roles (spec 3 Role, spec 6): create, change and drop roles; the grantable flags (login, create
 * roles, create databases) can be switched, the others are read-only. System, reserved and pg_* roles and
 * superusers are refused with the reason. Lives on /project/{ref}/database/roles. The bodies are in
 * database-roles.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { Role } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { GRANTABLE_ROLE_FLAGS, ROLE_FLAG_LABELS, RoleCreateBody, roleReadonlyReason } from '../src/shared/roles'
import { rolesQuery } from '../src/web/model/database/roles/roles-data'

const load = () => import('./database-roles.run')

const AREA = 'database'

const onRolesPage = (ctx: CommandContext) => ctx.route.matches('database.roles')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change roles')

/** The roles, read again from the database when `fresh`. */
export function roles(ctx: CommandContext, fresh = false): Promise<Role[]> {
  const query = rolesQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
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
  run: lazyRun(load, 'refreshRolesList'),
})

export const SearchRolesArgs = z.object({ search: z.string() })

export const searchRoles = defineCommand({
  id: 'database.roles.search',
  title: 'Search roles',
  area: AREA,
  keywords: ['filter', 'find role'],
  args: SearchRolesArgs,
  argLabels: { search: 'Part of a role name (empty shows every role)' },
  when: onRolesPage,
  run: lazyRun(load, 'searchRoles'),
})

/** The one argument of a command on a role: picked from the roles users may change. */
export const pickRole = { args: z.object(roleArg), argOptions: { roleId: roleOptions }, argLabels: { roleId: 'Role' } }

export const openCreateRoleDialog = defineCommand({
  id: 'database.role.create-dialog.open',
  title: 'Create role',
  area: AREA,
  keywords: ['new role', 'add role', 'user', 'login'],
  when: onRolesPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreateRoleDialog'),
})

export const openEditRoleDialog = defineCommand({
  id: 'database.role.edit-dialog.open',
  title: 'Edit role',
  area: AREA,
  keywords: ['rename role', 'change role'],
  ...pickRole,
  when: onRolesPage,
  enabled: canWrite,
  run: lazyRun(load, 'openEditRoleDialog'),
})

export const CreateRoleArgs = z.object({ name: RoleCreateBody.shape.name, ...flagArgs, password: RoleCreateBody.shape.password })

export const createRole = defineCommand({
  id: 'database.role.create',
  title: 'Create role, field by field',
  area: AREA,
  keywords: ['new role', 'add role', 'user'],
  args: CreateRoleArgs,
  argLabels: { name: 'Role name', ...flagLabels, password: 'Password (login roles only)' },
  when: onRolesPage,
  enabled: canWrite,
  run: lazyRun(load, 'createRole'),
})

export const UpdateRoleArgs = z.object({ ...roleArg, name: RoleCreateBody.shape.name.optional(), ...flagArgs })

export const updateRole = defineCommand({
  id: 'database.role.update',
  title: 'Change role, field by field',
  area: AREA,
  keywords: ['rename role', 'edit role'],
  args: UpdateRoleArgs,
  argOptions: { roleId: roleOptions },
  argLabels: { roleId: 'Role', name: 'New name', ...flagLabels },
  when: onRolesPage,
  enabled: canWrite,
  run: lazyRun(load, 'updateRole'),
})

export const ToggleRoleFlagArgs = z.object({ ...roleArg, flag: z.enum(GRANTABLE_ROLE_FLAGS, { error: 'Pick a flag' }) })

export const toggleRoleFlag = defineCommand({
  id: 'database.role.flag.toggle',
  title: 'Toggle role flag',
  area: AREA,
  keywords: ['login', 'create role', 'create database', 'createdb', 'createrole', 'permission', 'switch'],
  args: ToggleRoleFlagArgs,
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
  run: lazyRun(load, 'toggleRoleFlag'),
})

export const deleteRole = defineCommand({
  id: 'database.role.delete',
  title: 'Delete role',
  area: AREA,
  keywords: ['drop role', 'remove role'],
  ...pickRole,
  when: onRolesPage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteRole'),
})
