import { useId, useState, type FormEvent } from 'react'
import { Plus, Trash2 } from 'lucide-react'
import { run } from '../../../../../commands/all'
import type { AuthConfig } from '../../../../shared/auth'
import { isRedirectUrl, redirectUrls } from '../../../../shared/contract/auth-config'
import { errorMessage } from '../../../../shared/error-message'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { toast } from '../../../model/app/toasts'
import { Button, DisabledReason, IconButton, Input } from '../../../ui'
import { useCan, useCommandReason } from '../../../useCan'
import { AuthConfigPage } from '../config/AuthConfigPage'
import { ConfigCard } from '../config/ConfigCard'
import { ConfigFooter } from '../config/ConfigFooter'
import { TextRow } from '../config/fields'
import { useAuthConfigForm } from '../config/useAuthConfigForm'

/** /project/{ref}/auth/url-configuration: the site URL and the redirect allow list every link the service sends obeys. */
export function UrlConfigurationPage() {
  return (
    <AuthConfigPage
      title="URL configuration"
      lead="Where the links the auth service mails (confirmation, invite, magic link, recovery) and OAuth sign-ins send users back to."
    >
      {(config, key) => (
        <>
          <SiteUrlForm key={key} config={config} />
          <RedirectUrls config={config} />
        </>
      )}
    </AuthConfigPage>
  )
}

function SiteUrlForm({ config }: { config: AuthConfig }) {
  const { form, submit, onKeyDown, saveKeys } = useAuthConfigForm('url-configuration', config)
  const locked = !useCan('projectAuthAll')
  return (
    <form className="auth-cfg__form" onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Site URL">
      <ConfigCard title="Site URL">
        <TextRow
          form={form}
          name="SITE_URL"
          type="url"
          disabled={locked}
          label="Site URL"
          hint="The default redirect when none is given or the one given is not allowed, and {{ .SiteURL }} in the email templates."
        />
      </ConfigCard>
      <ConfigFooter saving={form.formState.isSubmitting} saveKeys={saveKeys} />
    </form>
  )
}

function RedirectUrls({ config }: { config: AuthConfig }) {
  const urls = redirectUrls(config.URI_ALLOW_LIST)
  const reason = useCommandReason('auth.redirect-url.add')
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const inputId = useId()

  const add = async (e: FormEvent) => {
    e.preventDefault()
    const url = draft.trim()
    const problem = !isRedirectUrl(url) ? MSG.authRedirectUrlInvalid : urls.includes(url) ? MSG.authRedirectUrlExists : null
    setError(problem)
    if (problem) return
    setAdding(true)
    try {
      await run('auth.redirect-url.add', { url }, 'button')
      setDraft('')
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setAdding(false)
    }
  }

  return (
    <ConfigCard
      title="Redirect URLs"
      description="Where users may be sent back to besides the site URL (redirectTo, emailRedirectTo). Wildcards: * within a path segment, ** across segments. Adding or removing a URL saves at once."
    >
      {urls.length === 0 ? (
        <p className="auth-urls__empty">No redirect URLs: only the site URL is allowed.</p>
      ) : (
        <ul className="auth-urls" aria-label="Redirect URLs">
          {urls.map((url) => (
            <li key={url} className="auth-urls__item">
              <code className="auth-urls__url" title={url}>{url}</code>
              <DisabledReason reason={reason}>
                <IconButton label={`Remove ${url}`} size="sm" icon={<Trash2 size={14} />} disabled={Boolean(reason)} onClick={() => press('auth.redirect-url.remove', { url })} />
              </DisabledReason>
            </li>
          ))}
        </ul>
      )}
      <form className="auth-urls__add" onSubmit={add} noValidate aria-label="Add redirect URL">
        <div className="auth-urls__field">
          <Input
            id={inputId}
            aria-label="New redirect URL"
            placeholder="https://example.com/**"
            autoComplete="off"
            spellCheck={false}
            value={draft}
            invalid={Boolean(error)}
            disabled={Boolean(reason)}
            onChange={(e) => (setDraft(e.target.value), setError(null))}
          />
          {error && <p className="ui-field__error" role="alert">{error}</p>}
        </div>
        <DisabledReason reason={reason}>
          <Button type="submit" icon={<Plus size={14} />} loading={adding} disabled={Boolean(reason) || !draft.trim()}>
            Add URL
          </Button>
        </DisabledReason>
      </form>
    </ConfigCard>
  )
}
