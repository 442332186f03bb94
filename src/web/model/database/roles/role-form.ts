/** The role dialog's form, validated with the API's own schema and messages. */
import { z } from 'zod'
import type { Role } from '../../../../shared/api'
import { RoleCreateBody } from '../../../../shared/roles'

export const RoleForm = z.object({
  name: RoleCreateBody.shape.name,
  can_login: z.boolean(),
  can_create_role: z.boolean(),
  can_create_db: z.boolean(),
  /** empty: no password */
  password: z.string().max(1024, 'A password can be at most 1024 characters'),
})
type RoleFormValues = z.input<typeof RoleForm>

export function roleFormDefaults(role?: Role): RoleFormValues {
  return {
    name: role?.name ?? '',
    can_login: role?.can_login ?? false,
    can_create_role: role?.can_create_role ?? false,
    can_create_db: role?.can_create_db ?? false,
    password: '',
  }
}

/** The create command's arguments: a password only for a login role, and only when given. */
export function createArgs({ password, ...values }: z.output<typeof RoleForm>) {
  return values.can_login && password ? { ...values, password } : values
}

export const FLAG_HINTS = {
  can_login: 'The role can connect to the database: a user or an app, rather than a group of privileges.',
  can_create_role: 'The role can create, change and drop other roles.',
  can_create_db: 'The role can create new databases.',
} as const
