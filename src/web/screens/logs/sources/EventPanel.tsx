/** The chosen event, whole, as pretty JSON beside the list (logs.source.event.open / close). */
import { X } from 'lucide-react'
import type { LogSource } from '../../../../shared/logs'
import { press } from '../../../commands-run'
import type { SourceEvent } from '../../../model/logs/sources/events'
import { eventStatus } from '../../../model/logs/sources/status'
import { CopyButton, IconButton, cx } from '../../../ui'
import { eventTime } from './EventList'

export function EventPanel({ source, event }: { source: LogSource; event: SourceEvent }) {
  const status = eventStatus(source, event.metadata)
  const json = JSON.stringify({ id: event.id, timestamp: event.ts, event_message: event.event_message, metadata: event.metadata }, null, 2)
  return (
    <aside className="logs-src-panel" aria-label="Event details">
      <header className="logs-src-panel__header">
        <span className={cx('logs-src-badge', `logs-src-badge--${status.tone}`)}>{status.label}</span>
        <time dateTime={event.ts}>{eventTime(event.ts)}</time>
        <span className="logs-src-panel__actions">
          <CopyButton text={json} label="Copy JSON" />
          <IconButton label="Close event details" icon={<X size={14} />} onClick={() => press('logs.source.event.close')} />
        </span>
      </header>
      <p className="logs-src-panel__message">{event.event_message}</p>
      <pre className="logs-src-panel__json" tabIndex={0} aria-label="Event JSON">{json}</pre>
    </aside>
  )
}
