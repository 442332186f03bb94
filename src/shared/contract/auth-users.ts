/**
 * The Authentication → Users page's calls under /platform/auth/{ref} (the paths Supabase's own studio uses):
 * the users list (search, filter, sort, paged), one user with sessions and factors, create, invite, magic
 * link, recovery, ban (PATCH with GoTrue's ban_duration), sign out every session, delete, remove an MFA
 * factor, and the users count of Project overview. The server checks the studio user's permission, then
 * asks the project's auth service (src/server/auth/dashboard-users-routes.ts).
 */
import { z } from 'zod'
import { AuthUsersQuery, type AuthUser, type AuthUserDetail, type AuthUsersPage } from '../auth'
import { MSG } from '../messages'
import { endpoint, type } from './endpoint'

export const AUTH = '/platform/auth/:ref'
const USER = `${AUTH}/users/:id` as const

const email = z.string({ error: MSG.authEmailInvalid }).trim().toLowerCase().max(320, MSG.authEmailInvalid).email(MSG.authEmailInvalid)
const redirectTo = z.string().trim().url().max(2048).optional()

/** POST users: email and password; `email_confirm` confirms the address at once (the dashboard's Auto confirm). */
export const CreateAuthUserBody = z.object({
  email,
  password: z.string({ error: MSG.authPasswordRequired }).min(1, MSG.authPasswordRequired).max(1024),
  email_confirm: z.boolean().default(false),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
})
export type CreateAuthUserBody = z.input<typeof CreateAuthUserBody>

/** POST invite / magiclink / recover: to one email address. */
export const AuthEmailBody = z.object({ email, redirect_to: redirectTo })

/** GoTrue's ban_duration: hours, minutes or seconds ('24h', '30m'), or 'none' to lift the ban. */
export const BAN_DURATION = /^(none|[1-9]\d{0,6}(h|m|s))$/
export const BanAuthUserBody = z.object({
  ban_duration: z.string({ error: MSG.authBanDurationInvalid }).trim().regex(BAN_DURATION, MSG.authBanDurationInvalid),
})

type Ok = { message: string }

export const authUsers = {
  authUsers: endpoint({ method: 'GET', path: `${AUTH}/users`, query: AuthUsersQuery, response: type<AuthUsersPage>() }),
  /** how many users the project has (Project overview) */
  authUsersCount: endpoint({ method: 'GET', path: `${AUTH}/users/count`, response: type<{ count: number }>() }),
  authUser: endpoint({ method: 'GET', path: USER, response: type<AuthUserDetail>() }),
  createAuthUser: endpoint({ method: 'POST', path: `${AUTH}/users`, body: CreateAuthUserBody, response: type<AuthUser>() }),
  inviteAuthUser: endpoint({ method: 'POST', path: `${AUTH}/invite`, body: AuthEmailBody, response: type<AuthUser>() }),
  sendMagicLink: endpoint({ method: 'POST', path: `${AUTH}/magiclink`, body: AuthEmailBody, response: type<Ok>() }),
  sendRecovery: endpoint({ method: 'POST', path: `${AUTH}/recover`, body: AuthEmailBody, response: type<Ok>() }),
  /** ban for a duration, or lift the ban with 'none' */
  banAuthUser: endpoint({ method: 'PATCH', path: USER, body: BanAuthUserBody, response: type<AuthUser>() }),
  /** ends every session of the user */
  signOutAuthUser: endpoint({ method: 'POST', path: `${USER}/logout`, response: type<Ok>() }),
  deleteAuthUser: endpoint({ method: 'DELETE', path: USER, response: type<Ok>() }),
  deleteAuthFactor: endpoint({ method: 'DELETE', path: `${USER}/factors/:factorId`, response: type<Ok>() }),
}
