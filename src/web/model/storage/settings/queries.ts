/** The project's storage configuration (spec 3 Storage config), shared by the settings page and its command. */
import { queryOptions } from '@tanstack/react-query'
import type { Api } from '../../../data/api'

export const storageConfigKey = (ref: string) => ['project', ref, 'storage', 'config'] as const

export function storageConfigQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: storageConfigKey(ref), queryFn: () => api.storageConfig(ref) })
}
