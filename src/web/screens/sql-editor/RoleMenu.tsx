import { useSnapshot } from 'valtio'
import { UserRound } from 'lucide-react'
import { press } from '../../commands-run'
import { openPalette } from '../../model/app/palette'
import { IMPERSONATION_ROLES, roleState } from '../../model/project/role'
import { Button, DropdownMenu, MenuCheckboxItem, MenuItem, MenuLabel, MenuSeparator } from '../../ui'

const HINTS = { postgres: 'RLS does not apply', anon: 'not signed in', authenticated: 'signed in' } as const

/** Which role the editor's queries run as (the same choice as the table editor's). */
export function RoleMenu() {
  const { role, sub } = useSnapshot(roleState)
  const impersonating = role !== 'postgres'
  return (
    <DropdownMenu
      align="end"
      trigger={
        <Button size="sm" variant={impersonating ? 'primary' : 'default'} icon={<UserRound size={14} />}>
          {impersonating ? `As ${role}${sub ? ' (user)' : ''}` : 'Role: postgres'}
        </Button>
      }
    >
      <MenuLabel>Run queries as</MenuLabel>
      {IMPERSONATION_ROLES.map((r) => (
        <MenuCheckboxItem key={r} checked={r === role} onCheckedChange={() => press('sql.role.set', { role: r })}>
          {r} <span className="sql-muted">· {HINTS[r]}</span>
        </MenuCheckboxItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={() => openPalette('sql.role.set')}>A given user (authenticated)…</MenuItem>
    </DropdownMenu>
  )
}
