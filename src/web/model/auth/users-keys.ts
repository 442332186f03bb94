/**
 * The Users page's react-query keys, all under ['project', ref, 'auth', 'users'], so one invalidation after
 * a change refreshes the list's pages, the open user's panel and the users count alike.
 */
import type { AuthUserFilter, AuthUserSort } from '../../../shared/auth'

/** What a list shows: every page of one list shares it. */
export interface UsersListing {
  search: string
  filter: AuthUserFilter
  sort: AuthUserSort
  order: 'asc' | 'desc'
}

export const usersKeys = {
  all: (ref: string) => ['project', ref, 'auth', 'users'] as const,
  list: (ref: string, listing: UsersListing) => [...usersKeys.all(ref), 'list', listing] as const,
  page: (ref: string, listing: UsersListing, page: number) => [...usersKeys.list(ref, listing), page] as const,
  user: (ref: string, id: string) => [...usersKeys.all(ref), 'user', id] as const,
  count: (ref: string) => [...usersKeys.all(ref), 'count'] as const,
}
