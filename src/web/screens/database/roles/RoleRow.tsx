import { Ellipsis, Lock, Pencil, Trash2 } from 'lucide-react'
import type { Role } from '../../../../shared/api'
import { FIXED_ROLE_FLAGS, GRANTABLE_ROLE_FLAGS, ROLE_FLAG_LABELS } from '../../../../shared/roles'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Badge, DropdownMenu, MenuItem, MenuSeparator, Switch, Tooltip } from '../../../ui'

interface RoleRowProps {
  role: Role
  /** why the role is read-only (system, reserved, pg_*, superuser), or null */
  lockedReason: string | null
}

/** A read-only flag: a badge when set, a faint "No" otherwise. */
function FlagValue({ on, strong }: { on: boolean; strong?: boolean }) {
  return on ? <Badge tone={strong ? 'warning' : 'accent'}>Yes</Badge> : <span className="roles-flag-off">No</span>
}

/** One role: name, the six flags (the grantable ones as switches when it can change), connection limit, actions. */
export function RoleRow({ role, lockedReason }: RoleRowProps) {
  const editable = lockedReason === null
  // every change to a role needs the same permission: the reason of any of its commands
  const permissionReason = useCommandReason('database.role.update')
  return (
    <div className="db-row roles-row" role="row" aria-label={role.name}>
      <span className="db-cell roles-cell--name" role="rowheader">
        <span className="db-name" title={role.name}>
          {role.name}
        </span>
      </span>
      {GRANTABLE_ROLE_FLAGS.map((flag) => (
        <span key={flag} className="db-cell roles-cell--flag" role="cell">
          {editable ? (
            <Switch
              checked={role[flag]}
              label={`${ROLE_FLAG_LABELS[flag]}: ${role.name}`}
              disabled={permissionReason !== null}
              title={permissionReason ?? undefined}
              onCheckedChange={() => press('database.role.flag.toggle', { roleId: role.id, flag })}
            />
          ) : (
            <FlagValue on={role[flag]} />
          )}
        </span>
      ))}
      {FIXED_ROLE_FLAGS.map((flag) => (
        <span key={flag} className="db-cell roles-cell--flag" role="cell">
          <FlagValue on={role[flag]} strong={flag === 'is_superuser'} />
        </span>
      ))}
      <span className="db-cell roles-cell--limit" role="cell">
        {role.connection_limit < 0 ? <span className="roles-flag-off">No limit</span> : role.connection_limit}
      </span>
      <span className="db-cell db-cell--actions" role="cell">
        {lockedReason ? (
          <Tooltip content={lockedReason} side="left">
            <span className="roles-lock" tabIndex={0} aria-label={`Locked: ${lockedReason}`}>
              <Lock size={14} />
            </span>
          </Tooltip>
        ) : (
          <DropdownMenu
            align="end"
            trigger={
              <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${role.name}`}>
                <Ellipsis size={14} />
              </button>
            }
          >
            <MenuItem icon={<Pencil size={14} />} disabled={permissionReason !== null} onSelect={() => press('database.role.edit-dialog.open', { roleId: role.id })}>
              Edit role
            </MenuItem>
            <MenuSeparator />
            <MenuItem icon={<Trash2 size={14} />} danger disabled={permissionReason !== null} onSelect={() => press('database.role.delete', { roleId: role.id })}>
              Delete role
            </MenuItem>
          </DropdownMenu>
        )}
      </span>
    </div>
  )
}
