/**
 * The Users page's server data: the list a page at a time (USERS_PAGE_SIZE users, the page asked for by the
 * rows in view, so the list jumps anywhere in 100,000 users without loading what lies between), one user
 * with sessions and factors, the users count, and the writes, each refreshing every users query after.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { AuthUsersPage } from '../../../shared/auth'
import { authUsers as e, type CreateAuthUserBody } from '../../../shared/contract/auth-users'
import type { Api } from '../../data/api'
import { usersKeys, type UsersListing } from './users-keys'

export const USERS_PAGE_SIZE = 100

export function usersPageQuery(api: Api, ref: string, listing: UsersListing, page: number) {
  return queryOptions({
    queryKey: usersKeys.page(ref, listing, page),
    queryFn: (): Promise<AuthUsersPage> =>
      api.call(e.authUsers, {
        params: { ref },
        query: { page, per_page: USERS_PAGE_SIZE, search: listing.search || undefined, filter: listing.filter, sort: listing.sort, order: listing.order },
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })
}

export function userQuery(api: Api, ref: string, id: string) {
  return queryOptions({ queryKey: usersKeys.user(ref, id), queryFn: () => api.call(e.authUser, { params: { ref, id } }) })
}

export function usersCountQuery(api: Api, ref: string) {
  return queryOptions({
    queryKey: usersKeys.count(ref),
    queryFn: async () => (await api.call(e.authUsersCount, { params: { ref } })).count,
  })
}

/** Users changed: every list page, panel and count of the project reads the server again. */
export function refreshUsers(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: usersKeys.all(ref), refetchType: 'all' })
}

/** The writes, by name (the commands call these, then refreshUsers). */
export const userWrites = {
  create: (api: Api, ref: string, body: CreateAuthUserBody) => api.call(e.createAuthUser, { params: { ref }, body }),
  invite: (api: Api, ref: string, email: string) => api.call(e.inviteAuthUser, { params: { ref }, body: { email } }),
  magicLink: (api: Api, ref: string, email: string) => api.call(e.sendMagicLink, { params: { ref }, body: { email } }),
  recovery: (api: Api, ref: string, email: string) => api.call(e.sendRecovery, { params: { ref }, body: { email } }),
  ban: (api: Api, ref: string, id: string, duration: string) => api.call(e.banAuthUser, { params: { ref, id }, body: { ban_duration: duration } }),
  signOut: (api: Api, ref: string, id: string) => api.call(e.signOutAuthUser, { params: { ref, id } }),
  remove: (api: Api, ref: string, id: string) => api.call(e.deleteAuthUser, { params: { ref, id } }),
  removeFactor: (api: Api, ref: string, id: string, factorId: string) => api.call(e.deleteAuthFactor, { params: { ref, id, factorId } }),
}
