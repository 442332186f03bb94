/** A policy on the policies page: name, command, roles (three, then '+ N more roles'), USING and WITH CHECK. */
import { Pencil, Trash2 } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import type { Policy } from '../../../../shared/policies'
import type { CommandId } from '../../../../../commands/all'
import { press } from '../../../commands-run'
import { Badge, Button, DisabledReason } from '../../../ui'
import { useCommandReason } from '../../../useCan'

const ROLES_SHOWN = 3

function rolesLabel(roles: readonly string[]): { shown: string[]; more: string | null } {
  return { shown: roles.slice(0, ROLES_SHOWN), more: roles.length > ROLES_SHOWN ? MSG.moreRoles(roles.length - ROLES_SHOWN) : null }
}

interface PolicyRowProps {
  policy: Policy
  /** the commands its Edit and Delete press; the database policy editor's by default (the storage policies page passes its own) */
  commands?: { edit: CommandId; delete: CommandId }
}

export function PolicyRow({ policy, commands = { edit: 'policies.policy.edit', delete: 'policies.policy.delete' } }: PolicyRowProps) {
  const { shown, more } = rolesLabel(policy.roles)
  const editReason = useCommandReason(commands.edit)
  const deleteReason = useCommandReason(commands.delete)
  return (
    <li className="pol-row" data-policy={policy.name}>
      <div className="pol-row__main">
        <div className="pol-row__title">
          <span className="pol-row__name">{policy.name}</span>
          <Badge tone="info">{policy.command}</Badge>
          {policy.action === 'RESTRICTIVE' && <Badge tone="warning">restrictive</Badge>}
        </div>
        <div className="pol-row__roles">
          <span className="pol-muted">Applied to</span>
          {shown.map((r) => (
            <code key={r} className="pol-role">
              {r}
            </code>
          ))}
          {more && (
            <span className="pol-muted" title={policy.roles.slice(ROLES_SHOWN).join(', ')}>
              {more}
            </span>
          )}
        </div>
        {policy.definition !== null && <Expression label="USING" sql={policy.definition} />}
        {policy.check !== null && <Expression label="WITH CHECK" sql={policy.check} />}
      </div>
      <div className="pol-row__actions">
        <DisabledReason reason={editReason}>
          <Button size="sm" variant="ghost" icon={<Pencil size={13} />} aria-label={`Edit policy ${policy.name}`} disabled={editReason !== null} onClick={() => press(commands.edit, { policyId: policy.id })}>
            Edit
          </Button>
        </DisabledReason>
        <DisabledReason reason={deleteReason}>
          <Button size="sm" variant="ghost" icon={<Trash2 size={13} />} aria-label={`Delete policy ${policy.name}`} disabled={deleteReason !== null} onClick={() => press(commands.delete, { policyId: policy.id })}>
            Delete
          </Button>
        </DisabledReason>
      </div>
    </li>
  )
}

function Expression({ label, sql }: { label: string; sql: string }) {
  return (
    <div className="pol-expr">
      <span className="pol-expr__label">{label}</span>
      <code className="pol-expr__sql">{sql}</code>
    </div>
  )
}
