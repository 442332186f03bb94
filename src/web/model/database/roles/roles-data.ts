/**
 * The roles page's data, shared by the page and the commands: the roles query, the split into the roles
 * people created and the system ones, and the route's URL search (?search=).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { Role } from '../../../../shared/api'
import { isProtectedRole } from '../../../../shared/roles'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

/** The same key and data wherever roles are listed (the policy editor's role picker too). */
export const rolesKey = keys.roles

export function rolesQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: rolesKey(ref), queryFn: () => api.roles(ref) })
}

/** Roles changed: every list of them in the project (this page's, the policy editor's…) reads the database again. */
export function refreshRoles(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rolesKey(ref), refetchType: 'all' })
}

/** The roles route's URL search: part of a role name. */
export const rolesSearchSchema = z.object({ search: z.coerce.string().optional().catch(undefined) })

export interface RoleSections {
  /** created by people: editable unless superuser */
  user: Role[]
  /** system, reserved and pg_* roles: listed apart, read-only */
  system: Role[]
}

/** The roles matching the search (by name, case-insensitive), split into the two sections. */
export function roleSections(roles: readonly Role[], search: string): RoleSections {
  const needle = search.toLowerCase()
  const shown = needle ? roles.filter((r) => r.name.toLowerCase().includes(needle)) : roles
  return {
    user: shown.filter((r) => !isProtectedRole(r.name)),
    system: shown.filter((r) => isProtectedRole(r.name)),
  }
}
