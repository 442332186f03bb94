/**
 * Database roles (spec 3 Role, spec 6): which flags the dashboard may grant, which roles it must not
 * touch, and the bodies of the role calls.
 */
import { z } from 'zod'
import { RESERVED_ROLES, SYSTEM_ROLES } from './constants'
import { MSG } from './messages'

/** Flags the dashboard may change. */
export const GRANTABLE_ROLE_FLAGS = ['can_login', 'can_create_role', 'can_create_db'] as const
/** Flags shown read-only. */
export const FIXED_ROLE_FLAGS = ['can_bypass_rls', 'is_superuser', 'is_replication_role'] as const
export type GrantableRoleFlag = (typeof GRANTABLE_ROLE_FLAGS)[number]

export const ROLE_FLAG_LABELS: Record<GrantableRoleFlag | (typeof FIXED_ROLE_FLAGS)[number], string> = {
  can_login: 'Can login',
  can_create_role: 'Can create roles',
  can_create_db: 'Can create databases',
  can_bypass_rls: 'Bypass RLS',
  is_superuser: 'Superuser',
  is_replication_role: 'Replication',
}

/** System roles (anon, authenticated…), reserved roles (postgres, pgbouncer…) and Postgres' own pg_* roles. */
export function isProtectedRole(name: string): boolean {
  return (
    (SYSTEM_ROLES as readonly string[]).includes(name) ||
    (RESERVED_ROLES as readonly string[]).includes(name) ||
    name.startsWith('pg_')
  )
}

const roleName = z
  .string()
  .trim()
  .min(1, 'Please provide a name for the role')
  .max(63, 'A role name can be at most 63 characters')
  .refine((name) => !isProtectedRole(name), { message: 'This name is reserved for a system role' })

const flags = {
  can_login: z.boolean().optional(),
  can_create_role: z.boolean().optional(),
  can_create_db: z.boolean().optional(),
}

/** A login role's password: sent once when the role is created, never answered back. */
const password = z.string().min(1, 'A password cannot be empty').max(1024, 'A password can be at most 1024 characters')

export const RoleCreateBody = z.object({ name: roleName, ...flags, password: password.optional() }).strict()
export type RoleCreateBody = z.input<typeof RoleCreateBody>
/** A rename and the grantable flags; the others cannot be set from the dashboard. */
export const RoleUpdateBody = z.object({ name: roleName.optional(), ...flags }).strict()
export type RoleUpdateBody = z.input<typeof RoleUpdateBody>
export const RoleIdQuery = z.object({ id: z.coerce.number().int().positive() })

/** Whether the dashboard may change or drop this role: protected names and superusers are read-only. */
export function roleReadonlyReason(role: { name: string; is_superuser: boolean }): string | null {
  if (isProtectedRole(role.name)) return MSG.roleProtected(role.name)
  if (role.is_superuser) return MSG.superuserProtected(role.name)
  return null
}
