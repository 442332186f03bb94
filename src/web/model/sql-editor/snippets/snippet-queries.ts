/**
 * react-query options for snippets, shared by the list (useQuery) and the commands (fetchQuery,
 * setQueryData), under the project's key so a project refresh reloads them too.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import type { Snippet, SnippetContent } from '../../../../shared/content'
import { keys } from '../../project/keys'

/** Who is signed in: the owner of what they create (self-hosted: the one user). */
export const profileQuery = (api: Api) =>
  queryOptions({ queryKey: keys.profile(), queryFn: () => api.profile(), staleTime: Infinity })

export const snippetsKey = keys.snippets

/** Every SQL snippet the user sees in the project: their own, and the shared ones. */
export const snippetsQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: snippetsKey(ref),
    queryFn: async (): Promise<Snippet[]> => (await api.contents<SnippetContent>(ref, 'sql')).data,
  })

/** Puts a created or changed snippet into the cached list at once (the list shows it before a refetch). */
export function cacheSnippet(queryClient: QueryClient, ref: string, snippet: Snippet): void {
  queryClient.setQueryData<Snippet[]>(snippetsKey(ref), (list) =>
    list ? [...list.filter((s) => s.id !== snippet.id), snippet] : [snippet],
  )
}

export function uncacheSnippets(queryClient: QueryClient, ref: string, ids: readonly string[]): void {
  queryClient.setQueryData<Snippet[]>(snippetsKey(ref), (list) => list?.filter((s) => !ids.includes(s.id)))
}
