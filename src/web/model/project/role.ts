/**
 * Which database role the table editor's queries run as (spec 6: role impersonation). 'postgres' is the
 * project's own user (no impersonation); anon and authenticated run under RLS, authenticated with an
 * optional user id that auth.uid() returns. The choice holds for the project for the browser session
 * (sessionStorage): switching tables, or loading a table's address, keeps it; another project has its own.
 */
import { proxy } from 'valtio'
import type { Impersonation } from '../../../shared/api'

export const IMPERSONATION_ROLES = ['postgres', 'anon', 'authenticated'] as const
export type ImpersonationRole = (typeof IMPERSONATION_ROLES)[number]

export const roleState = proxy({
  /** the project the choice belongs to ('' until one is opened) */
  ref: '',
  role: 'postgres' as ImpersonationRole,
  /** the user id (JWT sub) for 'authenticated' */
  sub: '' as string,
})

const sessionKey = (ref: string) => `studio.${ref}.role`

interface SavedRole {
  role: ImpersonationRole
  sub: string
}

/** sessionStorage, absent headless and possibly refusing in private modes: never fails. */
function readSaved(ref: string): SavedRole {
  try {
    const saved = JSON.parse(globalThis.sessionStorage?.getItem(sessionKey(ref)) ?? 'null') as Partial<SavedRole> | null
    const role = IMPERSONATION_ROLES.find((r) => r === saved?.role)
    if (role) return { role, sub: role === 'authenticated' && typeof saved?.sub === 'string' ? saved.sub : '' }
  } catch {
    // unreadable: the project's own user
  }
  return { role: 'postgres', sub: '' }
}

function writeSaved(ref: string, saved: SavedRole): void {
  try {
    if (saved.role === 'postgres') globalThis.sessionStorage?.removeItem(sessionKey(ref))
    else globalThis.sessionStorage?.setItem(sessionKey(ref), JSON.stringify(saved))
  } catch {
    // storage refused: the choice lasts until the page reloads
  }
}

/** The project whose role the queries use: its choice this session, or postgres. The same project keeps the current one. */
export function openProjectRole(ref: string): void {
  if (roleState.ref === ref) return
  const saved = readSaved(ref)
  roleState.ref = ref
  roleState.role = saved.role
  roleState.sub = saved.sub
}

export function setRole(role: ImpersonationRole, sub = ''): void {
  roleState.role = role
  roleState.sub = role === 'authenticated' ? sub.trim() : ''
  if (roleState.ref) writeSaved(roleState.ref, { role: roleState.role, sub: roleState.sub })
}

/** What the API calls take: undefined for the project's own user. */
export function impersonation(state: { role: ImpersonationRole; sub: string } = roleState): Impersonation | undefined {
  if (state.role === 'postgres') return undefined
  return { role: state.role, claims: state.sub ? { sub: state.sub, role: state.role } : { role: state.role } }
}

export function isImpersonating(): boolean {
  return roleState.role !== 'postgres'
}
