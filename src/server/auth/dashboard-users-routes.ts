/**
 * Authentication → Users under /platform/auth/{ref} (src/shared/contract/auth-users.ts): the studio user's
 * permission first (reading users needs what reading the project's tables needs, since auth.users is one;
 * changing them needs project_auth:all, spec 6), then the project, then the body; the project's auth service
 * does the rest. Its errors (GoTrue's: status, code, message) are answered with their status and message.
 */
import type { FastifyInstance } from 'fastify'
import { authUsers as e } from '../../shared/contract/auth-users'
import { MSG } from '../../shared/messages'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import { route } from '../route'
import type { AuthAdmin } from './admin-api'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A user or factor id from the path: a UUID, or a 400 before the service is asked. */
function uuid(value: string, what: 'user' | 'factor'): string {
  if (!UUID.test(value)) throw badRequest(`The ${what} id must be a UUID`)
  return value
}

/** The service's error (GoTrue's status, code and message) as the dashboard answers errors. */
async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    const status = (err as { status?: unknown; statusCode?: unknown }).status
    if (typeof status === 'number' && status >= 400 && status < 600 && (err as { statusCode?: unknown }).statusCode === undefined) {
      throw Object.assign(new Error((err as Error).message), { statusCode: status })
    }
    throw err
  }
}

export function authUsersRoutes(app: FastifyInstance, auth: AuthAdmin, permissions: Permissions): void {
  const read = { preHandler: [permissions.require('tenantSqlAdminRead'), knownProject] }
  const write = { preHandler: [permissions.require('projectAuthAll', MSG.noPermission('manage users')), knownProject] }
  const ok = (message: string) => ({ message })

  route(app, e.authUsers, read, ({ params, query }) => answer(auth.listUsers(params.ref, query)))
  route(app, e.authUsersCount, read, async ({ params }) => ({ count: await answer(auth.userCount(params.ref)) }))
  route(app, e.authUser, read, ({ params }) => answer(auth.user(params.ref, uuid(params.id, 'user'))))

  route(app, e.createAuthUser, write, ({ params, body }) =>
    answer(auth.createUser(params.ref, { email: body.email, password: body.password, autoConfirm: body.email_confirm, userMetadata: body.user_metadata })),
  )
  route(app, e.inviteAuthUser, write, ({ params, body }) => answer(auth.inviteUser(params.ref, body.email, body.redirect_to)))
  route(app, e.sendMagicLink, write, async ({ params, body }) => {
    await answer(auth.sendMagicLink(params.ref, body.email, body.redirect_to))
    return ok(`Sent a magic link to ${body.email}`)
  })
  route(app, e.sendRecovery, write, async ({ params, body }) => {
    await answer(auth.sendRecovery(params.ref, body.email, body.redirect_to))
    return ok(`Sent a password recovery email to ${body.email}`)
  })
  route(app, e.banAuthUser, write, ({ params, body }) => answer(auth.banUser(params.ref, uuid(params.id, 'user'), body.ban_duration)))
  route(app, e.signOutAuthUser, write, async ({ params }) => {
    await answer(auth.signOutUser(params.ref, uuid(params.id, 'user')))
    return ok('Signed the user out of every session')
  })
  route(app, e.deleteAuthUser, write, async ({ params }) => {
    await answer(auth.deleteUser(params.ref, uuid(params.id, 'user')))
    return ok('Deleted the user')
  })
  route(app, e.deleteAuthFactor, write, async ({ params }) => {
    await answer(auth.deleteFactor(params.ref, uuid(params.id, 'user'), uuid(params.factorId, 'factor')))
    return ok('Removed the factor')
  })
}
