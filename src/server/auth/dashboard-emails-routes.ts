/**
 * GET /platform/auth/{ref}/emails (src/shared/contract/auth-emails.ts): the project's outbox, newest first,
 * paged by `before`. It needs project_auth:all like the other Authentication settings items (spec 6): the
 * mails hold live sign-in links.
 */
import type { FastifyInstance } from 'fastify'
import { authEmails as e } from '../../shared/contract/auth-emails'
import { MSG } from '../../shared/messages'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import { route } from '../route'
import type { AuthAdmin } from './admin-api'

export function authEmailsRoutes(app: FastifyInstance, auth: AuthAdmin, permissions: Permissions): void {
  const gate = { preHandler: [permissions.require('projectAuthAll', MSG.noPermission('read the emails of authentication')), knownProject] }
  route(app, e.authOutbox, gate, ({ params, query }) => auth.outbox(params.ref, { limit: query.limit, before: query.before }))
}
