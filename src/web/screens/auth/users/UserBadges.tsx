import type { AuthUser } from '../../../../shared/auth'
import { userBadges, type UserBadge } from '../../../model/auth/users-rules'
import { Badge, type BadgeTone } from '../../../ui'

const TONES: Record<UserBadge, BadgeTone> = { unconfirmed: 'warning', banned: 'danger', anonymous: 'info' }
const LABELS: Record<UserBadge, string> = { unconfirmed: 'Unconfirmed', banned: 'Banned', anonymous: 'Anonymous' }

/** The status badges of a user: unconfirmed, banned, anonymous. */
export function UserBadges({ user }: { user: AuthUser }) {
  return (
    <>
      {userBadges(user).map((b) => (
        <Badge key={b} tone={TONES[b]}>
          {LABELS[b]}
        </Badge>
      ))}
    </>
  )
}
