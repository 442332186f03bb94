import { useCallback } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearch } from '@tanstack/react-router'
import { Inbox, MailOpen, RotateCw } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { paths } from '../../../../shared/routes'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { authConfigQuery } from '../../../model/auth/config-data'
import { EMAILS_POLL_MS, emailsQuery, mailsOf } from '../../../model/auth/emails-data'
import { Alert, Button, EmptyState, IconButton, Kbd } from '../../../ui'
import { useCan } from '../../../useCan'
import { MailList } from './MailList'
import { MailReader } from './MailReader'
import './emails.css'

const ROUTE = '/project/$ref/auth/emails'

/**
 * /project/{ref}/auth/emails: every mail the project's auth service sent, newest first, like a local mail
 * catcher: the list on the left, the open mail on the right. Read again every few seconds while open.
 */
export function EmailsPage() {
  const { ref } = useParams({ from: ROUTE })
  const { mail: openId } = useSearch({ from: ROUTE })
  const api = useApi()
  const allowed = useCan('projectAuthAll')
  const outbox = useInfiniteQuery({ ...emailsQuery(api, ref), refetchInterval: EMAILS_POLL_MS, enabled: allowed })
  const config = useQuery({ ...authConfigQuery(api, ref), enabled: allowed })
  const { overrides } = useSnapshot(keymap)
  const mails = mailsOf(outbox.data)
  const open = openId ? mails.find((m) => m.id === openId) : undefined
  const noSmtp = config.data !== undefined && !config.data.SMTP_HOST
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = outbox
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])
  const next = bindingFor('auth.email.next', overrides)
  const previous = bindingFor('auth.email.previous', overrides)

  return (
    <div className="area-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Emails</h1>
          <p className="area-header__lead">
            Every email the auth service sends: confirmations, invites, magic links, password recoveries and email changes.
          </p>
        </div>
        <div className="area-toolbar">
          {next && previous && mails.length > 0 && (
            <span className="emails-hint">
              <Kbd binding={next} /> <Kbd binding={previous} /> next / previous
            </span>
          )}
          <IconButton
            label="Refresh emails"
            icon={<RotateCw size={14} />}
            variant="default"
            disabled={!allowed}
            onClick={() => press('auth.emails.refresh')}
          />
        </div>
      </header>
      {noSmtp && (
        <Alert type="note" title="No SMTP server is configured">
          Emails are kept here and not delivered to anyone's inbox: open their links from this page. Once the auth
          service has an SMTP server, emails are delivered and still listed here.
        </Alert>
      )}
      {!allowed ? (
        <Alert type="warning" title="You need additional permissions to read the emails of authentication">
          Contact your organization owner or adminstrator for assistance.
        </Alert>
      ) : outbox.isError ? (
        <Alert
          type="destructive"
          title="Failed to retrieve the emails"
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('auth.emails.refresh')}>Retry</Button>}
        >
          {outbox.error.message}
        </Alert>
      ) : outbox.data && mails.length === 0 ? (
        <EmptyState
          className="emails-empty"
          icon={<Inbox size={20} />}
          title="No emails yet"
          description={
            <>
              When no SMTP server is configured, every email the auth service sends (sign-up confirmation, invite, magic
              link, password recovery, email change) lands here instead of an inbox, so you can open its links while you
              build. Send one from <Link to={paths.authUsers(ref)}>Users</Link> with Send magic link, or sign up through
              your app.
            </>
          }
        />
      ) : (
        <div className="emails-body">
          {outbox.data ? (
            <MailList mails={mails} openId={openId} hasMore={hasNextPage} loadingMore={isFetchingNextPage} onLoadMore={loadMore} />
          ) : (
            <div className="emails-list emails-list--loading" aria-busy>
              {Array.from({ length: 6 }, (_, i) => <div key={i} className="emails-skeleton" />)}
            </div>
          )}
          {open ? (
            <MailReader mail={open} />
          ) : (
            <div className="emails-reader emails-reader--none">
              <EmptyState
                icon={<MailOpen size={20} />}
                title={openId && outbox.data ? 'This email is no longer in the outbox' : 'No email open'}
                description="Pick an email on the left to read it here."
              />
            </div>
          )}
        </div>
      )}
    </div>
  )
}
