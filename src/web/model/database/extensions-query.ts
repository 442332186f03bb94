/**
 * The database's extensions, available and installed: the Extensions page lists them, and the Database
 * menu shows Webhooks only while pg_net is installed. Enabling or disabling one refreshes this key.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { endpoints as e } from '../../../shared/contract'
import type { Api } from '../../data/api'
import { keys } from '../project/keys'

export function extensionsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: keys.extensions(ref), queryFn: () => api.call(e.extensions, { params: { ref } }) })
}

export function refreshExtensions(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.extensions(ref), refetchType: 'all' })
}

/** The names of the installed extensions. */
export function installedExtensions(list: readonly { name: string; installed_version: string | null }[] | undefined): Set<string> {
  return new Set((list ?? []).filter((x) => x.installed_version).map((x) => x.name))
}
