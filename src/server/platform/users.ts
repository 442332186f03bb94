/**
 * Who makes a request. Self-hosted, every request is the one user, SELF_HOSTED_USER. A studio started for
 * tests may know more users: a request names one with the STUDIO_USER_HEADER header (its id), so tests can
 * check ownership rules with two users. `npm start` never sets them, so the header means nothing there.
 */
import type { FastifyRequest } from 'fastify'
import type { Profile } from '../../shared/content'
import { SELF_HOSTED_USER } from '../../shared/content'
import type { Grant } from '../../shared/permissions'
import { badRequest } from '../errors'

export const STUDIO_USER_HEADER = 'x-studio-user'

/** A user: the self-hosted one, or another of a studio started for tests; `grants` default to the studio's. */
export interface StudioUser {
  id: number
  username: string
  grants?: Grant[]
}

/** The self-hosted user: every session and the automation token act as this one. */
export const SELF_USER_ID = SELF_HOSTED_USER.id
const SELF: StudioUser = { id: SELF_USER_ID, username: SELF_HOSTED_USER.username }

export class Users {
  readonly all: readonly StudioUser[]

  constructor(private readonly others: readonly StudioUser[] = []) {
    this.all = [SELF, ...others]
  }

  /** The request's user: the one named by the header when this studio has test users, else the self-hosted one. */
  of(request: FastifyRequest): StudioUser {
    const named = request.headers[STUDIO_USER_HEADER]
    if (!this.others.length || named === undefined) return SELF
    const user = this.all.find((u) => String(u.id) === named)
    if (!user) throw badRequest(`Unknown user ${String(named)}`)
    return user
  }
}

export function profileOf(user: StudioUser): Profile {
  return user.id === SELF_HOSTED_USER.id
    ? { ...SELF_HOSTED_USER }
    : { id: user.id, username: user.username, primary_email: `${user.username}@localhost` }
}
