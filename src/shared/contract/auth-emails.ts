/**
 * The Authentication → Emails page's call (the project's outbox): every mail the auth service sent, or,
 * without SMTP, only kept, newest first, a page at a time. `before` is the created_at of the previous
 * page's last mail. Needs project_auth:all (src/server/auth/dashboard-emails-routes.ts).
 */
import { z } from 'zod'
import type { OutboxMail } from '../auth'
import { MSG } from '../messages'
import { endpoint, type } from './endpoint'

/** How many mails one page holds at most. */
export const OUTBOX_PAGE_MAX = 200

export const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OUTBOX_PAGE_MAX).catch(50).default(50),
  before: z.string().datetime({ offset: true, message: MSG.authOutboxBeforeInvalid }).optional(),
})
export type OutboxQuery = z.input<typeof OutboxQuery>

export const authEmails = {
  authOutbox: endpoint({ method: 'GET', path: '/platform/auth/:ref/emails', query: OutboxQuery, response: type<OutboxMail[]>() }),
}
