/**
 * What the user may do here: a permission of spec 6 (re-rendered when the grants arrive or change), or
 * whether a command may run (its `enabled` reason, the one place each reason lives; see command-state.ts).
 */
import { useQuery } from '@tanstack/react-query'
import type { CommandId } from '../../commands/all'
import { useCommandState } from './command-state'
import { isGranted, type PermissionName } from '../shared/permissions'
import { useApi, useIsPlatform } from './commands-context'
import { permissionsQuery } from './model/project/project-queries'

function useGrants() {
  return useQuery(permissionsQuery(useApi(), useIsPlatform())).data
}

/** Whether the user holds a permission of spec 6 (false until the grants are known). */
export function useCan(permission: PermissionName): boolean {
  return isGranted(useGrants() ?? [], permission)
}

/** Why a command is disabled right now (its `enabled` reason), for a button to show; null when it may run. */
export function useCommandReason(id: CommandId): string | null {
  return useCommandState(id).reason
}
