import type { ReactElement } from 'react'
import { Tooltip } from '../../../ui'

/** A control that may be disabled for a reason (spec 6): the reason shows as its tooltip. */
export function Gate({ reason, children }: { reason: string | null; children: ReactElement }) {
  if (!reason) return children
  return (
    <Tooltip content={reason}>
      <span className="pol-gate" tabIndex={0} aria-label={reason}>
        {children}
      </span>
    </Tooltip>
  )
}
