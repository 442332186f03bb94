/**
 * One row of the storage policies page (spec 2): a bucket (Public badge when public) or one of the two
 * tables' groups, its New policy button where policies can be made for it, and its policies.
 */
import type { ReactNode } from 'react'
import { Plus } from 'lucide-react'
import type { Policy } from '../../../../shared/policies'
import { press } from '../../../commands-run'
import { Badge, Button, DisabledReason } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { PolicyRow } from '../../auth/policies/PolicyRow'

const COMMANDS = { edit: 'storage.policies.edit', delete: 'storage.policies.delete' } as const

interface PolicyGroupProps {
  title: string
  icon: ReactNode
  isPublic?: boolean
  /** New policy makes policies for this bucket ('' for storage.objects without one); absent: no button */
  newFor?: string
  policies: Policy[]
}

export function PolicyGroup({ title, icon, isPublic, newFor, policies }: PolicyGroupProps) {
  const createReason = useCommandReason('storage.policies.modal.open')
  const titleId = `spol-${title.replace(/\W+/g, '-')}`
  return (
    <section className="pol-card spol-card" aria-labelledby={titleId} data-group={title}>
      <header className="pol-card__header">
        <h2 className="spol-card__title" id={titleId}>
          {icon}
          {title}
        </h2>
        {isPublic && <Badge tone="warning">Public</Badge>}
        <span className="pol-card__spacer" />
        {newFor !== undefined && (
          <DisabledReason reason={createReason}>
            <Button
              size="sm"
              icon={<Plus size={14} />}
              disabled={createReason !== null}
              aria-label={`New policy for ${title}`}
              onClick={() => press('storage.policies.modal.open', { bucketId: newFor })}
            >
              New policy
            </Button>
          </DisabledReason>
        )}
      </header>
      {policies.length ? (
        <ul className="pol-rows" aria-label={`Policies of ${title}`}>
          {policies.map((p) => (
            <PolicyRow key={p.id} policy={p} commands={COMMANDS} />
          ))}
        </ul>
      ) : (
        <p className="spol-card__empty">No policies created yet</p>
      )}
    </section>
  )
}
