import { memo, useEffect, useRef, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { OutboxMail } from '../../../../shared/auth'
import { press } from '../../../commands-run'
import { kindLabel, mailTime } from '../../../model/auth/emails-rules'
import { Spinner, cx } from '../../../ui'
import { MailStatus } from './MailStatus'

const ROW_HEIGHT = 68

interface MailListProps {
  mails: OutboxMail[]
  openId: string | undefined
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
}

/**
 * The outbox, newest first, in one virtualized list; the next page is read as the list nears its end. A
 * click opens a mail; with the list focused, ↑/↓ (and j/k anywhere on the page) step through them.
 */
export function MailList({ mails, openId, hasMore, loadingMore, onLoadMore }: MailListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: mails.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? 0

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= mails.length - 1) onLoadMore()
  }, [hasMore, loadingMore, lastIndex, mails.length, onLoadMore])

  // the open mail stays in view as j/k step through the list
  const openIndex = openId ? mails.findIndex((m) => m.id === openId) : -1
  useEffect(() => {
    if (openIndex >= 0) virtualizer.scrollToIndex(openIndex, { align: 'auto' })
  }, [openIndex, virtualizer])

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.metaKey || e.ctrlKey) return
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      press('auth.email.next')
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      press('auth.email.previous')
    }
  }

  return (
    <div
      ref={scrollRef}
      className="emails-list"
      role="listbox"
      aria-label="Emails"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-activedescendant={openId ? `mail-${openId}` : undefined}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((v) => {
          const mail = mails[v.index]
          return (
            <div key={v.key} className="emails-virtual" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
              {mail ? (
                <MailRow mail={mail} open={mail.id === openId} />
              ) : (
                <div className="emails-more" aria-hidden>
                  <Spinner /> Loading older emails…
                </div>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

const MailRow = memo(function MailRow({ mail, open }: { mail: OutboxMail; open: boolean }) {
  return (
    <div
      id={`mail-${mail.id}`}
      className={cx('emails-row', open && 'emails-row--open')}
      role="option"
      aria-selected={open}
      data-mail-id={mail.id}
      onClick={() => press('auth.email.open', { mailId: mail.id })}
    >
      <div className="emails-row__line">
        <span className="emails-row__to" title={mail.to}>{mail.to}</span>
        <time className="emails-row__time" dateTime={mail.created_at} title={new Date(mail.created_at).toLocaleString()}>
          {mailTime(mail.created_at)}
        </time>
      </div>
      <div className="emails-row__line">
        <span className="emails-row__subject" title={mail.subject}>{mail.subject || '(no subject)'}</span>
        <span className="emails-row__badges">
          <span className="emails-kind">{kindLabel(mail.kind)}</span>
          <MailStatus mail={mail} />
        </span>
      </div>
    </div>
  )
})
