import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { OAUTH_PROVIDERS, type AuthConfig, type OAuthProvider } from '../../../../shared/auth'
import { AUTH_SECRET_MASK, PROVIDER_LABELS, providerFields } from '../../../../shared/contract/auth-config'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import type { AuthFormValues } from '../../../model/auth/config-forms'
import { apiSettingsQuery } from '../../../model/settings/queries'
import { Alert, Badge, CopyButton } from '../../../ui'
import { useCan } from '../../../useCan'
import { AuthConfigPage } from '../config/AuthConfigPage'
import { ConfigCard, ConfigRow } from '../config/ConfigCard'
import { ConfigFooter } from '../config/ConfigFooter'
import { SwitchRow, TextRow } from '../config/fields'
import { useAuthConfigForm } from '../config/useAuthConfigForm'
import type { UseFormReturn } from 'react-hook-form'

/** /project/{ref}/auth/providers: who may sign up, and how users sign in (email, phone, anonymous, OAuth). */
export function ProvidersPage() {
  return (
    <AuthConfigPage
      title="Providers"
      lead="Who may sign up, and the ways users sign in to your app. OAuth providers need the client ID and secret of an app you register with them."
    >
      {(config, key) => <ProvidersForm key={key} config={config} />}
    </AuthConfigPage>
  )
}

function ProvidersForm({ config }: { config: AuthConfig }) {
  const { form, submit, onKeyDown, saveKeys } = useAuthConfigForm('providers', config)
  const locked = !useCan('projectAuthAll')
  return (
    <form className="auth-cfg__form" onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Providers">
      <ConfigCard title="User signups">
        <SwitchRow form={form} name="DISABLE_SIGNUP" inverted disabled={locked} label="Allow new users to sign up" hint="When off, only users you create or invite can sign in." />
        <SwitchRow form={form} name="EXTERNAL_ANONYMOUS_USERS_ENABLED" disabled={locked} label="Allow anonymous sign-ins" hint="Apps may call signInAnonymously(): each gets a user with is_anonymous, turned into a permanent one by linking an email or a provider." />
        <SwitchRow form={form} name="MAILER_AUTOCONFIRM" inverted disabled={locked} label="Confirm email" hint="Users confirm their address by the link mailed to them before they can sign in. Off: signed in at once." />
      </ConfigCard>

      <ConfigCard title="Auth providers" description="Open a provider to change it.">
        <Provider name="Email" on={config.EXTERNAL_EMAIL_ENABLED}>
          <SwitchRow form={form} name="EXTERNAL_EMAIL_ENABLED" disabled={locked} label="Enable email provider" hint="Sign-up and sign-in with an email and password, magic links and email codes." />
          <SwitchRow form={form} name="MAILER_SECURE_EMAIL_CHANGE_ENABLED" disabled={locked} label="Secure email change" hint="A change of address is confirmed from both the old and the new address." />
          <TextRow form={form} name="PASSWORD_MIN_LENGTH" numeric disabled={locked} unit="characters" label="Minimum password length" hint="Shorter passwords are refused with weak_password (6 to 72)." />
          <TextRow form={form} name="MAILER_OTP_EXP" numeric disabled={locked} unit="seconds" label="Email OTP expiration" hint="How long magic links and email codes stay valid." />
        </Provider>
        <Provider name="Phone" on={false} badge={<Badge tone="neutral">Unavailable</Badge>}>
          <div className="auth-cfg-row">
            <Alert type="note" title="No SMS provider">{MSG.authPhoneUnavailable}, so it stays off.</Alert>
          </div>
        </Provider>
        {OAUTH_PROVIDERS.map((p) => (
          <OAuthProviderRows key={p} provider={p} form={form} locked={locked} saved={config} />
        ))}
      </ConfigCard>
      <ConfigFooter saving={form.formState.isSubmitting} saveKeys={saveKeys} />
    </form>
  )
}

function Provider({ name, on, badge, children }: { name: string; on: boolean; badge?: ReactNode; children: ReactNode }) {
  return (
    <details className="auth-provider" data-provider={name}>
      <summary className="auth-provider__summary">
        <ChevronRight size={14} className="auth-provider__chevron" aria-hidden />
        <span className="auth-provider__name">{name}</span>
        {badge ?? <Badge tone={on ? 'accent' : 'neutral'}>{on ? 'Enabled' : 'Disabled'}</Badge>}
      </summary>
      <div className="auth-provider__body">{children}</div>
    </details>
  )
}

function OAuthProviderRows({ provider, form, locked, saved }: {
  provider: OAuthProvider
  form: UseFormReturn<AuthFormValues>
  locked: boolean
  saved: AuthConfig
}) {
  const f = providerFields(provider)
  const label = PROVIDER_LABELS[provider]
  const { ref } = useParams({ strict: false }) as { ref: string }
  const apiUrl = useQuery(apiSettingsQuery(useApi(), ref)).data?.api_url
  const callback = apiUrl ? `${apiUrl}/auth/v1/callback` : ''
  return (
    <Provider name={label} on={saved[f.enabled]}>
      <SwitchRow form={form} name={f.enabled} disabled={locked} label={`Enable ${label}`} hint="Needs the client ID and secret below." />
      <TextRow form={form} name={f.clientId} disabled={locked} label="Client ID" hint={`The ID of the OAuth app you registered with ${label}.`} />
      <TextRow
        form={form}
        name={f.secret}
        type="password"
        disabled={locked}
        label="Client secret"
        placeholder={saved[f.secret] === AUTH_SECRET_MASK ? 'Saved (hidden): type to replace' : ''}
        hint={saved[f.secret] === AUTH_SECRET_MASK ? 'A saved secret is never shown again; leave the field empty to keep it.' : 'The secret of that OAuth app.'}
      />
      <TextRow form={form} name={f.url} type="url" disabled={locked} placeholder="https://…" label="Provider URL (optional)" hint={`For a self-hosted ${label} server; blank uses ${label}'s own.`} />
      {callback && (
        <ConfigRow label="Callback URL" hint={`Register this as the OAuth app's redirect (callback) URL at ${label}.`}>
          <span className="auth-cfg-unit">
            <code className="auth-urls__url" title={callback}>{callback}</code>
            <CopyButton text={callback} />
          </span>
        </ConfigRow>
      )}
    </Provider>
  )
}
