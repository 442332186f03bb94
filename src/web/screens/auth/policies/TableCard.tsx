/**
 * One table on the policies page: a link to its grid, its RLS state and toggle, the spec-8 notice, its
 * policies. A protected schema's table is read-only (spec 6): 'Locked', with neither toggle nor new policy.
 */
import { Link } from '@tanstack/react-router'
import { Lock, Plus, ShieldAlert, ShieldOff, Table2 } from 'lucide-react'
import type { Table } from '../../../../shared/api'
import { isProtectedSchema } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import type { Policy } from '../../../../shared/policies'
import { paths } from '../../../../shared/routes'
import { press } from '../../../commands-run'
import { bindingFor } from '../../../model/app/keys/keymap'
import { Badge, Button, DisabledReason, Tooltip } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { PolicyRow } from './PolicyRow'

interface TableCardProps {
  projectRef: string
  table: Table
  policies: Policy[]
}

export function TableCard({ projectRef, table, policies }: TableCardProps) {
  const titleId = `pol-table-${table.id}`
  const locked = isProtectedSchema(table.schema)
  const notice = locked
    ? { icon: <Lock size={14} />, text: MSG.protectedSchema(table.schema), tone: 'info' }
    : !table.rls_enabled
      ? { icon: <ShieldOff size={14} />, text: MSG.rlsDisabled, tone: 'danger' }
      : policies.length === 0
        ? { icon: <ShieldAlert size={14} />, text: MSG.rlsNoPolicies, tone: 'warning' }
        : null
  return (
    <section className="pol-card" aria-labelledby={titleId} data-table={table.name}>
      <header className="pol-card__header">
        <Link to={paths.table(projectRef, table.id)} className="pol-card__name" id={titleId}>
          <Table2 size={15} />
          {table.name}
        </Link>
        <Badge tone={table.rls_enabled ? 'accent' : 'warning'}>{table.rls_enabled ? 'RLS enabled' : 'RLS disabled'}</Badge>
        <span className="pol-card__spacer" />
        {locked ? (
          <Badge tone="neutral">
            <Lock size={11} aria-hidden /> {MSG.locked}
          </Badge>
        ) : (
          <Actions table={table} />
        )}
      </header>
      {notice && (
        <p className={`pol-notice pol-notice--${notice.tone}`} role="note">
          {notice.icon}
          {notice.text}
        </p>
      )}
      {policies.length > 0 && (
        <ul className="pol-rows" aria-label={`Policies of ${table.name}`}>
          {policies.map((p) => (
            <PolicyRow key={p.id} policy={p} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** The RLS toggle and Create policy, each disabled with its reason (spec 6). */
function Actions({ table }: { table: Table }) {
  const toggleReason = useCommandReason('policies.rls.toggle')
  const createReason = useCommandReason('policies.editor.open')
  return (
    <>
      <DisabledReason reason={toggleReason}>
        <Button
          size="sm"
          variant={table.rls_enabled ? 'ghost' : 'default'}
          disabled={toggleReason !== null}
          onClick={() => press('policies.rls.toggle', { tableId: table.id })}
        >
          {table.rls_enabled ? 'Disable RLS' : 'Enable RLS'}
        </Button>
      </DisabledReason>
      <DisabledReason reason={createReason}>
        <Tooltip content="New policy for this table" binding={bindingFor('policies.editor.open')}>
          <Button size="sm" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('policies.editor.open', { tableId: table.id })}>
            Create policy
          </Button>
        </Tooltip>
      </DisabledReason>
    </>
  )
}
