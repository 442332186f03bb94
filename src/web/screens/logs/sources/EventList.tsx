/**
 * The events, newest first, virtualized (a list of 100,000 keeps a few dozen rows in the DOM): time, the
 * outcome badge, the message. A click or Enter opens the event's JSON, ↑/↓ choose the next one, Escape
 * closes the panel; reaching the end reads older events. Scrolling away from the top pauses the live tail.
 */
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSnapshot } from 'valtio'
import type { LogSource } from '../../../../shared/logs'
import { press } from '../../../commands-run'
import type { SourceEvent } from '../../../model/logs/sources/events'
import { sourceLogsState } from '../../../model/logs/sources/source-state'
import { eventStatus } from '../../../model/logs/sources/status'
import { cx } from '../../../ui'

const ROW_HEIGHT = 30
/** rows left below the last one shown when older events are asked for */
const LOAD_AHEAD = 20

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hour12: false,
})

export const eventTime = (ts: string) => timeFormat.format(new Date(ts))

interface Props {
  source: LogSource
  rows: readonly SourceEvent[]
  hasOlder: boolean
  loadingOlder: boolean
}

export function EventList({ source, rows, hasOlder, loadingOlder }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const { selectedId } = useSnapshot(sourceLogsState)
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 })
  const items = virtualizer.getVirtualItems()
  const last = items.at(-1)?.index ?? 0

  useEffect(() => {
    if (hasOlder && !loadingOlder && rows.length > 0 && last >= rows.length - LOAD_AHEAD) press('logs.source.older.load')
  }, [last, hasOlder, loadingOlder, rows.length])

  const selectedIndex = selectedId === null ? -1 : rows.findIndex((r) => r.id === selectedId)
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
  }, [selectedId]) // follow the keyboard, not every new row on top

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') press('logs.source.event.move', { by: e.key === 'ArrowDown' ? 1 : -1 })
    else if (e.key === 'Enter' && selectedId) press('logs.source.event.open', { id: selectedId })
    else if (e.key === 'Escape' && sourceLogsState.panelOpen) press('logs.source.event.close')
    else return
    e.preventDefault()
  }

  return (
    <div
      ref={scrollRef}
      className="logs-src-list"
      role="listbox"
      aria-label="Events"
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? `log-event-${selectedId}` : undefined}
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        const away = e.currentTarget.scrollTop > ROW_HEIGHT
        if (sourceLogsState.scrolledAway !== away) sourceLogsState.scrolledAway = away
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const event = rows[item.index]!
          const status = eventStatus(source, event.metadata)
          return (
            <div
              key={event.id}
              id={`log-event-${event.id}`}
              role="option"
              aria-selected={event.id === selectedId}
              className={cx('logs-src-row', event.id === selectedId && 'logs-src-row--selected')}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onClick={() => press('logs.source.event.open', { id: event.id })}
            >
              <time className="logs-src-row__time" dateTime={event.ts}>{eventTime(event.ts)}</time>
              <span className={cx('logs-src-badge', `logs-src-badge--${status.tone}`)}>{status.label}</span>
              <span className="logs-src-row__message" title={event.event_message}>{event.event_message}</span>
            </div>
          )
        })}
      </div>
      {(loadingOlder || !hasOlder) && rows.length > 0 && (
        <p className="logs-src-list__end" role="status">{loadingOlder ? 'Loading older events…' : 'No older events in this range'}</p>
      )}
    </div>
  )
}
