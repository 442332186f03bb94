import { useQuery } from '@tanstack/react-query'
import { isGranted, type PermissionName } from '../../../../shared/permissions'
import { useApi, useIsPlatform } from '../../../commands-context'
import { permissionsQuery } from '../../../data/project-queries'

/** Whether the user holds a permission of spec 6 (false until the grants are known). */
export function useCan(permission: PermissionName): boolean {
  const grants = useQuery(permissionsQuery(useApi(), useIsPlatform())).data
  return isGranted(grants ?? [], permission)
}
