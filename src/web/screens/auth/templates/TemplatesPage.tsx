import { useId } from 'react'
import { Eye, Code } from 'lucide-react'
import type { UseFormReturn } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { TEMPLATE_LABELS } from '../../../../../commands/auth-config'
import { EMAIL_TEMPLATES, type AuthConfig, type EmailTemplate } from '../../../../shared/auth'
import { TEMPLATE_VARIABLES, previewVariables, renderTemplate, templateFields } from '../../../../shared/auth-template'
import { press } from '../../../commands-run'
import { SMTP_FIELDS, type AuthFormValues } from '../../../model/auth/config-forms'
import { authConfigEditor } from '../../../model/auth/config-state'
import { bindingFor } from '../../../model/app/keys/keymap'
import { Button, Input, Kbd, Textarea } from '../../../ui'
import { useCan } from '../../../useCan'
import { AuthConfigPage } from '../config/AuthConfigPage'
import { ConfigCard } from '../config/ConfigCard'
import { TextRow } from '../config/fields'
import { ConfigFooter } from '../config/ConfigFooter'
import { useAuthConfigForm } from '../config/useAuthConfigForm'

const HINTS: Record<EmailTemplate, string> = {
  confirmation: 'Sent when a user signs up with confirm email on: the link confirms the address.',
  invite: 'Sent when you invite a user: the link lets them set up their account.',
  magic_link: 'Sent for a passwordless sign-in (signInWithOtp): the link signs the user in.',
  recovery: 'Sent when a user asks to reset their password: the link signs them in to choose a new one.',
  email_change: 'Sent when a user changes their address: the link confirms the new one.',
}

/** /project/{ref}/auth/templates: the subject and HTML body of each mail the auth service sends, and a preview. */
export function TemplatesPage() {
  return (
    <AuthConfigPage title="Email templates" lead="The mails the auth service sends. Without SMTP configured they land in Authentication → Emails instead of going out.">
      {(config, key) => <TemplatesForm key={key} config={config} />}
    </AuthConfigPage>
  )
}

function TemplatesForm({ config }: { config: AuthConfig }) {
  const { form, submit, onKeyDown, saveKeys } = useAuthConfigForm('templates', config)
  const { template, preview, draft } = useSnapshot(authConfigEditor)
  const changed = (t: EmailTemplate) => Object.values(templateFields(t)).some((f) => draft?.patch[f] !== undefined)
  return (
    <form className="auth-cfg__form" onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Email templates">
      <SmtpCard form={form} smtpConfigured={Boolean(config.SMTP_HOST)} />
      <section className="auth-cfg-card">
        <div className="auth-tpl__tabs" role="tablist" aria-label="Template">
          {EMAIL_TEMPLATES.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`auth-tpl-tab-${t}`}
              aria-selected={t === template}
              aria-controls="auth-tpl-panel"
              tabIndex={t === template ? 0 : -1}
              className="auth-tpl__tab"
              onClick={() => press('auth.template.select', { template: t })}
              onKeyDown={(e) => {
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
                if (!step) return
                e.preventDefault()
                const next = EMAIL_TEMPLATES[(EMAIL_TEMPLATES.indexOf(t) + step + EMAIL_TEMPLATES.length) % EMAIL_TEMPLATES.length]!
                press('auth.template.select', { template: next })
                document.getElementById(`auth-tpl-tab-${next}`)?.focus()
              }}
            >
              {TEMPLATE_LABELS[t]}
              {changed(t) && <span className="auth-tpl__dot" aria-label="unsaved changes" />}
            </button>
          ))}
        </div>
        <TemplatePanel key={template} template={template} previewing={preview === template} form={form} config={config} />
      </section>
      <ConfigFooter saving={form.formState.isSubmitting} saveKeys={saveKeys} />
    </form>
  )
}

const SMTP_ROWS: Record<(typeof SMTP_FIELDS)[number], { label: string; hint?: string; type?: 'password'; placeholder?: string }> = {
  SMTP_HOST: { label: 'Host', hint: 'Empty: mails are not sent, only kept in Authentication → Emails.', placeholder: 'smtp.example.com' },
  SMTP_PORT: { label: 'Port', hint: '465 uses TLS from the start; other ports upgrade with STARTTLS when the server offers it.', placeholder: '587' },
  SMTP_USER: { label: 'Username' },
  SMTP_PASS: { label: 'Password', hint: 'Never shown again once saved: leave it empty to keep it.', type: 'password' },
  SMTP_ADMIN_EMAIL: { label: 'Sender email', placeholder: 'noreply@example.com' },
  SMTP_SENDER_NAME: { label: 'Sender name', placeholder: 'My app' },
}

/** The SMTP server the mails go out through. */
function SmtpCard({ form, smtpConfigured }: { form: UseFormReturn<AuthFormValues>; smtpConfigured: boolean }) {
  const locked = !useCan('projectAuthAll')
  return (
    <ConfigCard
      title="SMTP server"
      description={smtpConfigured ? 'Mails go out through this server and are listed in Authentication → Emails.' : 'No SMTP server: every mail is kept in Authentication → Emails instead of being delivered.'}
    >
      {SMTP_FIELDS.map((field) => (
        <TextRow key={field} form={form} name={field} disabled={locked} {...SMTP_ROWS[field]} />
      ))}
    </ConfigCard>
  )
}

function TemplatePanel({ template, previewing, form, config }: {
  template: EmailTemplate
  previewing: boolean
  form: UseFormReturn<AuthFormValues>
  config: AuthConfig
}) {
  const f = templateFields(template)
  const ids = { subject: useId(), body: useId() }
  const locked = !useCan('projectAuthAll')
  const errors = form.formState.errors
  const subject = String(form.watch(f.subject) ?? '')
  const body = String(form.watch(f.body) ?? '')
  const previewKeys = bindingFor('auth.template.preview')
  const vars = previewVariables(config, template)
  return (
    <div className="auth-tpl__panel" id="auth-tpl-panel" role="tabpanel" aria-labelledby={`auth-tpl-tab-${template}`}>
      <p className="auth-cfg-row__hint">{HINTS[template]}</p>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={ids.subject}>Subject</label>
        <Input id={ids.subject} autoComplete="off" disabled={locked} invalid={Boolean(errors[f.subject])} {...form.register(f.subject)} />
        {errors[f.subject] && <p className="ui-field__error" role="alert">{errors[f.subject]?.message}</p>}
      </div>
      <div className="ui-field">
        <div className="auth-tpl__preview-bar">
          <label className="ui-field__label" htmlFor={previewing ? undefined : ids.body}>{previewing ? 'Preview' : 'Body (HTML)'}</label>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            icon={previewing ? <Code size={14} /> : <Eye size={14} />}
            onClick={() => press('auth.template.preview', {})}
          >
            {previewing ? 'Source' : 'Preview'}
            {previewKeys && <Kbd binding={previewKeys} className="auth-cfg__kbd" />}
          </Button>
        </div>
        {previewing ? (
          <div>
            <p className="auth-tpl__subject">
              <span>Subject: </span>
              <strong data-testid="template-preview-subject">{renderTemplate(subject, vars, 'text')}</strong>
            </p>
            {/* sandboxed: the template's HTML runs no script and reaches nothing of the studio */}
            <iframe className="auth-tpl__frame" title={`Preview of ${TEMPLATE_LABELS[template]}`} sandbox="" srcDoc={renderTemplate(body, vars, 'html')} />
          </div>
        ) : (
          <>
            <Textarea id={ids.body} className="auth-tpl__body" spellCheck={false} disabled={locked} invalid={Boolean(errors[f.body])} {...form.register(f.body)} />
            {errors[f.body] && <p className="ui-field__error" role="alert">{errors[f.body]?.message}</p>}
          </>
        )}
      </div>
      <p className="auth-tpl__vars">
        Variables:
        {TEMPLATE_VARIABLES.map((v) => (
          <code key={v}>{`{{ .${v} }}`}</code>
        ))}
      </p>
    </div>
  )
}
