/**
 * The auth configuration as the settings pages read it (one react-query key per project, secrets masked by
 * the server), the hook's function list, and the one write every settings command makes: a PATCH whose
 * answer replaces the cached configuration.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { AuthConfig, AuthConfigPatch } from '../../../shared/auth'
import { endpoints as e } from '../../../shared/contract'
import type { Api } from '../../data/api'

export const authConfigKeys = {
  config: (ref: string) => ['project', ref, 'auth', 'config'] as const,
  hookFunctions: (ref: string) => ['project', ref, 'auth', 'hook-functions'] as const,
}

export function authConfigQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: authConfigKeys.config(ref), queryFn: () => api.call(e.authConfig, { params: { ref } }) })
}

export function hookFunctionsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: authConfigKeys.hookFunctions(ref), queryFn: () => api.call(e.authHookFunctions, { params: { ref } }) })
}

/** The configuration, read again from the server when `fresh` (a command acting on it), else as cached. */
export function readAuthConfig(api: Api, queryClient: QueryClient, ref: string, fresh = false): Promise<AuthConfig> {
  const query = authConfigQuery(api, ref)
  return fresh ? queryClient.fetchQuery({ ...query, staleTime: 0 }) : queryClient.ensureQueryData(query)
}

/** PATCHes the configuration; the answer (secrets masked) becomes the cached one. */
export async function writeAuthConfig(api: Api, queryClient: QueryClient, ref: string, patch: AuthConfigPatch): Promise<AuthConfig> {
  const saved = await api.call(e.updateAuthConfig, { params: { ref }, body: patch })
  queryClient.setQueryData(authConfigKeys.config(ref), saved)
  return saved
}
