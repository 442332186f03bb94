import { useMemo } from 'react'
import { format } from 'date-fns'
import { Copy, ExternalLink, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { OutboxMail } from '../../../../shared/auth'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { actionLink, kindLabel, mailDocument, mailLinks } from '../../../model/auth/emails-rules'
import { Alert, Button, IconButton, Kbd } from '../../../ui'
import { MailStatus } from './MailStatus'

/**
 * The open mail: who it went to, when, its kind and status (a failed one with the SMTP error), its links,
 * and the mail itself in a sandboxed frame (no scripts, no same origin; its links open in a new tab).
 */
export function MailReader({ mail }: { mail: OutboxMail }) {
  const { overrides } = useSnapshot(keymap)
  const links = useMemo(() => mailLinks(mail.html), [mail.html])
  const action = useMemo(() => actionLink(mail.html), [mail.html])
  const doc = useMemo(() => mailDocument(mail.html), [mail.html])
  const openKey = bindingFor('auth.email.link.open', overrides)
  const copyKey = bindingFor('auth.email.link.copy', overrides)

  return (
    <article className="emails-reader" aria-label={`Email: ${mail.subject}`}>
      <header className="emails-reader__head">
        <div className="emails-reader__title-line">
          <h2 className="emails-reader__subject">{mail.subject || '(no subject)'}</h2>
          <IconButton label="Close email" icon={<X size={16} />} onClick={() => press('auth.email.close')} />
        </div>
        <dl className="emails-meta">
          <dt>To</dt>
          <dd>{mail.to}</dd>
          <dt>Sent</dt>
          <dd>
            <time dateTime={mail.created_at}>{format(new Date(mail.created_at), 'dd MMM yyyy, HH:mm:ss')}</time>
          </dd>
          <dt>Kind</dt>
          <dd>{kindLabel(mail.kind)}</dd>
          <dt>Status</dt>
          <dd>
            <MailStatus mail={mail} />
          </dd>
        </dl>
        {mail.status === 'failed' && (
          <Alert type="destructive" title="The SMTP server did not take this mail">
            {mail.error ?? 'No error was given'}
          </Alert>
        )}
        {action && (
          <div className="emails-actions">
            <Button variant="primary" size="sm" icon={<ExternalLink size={14} />} onClick={() => press('auth.email.link.open', { href: action.href })}>
              Open link{openKey && <Kbd binding={openKey} />}
            </Button>
            <Button size="sm" icon={<Copy size={14} />} onClick={() => press('auth.email.link.copy')}>
              Copy link{copyKey && <Kbd binding={copyKey} />}
            </Button>
            <code className="emails-link" title={action.href}>{action.href}</code>
          </div>
        )}
        {links.length > 1 && (
          <ul className="emails-links" aria-label="Links in this email">
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href} target="_blank" rel="noopener noreferrer" title={l.href}>{l.text}</a>
              </li>
            ))}
          </ul>
        )}
      </header>
      <iframe
        key={mail.id}
        className="emails-frame"
        title={`Content of the email ${mail.subject}`}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={doc}
      />
    </article>
  )
}
