/** The Users page's URL search: the search text, filter, sort and order, and the user whose panel is open. */
import { z } from 'zod'
import { AUTH_USER_FILTERS, AUTH_USER_SORTS } from '../../../shared/auth'

export const usersSearchSchema = z.object({
  /** matched against email, phone and id */
  search: z.coerce.string().max(320).optional().catch(undefined),
  filter: z.enum(AUTH_USER_FILTERS).optional().catch(undefined),
  sort: z.enum(AUTH_USER_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  /** the user whose panel is open */
  user: z.string().uuid().optional().catch(undefined),
})
export type UsersSearch = z.output<typeof usersSearchSchema>
