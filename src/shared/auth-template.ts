/**
 * Email templates of the auth service as GoTrue writes them (Go's text/template, the variables Supabase
 * documents): `{{ .ConfirmationURL }}`, `{{ .Token }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .Email }}`,
 * `{{ .NewEmail }}`, `{{ .RedirectTo }}` and `{{ .Data.key }}` (the user's metadata). One substitution for the
 * mails the service sends and for the dashboard's preview, so what the preview shows is what is sent.
 */
import type { AuthConfig, EmailTemplate } from './auth'

export interface TemplateVariables {
  ConfirmationURL: string
  Token: string
  TokenHash: string
  SiteURL: string
  Email: string
  /** email change: the address being changed to */
  NewEmail: string
  RedirectTo: string
  /** the user's metadata (user_metadata) */
  Data: Record<string, unknown>
}

/** The variables a template may use, for the editor's hint. */
export const TEMPLATE_VARIABLES = ['ConfirmationURL', 'Token', 'TokenHash', 'SiteURL', 'Email', 'NewEmail', 'RedirectTo', 'Data'] as const

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' }
/** As Go's html/template escapes text put into a page. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c]!)

const ACTION = /\{\{-?\s*\.([A-Za-z]+)((?:\.[A-Za-z0-9_]+)*)\s*-?\}\}/g

/**
 * The template with each `{{ .Name }}` replaced by its value, HTML-escaped (`html`, the body) or as it is
 * (the subject, plain text). An unknown variable is left as it is (so a preview shows the slip); a missing
 * key of `.Data` renders as nothing.
 */
export function renderTemplate(template: string, vars: TemplateVariables, mode: 'html' | 'text' = 'html'): string {
  return template.replace(ACTION, (whole: string, name: string, rest: string) => {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) return whole
    let value: unknown = (vars as unknown as Record<string, unknown>)[name]
    for (const key of rest.split('.').filter(Boolean)) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
    }
    const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
    return mode === 'html' ? escapeHtml(text) : text
  })
}

/** The config fields holding a template's subject and body. */
export function templateFields(template: EmailTemplate) {
  const T = template.toUpperCase() as Uppercase<EmailTemplate>
  return { subject: `MAILER_SUBJECTS_${T}`, body: `MAILER_TEMPLATES_${T}_CONTENT` } as const
}

/** Sample values for a preview: the project's site URL, a made-up user and token. */
export function previewVariables(config: Pick<AuthConfig, 'SITE_URL'>, template: EmailTemplate): TemplateVariables {
  const site = config.SITE_URL.replace(/\/+$/, '')
  const type = template === 'magic_link' ? 'magiclink' : template === 'confirmation' ? 'signup' : template
  return {
    ConfirmationURL: `${site}/auth/v1/verify?token=pkce_0a1b2c3d4e5f&type=${type}&redirect_to=${encodeURIComponent(site)}`,
    Token: '123456',
    TokenHash: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    SiteURL: site,
    Email: 'user@example.com',
    NewEmail: 'new.address@example.com',
    RedirectTo: site,
    Data: { name: 'Ada Lovelace' },
  }
}
