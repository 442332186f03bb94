/**
 * The settings pages' forms: which configuration fields each page edits, the rules a value must meet (the
 * studio's messages), the form's values from the saved configuration, and the draft (the patch of what
 * changed, or why it cannot be saved) that Save sends. Numbers are typed as text and read here.
 */
import { z } from 'zod'
import { EMAIL_TEMPLATES, OAUTH_PROVIDERS, type AuthConfig, type AuthConfigPatch } from '../../../shared/auth'
import { templateFields } from '../../../shared/auth-template'
import { AUTH_SECRET_FIELDS, authConfigProblem, isSiteUrl, providerFields } from '../../../shared/contract/auth-config'
import { MSG } from '../../../shared/messages'
import type { AuthConfigDraft, AuthSettingsPage } from './config-state'

type Field = keyof AuthConfig
export type FormValue = string | boolean
export type AuthFormValues = Partial<Record<Field, FormValue>>

/** A whole number typed as text, from `min` to `max`. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.string().trim().regex(/^\d{1,9}$/, message).transform(Number).refine((n) => n >= min && n <= max, message)
const optionalUrl = z.string().trim().max(2048, MSG.authSiteUrlInvalid).refine((u) => u === '' || isSiteUrl(u), MSG.authSiteUrlInvalid)

export const RATE_LIMIT_FIELDS = [
  'RATE_LIMIT_EMAIL_SENT', 'RATE_LIMIT_SIGN_IN_SIGN_UPS', 'RATE_LIMIT_TOKEN_REFRESH', 'RATE_LIMIT_VERIFY', 'RATE_LIMIT_OTP',
  'RATE_LIMIT_ANONYMOUS_USERS',
] as const satisfies readonly Field[]
export type RateLimitField = (typeof RATE_LIMIT_FIELDS)[number]

/** What each rate limit counts, and per what. */
export const RATE_LIMITS: Record<RateLimitField, { label: string; hint: string; unit: string }> = {
  RATE_LIMIT_EMAIL_SENT: { label: 'Emails sent', hint: 'Sign-up confirmations, invites, magic links, recoveries and email changes the service sends, for the whole project.', unit: 'emails per hour' },
  RATE_LIMIT_SIGN_IN_SIGN_UPS: { label: 'Sign-ups and sign-ins', hint: 'Password sign-ins and sign-ups from one IP address.', unit: 'requests per 5 minutes per IP' },
  RATE_LIMIT_TOKEN_REFRESH: { label: 'Token refreshes', hint: 'Sessions refreshed with a refresh token from one IP address.', unit: 'requests per 5 minutes per IP' },
  RATE_LIMIT_VERIFY: { label: 'Token verifications', hint: 'Magic link, OTP and confirmation links verified from one IP address.', unit: 'requests per 5 minutes per IP' },
  RATE_LIMIT_OTP: { label: 'One-time passwords', hint: 'Magic links and email codes requested from one IP address.', unit: 'requests per 5 minutes per IP' },
  RATE_LIMIT_ANONYMOUS_USERS: { label: 'Anonymous sign-ins', hint: 'Anonymous users created from one IP address.', unit: 'requests per hour per IP' },
}

const EMAIL_FIELDS = [
  'DISABLE_SIGNUP', 'EXTERNAL_ANONYMOUS_USERS_ENABLED', 'EXTERNAL_EMAIL_ENABLED', 'MAILER_AUTOCONFIRM',
  'MAILER_SECURE_EMAIL_CHANGE_ENABLED', 'PASSWORD_MIN_LENGTH', 'MAILER_OTP_EXP',
] as const satisfies readonly Field[]
/** The SMTP server the service sends through (none: mails are only kept in the outbox). */
export const SMTP_FIELDS = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_ADMIN_EMAIL', 'SMTP_SENDER_NAME'] as const satisfies readonly Field[]
const OAUTH_FIELDS = OAUTH_PROVIDERS.flatMap((p) => Object.values(providerFields(p)))
const TEMPLATE_FIELDS = EMAIL_TEMPLATES.flatMap((t) => Object.values(templateFields(t)))

/** The fields each page's form edits. */
export const PAGE_FIELDS: Record<AuthSettingsPage, readonly Field[]> = {
  providers: [...EMAIL_FIELDS, ...OAUTH_FIELDS],
  'rate-limits': RATE_LIMIT_FIELDS,
  templates: [...SMTP_FIELDS, ...TEMPLATE_FIELDS],
  'url-configuration': ['SITE_URL'],
  hooks: ['HOOK_CUSTOM_ACCESS_TOKEN_ENABLED', 'HOOK_CUSTOM_ACCESS_TOKEN_URI'],
}

/** The rule of one field as a form holds it (numbers as text). */
export function fieldRule(field: Field): z.ZodType<unknown, FormValue> {
  if (field.endsWith('_ENABLED') || field === 'DISABLE_SIGNUP' || field === 'MAILER_AUTOCONFIRM') return z.boolean()
  if (field.startsWith('RATE_LIMIT_')) return wholeNumber(0, 1_000_000, MSG.authRateLimitInvalid)
  if (field === 'PASSWORD_MIN_LENGTH') return wholeNumber(6, 72, 'Enter a length from 6 to 72 characters')
  if (field === 'MAILER_OTP_EXP') return wholeNumber(60, 86_400, 'Enter a number of seconds from 60 to 86,400 (one day)')
  if (field === 'SITE_URL') return z.string().trim().refine(isSiteUrl, MSG.authSiteUrlInvalid)
  if (field.endsWith('_URL')) return optionalUrl
  if (field.startsWith('MAILER_SUBJECTS_')) return z.string().trim().min(1, 'Enter a subject').max(1000, 'A subject is at most 1,000 characters')
  if (field.startsWith('MAILER_TEMPLATES_')) return z.string().min(1, 'Enter the body of the email').max(100_000, 'A template is at most 100,000 characters')
  if (field === 'HOOK_CUSTOM_ACCESS_TOKEN_URI') return z.string()
  if (field === 'SMTP_PORT') return z.string().trim().refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65_535), MSG.authSmtpPortInvalid)
  if (field === 'SMTP_ADMIN_EMAIL') return z.union([z.literal(''), z.string().trim().email(MSG.authSmtpSenderInvalid).max(320, MSG.authSmtpSenderInvalid)])
  if (field === 'SMTP_PASS') return z.string().max(1024, 'At most 1,024 characters')
  return z.string().trim().max(1000, 'At most 1,000 characters')
}

/** The form schema of a page (react-hook-form's resolver and the draft read the same one). */
export function pageSchema(page: AuthSettingsPage) {
  return z.object(Object.fromEntries(PAGE_FIELDS[page].map((f) => [f, fieldRule(f)])) as Record<Field, z.ZodType<unknown, FormValue>>)
}

const isSecret = (field: Field) => (AUTH_SECRET_FIELDS as readonly string[]).includes(field)

/** A value as its form field holds it: numbers as text, a secret as '' (typed anew to replace it, never shown). */
const asFormValue = (field: Field, config: AuthConfig): FormValue => {
  const value = config[field]
  return isSecret(field) ? '' : typeof value === 'number' ? String(value) : value
}

/** The page's form values as the saved configuration holds them. */
export function formValues(page: AuthSettingsPage, config: AuthConfig): AuthFormValues {
  return Object.fromEntries(PAGE_FIELDS[page].map((f) => [f, asFormValue(f, config)]))
}

/**
 * What Save would send from these values: the patch of the fields that changed, or the first reason they
 * cannot be saved (a field's rule, then the configuration's own: a provider without its credentials…).
 * null when nothing changed.
 */
export function draftOf(page: AuthSettingsPage, config: AuthConfig, values: AuthFormValues): AuthConfigDraft | null {
  // a secret left empty keeps the saved one
  const changed = PAGE_FIELDS[page].filter((f) => values[f] !== undefined && values[f] !== asFormValue(f, config) && !(isSecret(f) && values[f] === ''))
  if (changed.length === 0) return null
  const parsed = pageSchema(page).safeParse({ ...formValues(page, config), ...values })
  if (!parsed.success) {
    const patch = Object.fromEntries(changed.map((f) => [f, values[f]])) as AuthConfigPatch
    return { page, patch, problem: parsed.error.issues[0]?.message ?? 'Invalid value' }
  }
  const data = parsed.data as Record<Field, unknown>
  const patch = Object.fromEntries(changed.filter((f) => data[f] !== config[f] || isSecret(f)).map((f) => [f, data[f]])) as AuthConfigPatch
  if (Object.keys(patch).length === 0) return null
  return { page, patch, problem: authConfigProblem({ ...config, ...patch }) }
}
