/** Project settings → API: the project's URLs and keys. */
import { queryOptions } from '@tanstack/react-query'
import type { Api } from '../../data/api'

export function apiSettingsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: ['project', ref, 'settings', 'api'] as const, queryFn: () => api.apiSettings(ref) })
}
