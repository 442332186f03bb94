import type { OutboxMail } from '../../../../shared/auth'
import { STATUS_HINTS, STATUS_LABELS } from '../../../model/auth/emails-rules'
import { Badge, type BadgeTone } from '../../../ui'

const TONES: Record<OutboxMail['status'], BadgeTone> = { kept: 'neutral', sent: 'accent', failed: 'danger' }

/** A mail's status: kept (no SMTP), sent, or failed (its title holds the SMTP error). */
export function MailStatus({ mail }: { mail: Pick<OutboxMail, 'status' | 'error'> }) {
  return (
    <span title={mail.status === 'failed' && mail.error ? `${STATUS_HINTS.failed}: ${mail.error}` : STATUS_HINTS[mail.status]}>
      <Badge tone={TONES[mail.status]}>{STATUS_LABELS[mail.status]}</Badge>
    </span>
  )
}
