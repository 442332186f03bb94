import type { ReactElement } from 'react'
import { Tooltip } from './Tooltip'

/** A control that may be disabled for a reason (spec 6): the reason shows on hover and focus, which a disabled button itself never gets. */
export function DisabledReason({ reason, children }: { reason: string | null | undefined; children: ReactElement }) {
  if (!reason) return children
  return (
    <Tooltip content={reason}>
      <span className="ui-reason" tabIndex={0} aria-label={reason}>
        {children}
      </span>
    </Tooltip>
  )
}
