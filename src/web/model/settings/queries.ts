/** Project settings → API: the project's URLs and keys. */
import { queryOptions } from '@tanstack/react-query'
import type { Api } from '../../data/api'
import { keys } from '../project/keys'

export function apiSettingsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: keys.apiSettings(ref), queryFn: () => api.apiSettings(ref) })
}
