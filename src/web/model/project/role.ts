/**
 * Which database role the table editor's queries run as (spec 6: role impersonation). 'postgres' is the
 * project's own user (no impersonation); anon and authenticated run under RLS, authenticated with an
 * optional user id that auth.uid() returns.
 */
import { proxy } from 'valtio'
import type { Impersonation } from '../../../shared/api'

export const IMPERSONATION_ROLES = ['postgres', 'anon', 'authenticated'] as const
export type ImpersonationRole = (typeof IMPERSONATION_ROLES)[number]

export const roleState = proxy({
  role: 'postgres' as ImpersonationRole,
  /** the user id (JWT sub) for 'authenticated' */
  sub: '' as string,
})

export function setRole(role: ImpersonationRole, sub = ''): void {
  roleState.role = role
  roleState.sub = role === 'authenticated' ? sub.trim() : ''
}

/** What the API calls take: undefined for the project's own user. */
export function impersonation(state: { role: ImpersonationRole; sub: string } = roleState): Impersonation | undefined {
  if (state.role === 'postgres') return undefined
  return { role: state.role, claims: state.sub ? { sub: state.sub, role: state.role } : { role: state.role } }
}

export function isImpersonating(): boolean {
  return roleState.role !== 'postgres'
}
