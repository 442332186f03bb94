/**
 * The role-impersonation arguments that the grid's and the SQL editor's "run as role" commands share:
 * one schema, one pick list, one rule (only authenticated takes a user id).
 */
import { z } from 'zod'
import { IMPERSONATION_ROLES, setRole, type ImpersonationRole } from '../src/web/model/project/role'
import { CommandError } from './registry'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const roleArgs = z.object({
  role: z.enum(IMPERSONATION_ROLES, { error: `Role is one of ${IMPERSONATION_ROLES.join(', ')}` }),
  sub: z.string().trim().regex(UUID, 'The user id is a UUID').optional(),
})

export const roleArgOptions = {
  role: () => [
    { value: 'postgres', hint: 'the project’s own user: RLS does not apply' },
    { value: 'anon', hint: 'a visitor who is not signed in' },
    { value: 'authenticated', hint: 'a signed-in user' },
  ],
}

export const roleArgLabels = { role: 'Role', sub: 'User id (authenticated only; optional)' }

export const ROLE_KEYWORDS = ['impersonate', 'rls', 'anon', 'authenticated', 'postgres', 'user']

export function applyRole({ role, sub }: { role: ImpersonationRole; sub?: string }): void {
  if (sub && role !== 'authenticated') throw new CommandError('Only the authenticated role takes a user id', 'invalid-args')
  setRole(role, sub)
}
