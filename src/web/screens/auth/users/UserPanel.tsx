import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Ban, KeyRound, LogOut, ShieldCheck, Trash2, WandSparkles, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { AuthUserDetail } from '../../../../shared/auth'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { userQuery } from '../../../model/auth/users-data'
import { isBanned, shownTime, userLabel, userProviders } from '../../../model/auth/users-rules'
import { Alert, Badge, Button, CopyButton, DisabledReason, IconButton, Spinner } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { UserBadges } from './UserBadges'

/** The open user (?user=): who they are, how they sign in, their sessions and factors, and their raw metadata. */
export function UserPanel({ projectRef, userId }: { projectRef: string; userId: string }) {
  const user = useQuery(userQuery(useApi(), projectRef, userId))
  const { overrides } = useSnapshot(keymap)
  return (
    <aside className="user-panel" aria-label="User details">
      <header className="user-panel__header">
        <div className="user-panel__heading">
          <h2 className="user-panel__title">{user.data ? userLabel(user.data) : 'User'}</h2>
          {user.data && (
            <div className="user-panel__badges">
              <UserBadges user={user.data} />
            </div>
          )}
        </div>
        <IconButton label="Close" icon={<X size={16} />} binding={bindingFor('auth.user.panel.close', overrides)} onClick={() => press('auth.user.panel.close')} />
      </header>
      {user.isError ? (
        <Alert type="destructive" title="Failed to retrieve the user" className="user-panel__notice">
          {user.error.message}
        </Alert>
      ) : !user.data ? (
        <div className="user-panel__center">
          <Spinner label="Loading the user" />
        </div>
      ) : (
        <UserDetails user={user.data} />
      )}
    </aside>
  )
}

function UserDetails({ user }: { user: AuthUserDetail }) {
  const reason = useCommandReason('auth.user.delete-dialog.open')
  const userId = user.id
  const noEmail = user.email ? null : 'This user has no email address'
  return (
    <div className="user-panel__body">
      <Section title="Overview">
        <dl className="user-facts">
          <Fact label="User UID">
            <code className="user-facts__mono">{user.id}</code>
            <CopyButton text={user.id} label="Copy user id" variant="ghost" />
          </Fact>
          <Fact label="Email">{user.email ?? '—'}</Fact>
          <Fact label="Phone">{user.phone || '—'}</Fact>
          <Fact label="Providers">{userProviders(user).join(', ') || '—'}</Fact>
          <Fact label="Created">{shownTime(user.created_at)}</Fact>
          <Fact label="Last signed in">{user.last_sign_in_at ? shownTime(user.last_sign_in_at) : 'Never'}</Fact>
          <Fact label="Email confirmed">{user.email_confirmed_at ? shownTime(user.email_confirmed_at) : 'No'}</Fact>
          {user.invited_at && <Fact label="Invited">{shownTime(user.invited_at)}</Fact>}
          {isBanned(user) && <Fact label="Banned until">{shownTime(user.banned_until)}</Fact>}
        </dl>
      </Section>

      <Section title="Actions">
        <div className="user-actions">
          <DisabledReason reason={reason ?? noEmail}>
            <Button size="sm" icon={<WandSparkles size={14} />} disabled={Boolean(reason ?? noEmail)} onClick={() => press('auth.user.magic-link.send', { userId })}>
              Send magic link
            </Button>
          </DisabledReason>
          <DisabledReason reason={reason ?? noEmail}>
            <Button size="sm" icon={<KeyRound size={14} />} disabled={Boolean(reason ?? noEmail)} onClick={() => press('auth.user.recovery.send', { userId })}>
              Send password recovery
            </Button>
          </DisabledReason>
          <DisabledReason reason={reason ?? (user.sessions.length ? null : 'This user has no session to end')}>
            <Button size="sm" icon={<LogOut size={14} />} disabled={reason !== null || user.sessions.length === 0} onClick={() => press('auth.user.sign-out', { userId })}>
              Sign out of all sessions
            </Button>
          </DisabledReason>
          <DisabledReason reason={reason}>
            {isBanned(user) ? (
              <Button size="sm" icon={<ShieldCheck size={14} />} disabled={reason !== null} onClick={() => press('auth.user.unban', { userId })}>
                Unban user
              </Button>
            ) : (
              <Button size="sm" icon={<Ban size={14} />} disabled={reason !== null} onClick={() => press('auth.user.ban-dialog.open', { userId })}>
                Ban user
              </Button>
            )}
          </DisabledReason>
          <DisabledReason reason={reason}>
            <Button
              size="sm"
              variant="danger"
              icon={<Trash2 size={14} />}
              disabled={reason !== null}
              onClick={() => press('auth.user.delete-dialog.open', { userId })}
            >
              Delete user
            </Button>
          </DisabledReason>
        </div>
      </Section>

      <Section title="Identities" count={user.identities.length}>
        {user.identities.length === 0 ? (
          <p className="user-panel__none">No identities: {user.is_anonymous ? 'an anonymous user signs in with no provider' : 'none linked'}.</p>
        ) : (
          <ul className="user-list">
            {user.identities.map((i) => (
              <li key={i.identity_id} className="user-list__item">
                <Badge tone="neutral">{i.provider}</Badge>
                <span className="user-list__main">{i.email ?? i.id}</span>
                <span className="user-list__meta">{i.last_sign_in_at ? `last sign in ${shownTime(i.last_sign_in_at)}` : `linked ${shownTime(i.created_at)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Sessions" count={user.sessions.length}>
        {user.sessions.length === 0 ? (
          <p className="user-panel__none">No active sessions.</p>
        ) : (
          <ul className="user-list">
            {user.sessions.map((s) => (
              <li key={s.id} className="user-list__item">
                <Badge tone={s.aal === 'aal2' ? 'accent' : 'neutral'}>{s.aal}</Badge>
                <span className="user-list__main" title={s.user_agent ?? undefined}>{s.user_agent || 'Unknown client'}</span>
                <span className="user-list__meta">
                  {s.ip ? `${s.ip} · ` : ''}since {shownTime(s.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="MFA factors" count={user.factors.length}>
        {user.factors.length === 0 ? (
          <p className="user-panel__none">No factors enrolled.</p>
        ) : (
          <ul className="user-list">
            {user.factors.map((f) => (
              <li key={f.id} className="user-list__item">
                <Badge tone={f.status === 'verified' ? 'accent' : 'warning'}>{f.factor_type}</Badge>
                <span className="user-list__main">{f.friendly_name || f.factor_type.toUpperCase()}</span>
                <span className="user-list__meta">{f.status}</span>
                <DisabledReason reason={reason}>
                  <IconButton
                    label={`Remove factor ${f.friendly_name || f.factor_type}`}
                    icon={<Trash2 size={14} />}
                    size="sm"
                    disabled={reason !== null}
                    onClick={() => press('auth.user.factor.remove', { userId, factorId: f.id })}
                  />
                </DisabledReason>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Raw app metadata">
        <Json value={user.app_metadata} label="Raw app metadata JSON" />
      </Section>
      <Section title="Raw user metadata">
        <Json value={user.user_metadata} label="Raw user metadata JSON" />
      </Section>
    </div>
  )
}

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="user-section" aria-label={title}>
      <h3 className="user-section__title">
        {title}
        {count !== undefined && <span className="user-section__count">{count}</span>}
      </h3>
      {children}
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="user-facts__row">
      <dt className="user-facts__label">{label}</dt>
      <dd className="user-facts__value">{children}</dd>
    </div>
  )
}

function Json({ value, label }: { value: unknown; label: string }) {
  const text = JSON.stringify(value ?? {}, null, 2)
  return (
    <div className="user-json">
      <pre className="user-json__text" aria-label={label}>
        {text}
      </pre>
      <span className="user-json__copy">
        <CopyButton text={text} label="Copy" variant="ghost" />
      </span>
    </div>
  )
}
