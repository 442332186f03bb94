/**
 * Pure rules of the Users page: a user's badges, provider and name in lists, the ban durations offered,
 * what the delete confirmation asks to be typed, and the listing a URL search stands for.
 */
import type { AuthUser } from '../../../shared/auth'
import type { UsersListing } from './users-keys'
import type { UsersSearch } from './users-search'

export type UserBadge = 'unconfirmed' | 'banned' | 'anonymous'

/** Whether a ban is in force at `now`. */
export function isBanned(user: Pick<AuthUser, 'banned_until'>, now = Date.now()): boolean {
  return user.banned_until !== null && Date.parse(user.banned_until) > now
}

/** The badges a row shows: anonymous users are not "unconfirmed" (they have nothing to confirm). */
export function userBadges(user: AuthUser, now = Date.now()): UserBadge[] {
  const badges: UserBadge[] = []
  if (user.is_anonymous) badges.push('anonymous')
  else if (!user.email_confirmed_at && !user.phone_confirmed_at) badges.push('unconfirmed')
  if (isBanned(user, now)) badges.push('banned')
  return badges
}

/** The providers a user signs in with ('email', 'github'…), or 'anonymous'. */
export function userProviders(user: AuthUser): string[] {
  if (user.is_anonymous) return ['anonymous']
  const listed = user.app_metadata.providers ?? (user.app_metadata.provider ? [user.app_metadata.provider] : [])
  return listed.length ? [...listed] : [...new Set(user.identities.map((i) => i.provider))]
}

/** How a user is named in lists, titles and the palette: the email, else the phone, else the id. */
export function userLabel(user: Pick<AuthUser, 'email' | 'phone' | 'id' | 'is_anonymous'>): string {
  return user.email || user.phone || (user.is_anonymous ? `Anonymous user ${user.id.slice(0, 8)}` : user.id)
}

/** What the delete confirmation asks to be typed: the email, or the id for a user without one. */
export function deleteConfirmText(user: Pick<AuthUser, 'email' | 'id'>): string {
  return user.email || user.id
}

/** The ban durations offered (GoTrue's ban_duration), longest last; 'none' lifts a ban. */
export const BAN_DURATIONS = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '168h', label: '7 days' },
  { value: '720h', label: '30 days' },
  { value: '876000h', label: 'Permanently (100 years)' },
] as const

/** The listing the page's URL search stands for, each absent field at its default. */
export function listingOf(search: UsersSearch): UsersListing {
  return {
    search: search.search?.trim() ?? '',
    filter: search.filter ?? 'all',
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
  }
}

export const FILTER_LABELS = { all: 'All users', verified: 'Verified users', unverified: 'Unverified users', anonymous: 'Anonymous users' } as const
export const SORT_LABELS = { created_at: 'Created at', email: 'Email', last_sign_in_at: 'Last sign in' } as const

/** A timestamp as the list shows it: date and time in the browser's locale, or '—'. */
export function shownTime(iso: string | null): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}
