/** The project's storage configuration (spec 3 Storage config), shared by the settings page and its command. */
import { queryOptions } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const storageConfigKey = keys.storageConfig

export function storageConfigQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: storageConfigKey(ref), queryFn: () => api.storageConfig(ref) })
}
