import { memo } from 'react'
import { Ban, KeyRound, LogOut, MoreHorizontal, PanelRight, ShieldCheck, Trash2, WandSparkles } from 'lucide-react'
import type { AuthUser } from '../../../../shared/auth'
import { press } from '../../../commands-run'
import { focusUser } from '../../../model/auth/users-state'
import { isBanned, shownTime, userLabel, userProviders } from '../../../model/auth/users-rules'
import { DropdownMenu, MenuItem, MenuSeparator, cx } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { UserBadges } from './UserBadges'

interface UserRowProps {
  user: AuthUser
  /** the row's position in the grid (the heading is row 1) */
  rowIndex: number
  focused: boolean
  open: boolean
}

/** One user: a click opens the panel; the menu holds the actions on the user. */
export const UserRow = memo(function UserRow({ user, rowIndex, focused, open }: UserRowProps) {
  const label = userLabel(user)
  return (
    <div
      id={`user-row-${user.id}`}
      className={cx('users-row', focused && 'users-row--focused', open && 'users-row--open')}
      role="row"
      aria-rowindex={rowIndex}
      aria-selected={open}
      data-user-id={user.id}
      onClick={() => {
        focusUser(user.id)
        press('auth.user.open', { userId: user.id })
      }}
    >
      <span className="users-cell users-cell--email" role="gridcell">
        <span className={cx('users-email', !user.email && 'users-muted')} title={label}>
          {user.email ?? (user.is_anonymous ? 'Anonymous' : '—')}
        </span>
        <UserBadges user={user} />
      </span>
      <span className="users-cell users-cell--phone" role="gridcell">
        {user.phone || <span className="users-muted">—</span>}
      </span>
      <span className="users-cell users-cell--provider" role="gridcell">
        {userProviders(user).join(', ') || <span className="users-muted">—</span>}
      </span>
      <span className="users-cell users-cell--time" role="gridcell">{shownTime(user.created_at)}</span>
      <span className="users-cell users-cell--time" role="gridcell">
        {user.last_sign_in_at ? shownTime(user.last_sign_in_at) : <span className="users-muted">Never</span>}
      </span>
      <span className="users-cell users-cell--actions" role="gridcell" onClick={(e) => e.stopPropagation()}>
        <UserMenu user={user} label={label} />
      </span>
    </div>
  )
})

function UserMenu({ user, label }: { user: AuthUser; label: string }) {
  const reason = useCommandReason('auth.user.delete-dialog.open')
  const userId = user.id
  const banned = isBanned(user)
  return (
    <DropdownMenu
      align="end"
      trigger={
        <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button users-menu" aria-label={`Actions for ${label}`}>
          <MoreHorizontal size={16} />
        </button>
      }
    >
      <MenuItem icon={<PanelRight size={14} />} onSelect={() => press('auth.user.open', { userId })}>
        View user details
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={<WandSparkles size={14} />} disabled={!user.email || reason !== null} onSelect={() => press('auth.user.magic-link.send', { userId })}>
        Send magic link
      </MenuItem>
      <MenuItem icon={<KeyRound size={14} />} disabled={!user.email || reason !== null} onSelect={() => press('auth.user.recovery.send', { userId })}>
        Send password recovery
      </MenuItem>
      <MenuItem icon={<LogOut size={14} />} disabled={reason !== null} onSelect={() => press('auth.user.sign-out', { userId })}>
        Sign out of all sessions
      </MenuItem>
      {banned ? (
        <MenuItem icon={<ShieldCheck size={14} />} disabled={reason !== null} onSelect={() => press('auth.user.unban', { userId })}>
          Unban user
        </MenuItem>
      ) : (
        <MenuItem icon={<Ban size={14} />} disabled={reason !== null} onSelect={() => press('auth.user.ban-dialog.open', { userId })}>
          Ban user
        </MenuItem>
      )}
      <MenuSeparator />
      <MenuItem icon={<Trash2 size={14} />} danger disabled={reason !== null} onSelect={() => press('auth.user.delete-dialog.open', { userId })}>
        Delete user
      </MenuItem>
    </DropdownMenu>
  )
}
