/**
 * Authentication settings (issue 13; spec 5 Authentication, 6 project_auth:all): sign-ups and providers
 * (email, phone (unavailable without an SMS provider), anonymous, OAuth with client id, secret and URL),
 * rate limits, email templates and their preview, the site URL and redirect allow list, the custom access
 * token hook; and Save / Discard of the open page's form (the same patch its Save button sends). Each
 * change is one PATCH of the project's auth configuration. Bodies in auth-config.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { EMAIL_TEMPLATES, OAUTH_PROVIDERS } from '../src/shared/auth'
import { PROVIDER_LABELS, isRedirectUrl, isSiteUrl, redirectUrls } from '../src/shared/contract/auth-config'
import { MSG } from '../src/shared/messages'
import { hookFunctionsQuery, readAuthConfig } from '../src/web/model/auth/config-data'
import { authConfigEditor } from '../src/web/model/auth/config-state'

const load = () => import('./auth-config.run')

const AREA = 'auth'
const SETTINGS_ROUTES = ['auth.providers', 'auth.rate-limits', 'auth.templates', 'auth.url-configuration', 'auth.hooks'] as const

const onSettings = (ctx: CommandContext) => SETTINGS_ROUTES.some((r) => ctx.route.matches(r))
const on = (route: (typeof SETTINGS_ROUTES)[number]) => (ctx: CommandContext) => ctx.route.matches(route)
/** spec 6: project_auth:all gates the Authentication settings; the generic notice otherwise */
export const canConfigure = (ctx: CommandContext) => ctx.can('projectAuthAll') || MSG.noPermission('manage authentication')

export const PROVIDERS = ['email', 'phone', 'anonymous', ...OAUTH_PROVIDERS] as const
const providerLabel = (p: (typeof PROVIDERS)[number]) =>
  p === 'email' ? 'Email' : p === 'phone' ? 'Phone' : p === 'anonymous' ? 'Anonymous sign-ins' : PROVIDER_LABELS[p]

const count = z.number({ error: MSG.authRateLimitInvalid }).int(MSG.authRateLimitInvalid).min(0, MSG.authRateLimitInvalid).max(1_000_000, MSG.authRateLimitInvalid)
const siteUrl = z.string({ error: MSG.authSiteUrlInvalid }).trim().refine(isSiteUrl, MSG.authSiteUrlInvalid)
const redirectUrl = z.string({ error: MSG.authRedirectUrlInvalid }).trim().refine(isRedirectUrl, MSG.authRedirectUrlInvalid)
const template = z.enum(EMAIL_TEMPLATES, { error: 'Pick a template' })
const templateOptions = () => EMAIL_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_LABELS[t] }))

export const TEMPLATE_LABELS: Record<(typeof EMAIL_TEMPLATES)[number], string> = {
  confirmation: 'Confirm signup', invite: 'Invite user', magic_link: 'Magic link', recovery: 'Reset password', email_change: 'Change email address',
}

// ---- the open page's form ----

export const saveAuthConfig = defineCommand({
  id: 'auth.config.save',
  title: 'Save authentication settings',
  area: AREA,
  keywords: ['save', 'apply', 'submit', 'settings'],
  when: onSettings,
  enabled: (ctx) => {
    const allowed = canConfigure(ctx)
    if (allowed !== true) return allowed
    return authConfigEditor.draft ? true : MSG.authNoChanges
  },
  run: lazyRun(load, 'saveAuthConfig'),
})

export const discardAuthConfig = defineCommand({
  id: 'auth.config.discard',
  title: 'Discard unsaved authentication settings',
  area: AREA,
  keywords: ['cancel', 'reset', 'undo changes'],
  when: onSettings,
  enabled: () => (authConfigEditor.draft ? true : MSG.authNoChanges),
  run: lazyRun(load, 'discardAuthConfig'),
})

// ---- providers ----

export const SetProviderArgs = z.object({
  provider: z.enum(PROVIDERS, { error: 'Pick a provider' }),
  enabled: z.boolean({ error: 'Say whether it is enabled' }),
  clientId: z.string().trim().max(1000).optional(),
  secret: z.string().max(1000).optional(),
  url: z.string().trim().max(2048).refine((u) => u === '' || isSiteUrl(u), MSG.authSiteUrlInvalid).optional(),
})

const isOAuth = (p: unknown) => (OAUTH_PROVIDERS as readonly unknown[]).includes(p)

export const setProvider = defineCommand({
  id: 'auth.provider.set',
  title: 'Set sign-in provider',
  area: AREA,
  keywords: ['enable', 'disable', 'oauth', 'github', 'google', 'gitlab', 'azure', 'keycloak', 'email', 'phone', 'anonymous', 'client id', 'secret'],
  args: SetProviderArgs,
  argOptions: {
    provider: async (ctx) => {
      const config = await readAuthConfig(ctx.api, ctx.queryClient, ctx.ref)
      const state = (p: (typeof PROVIDERS)[number]): string =>
        p === 'phone' ? 'unavailable: no SMS provider' : p === 'email' ? (config.EXTERNAL_EMAIL_ENABLED ? 'enabled' : 'disabled')
          : p === 'anonymous' ? (config.EXTERNAL_ANONYMOUS_USERS_ENABLED ? 'enabled' : 'disabled')
            : config[`EXTERNAL_${p.toUpperCase() as Uppercase<typeof p>}_ENABLED`] ? 'enabled' : 'disabled'
      return PROVIDERS.map((p): ArgOption => ({ value: p, label: providerLabel(p), hint: state(p) }))
    },
  },
  argWhen: { clientId: (s) => isOAuth(s.provider), secret: (s) => isOAuth(s.provider), url: (s) => isOAuth(s.provider) },
  argLabels: {
    provider: 'Provider', enabled: 'Enabled', clientId: 'Client ID (blank: keep)', secret: 'Client secret (blank: keep)',
    url: 'Provider URL, for a self-hosted server (blank: the provider\'s own)',
  },
  when: on('auth.providers'),
  enabled: canConfigure,
  run: lazyRun(load, 'setProvider'),
})

export const SetEmailArgs = z.object({
  allowSignups: z.boolean().optional(),
  confirmEmail: z.boolean().optional(),
  secureEmailChange: z.boolean().optional(),
  passwordMinLength: z.number({ error: 'Enter a length from 6 to 72 characters' }).int().min(6, 'Enter a length from 6 to 72 characters').max(72, 'Enter a length from 6 to 72 characters').optional(),
  otpExpiry: z.number({ error: 'Enter a number of seconds from 60 to 86,400 (one day)' }).int().min(60, 'Enter a number of seconds from 60 to 86,400 (one day)').max(86_400, 'Enter a number of seconds from 60 to 86,400 (one day)').optional(),
})

export const setEmailOptions = defineCommand({
  id: 'auth.email.set',
  title: 'Set sign-up and email options',
  area: AREA,
  keywords: ['allow signups', 'disable signup', 'confirm email', 'autoconfirm', 'password length', 'otp expiry', 'secure email change'],
  args: SetEmailArgs,
  argLabels: {
    allowSignups: 'Allow new users to sign up', confirmEmail: 'Confirm email before signing in',
    secureEmailChange: 'Secure email change (confirm on both addresses)', passwordMinLength: 'Minimum password length',
    otpExpiry: 'Email OTP expiry (seconds)',
  },
  when: on('auth.providers'),
  enabled: canConfigure,
  run: lazyRun(load, 'setEmailOptions'),
})

// ---- rate limits ----

export const SetRateLimitsArgs = z.object({
  emailSent: count.optional(),
  signInSignUps: count.optional(),
  tokenRefresh: count.optional(),
  verify: count.optional(),
  otp: count.optional(),
  anonymousUsers: count.optional(),
})

export const setRateLimits = defineCommand({
  id: 'auth.rate-limits.set',
  title: 'Set auth rate limits',
  area: AREA,
  keywords: ['throttle', '429', 'emails per hour', 'sign in', 'token refresh', 'otp', 'verify'],
  args: SetRateLimitsArgs,
  argLabels: {
    emailSent: 'Emails sent per hour', signInSignUps: 'Sign-ups and sign-ins per 5 minutes per IP',
    tokenRefresh: 'Token refreshes per 5 minutes per IP', verify: 'Token verifications per 5 minutes per IP',
    otp: 'One-time passwords per 5 minutes per IP', anonymousUsers: 'Anonymous sign-ins per hour per IP',
  },
  when: on('auth.rate-limits'),
  enabled: canConfigure,
  run: lazyRun(load, 'setRateLimits'),
})

// ---- email templates ----

export const EditTemplateArgs = z.object({
  template,
  subject: z.string().trim().min(1, 'Enter a subject').max(1000, 'A subject is at most 1,000 characters').optional(),
  body: z.string().min(1, 'Enter the body of the email').max(100_000, 'A template is at most 100,000 characters').optional(),
})

export const editTemplate = defineCommand({
  id: 'auth.template.edit',
  title: 'Edit email template',
  area: AREA,
  keywords: ['subject', 'body', 'html', 'confirmation', 'invite', 'magic link', 'recovery', 'email change'],
  args: EditTemplateArgs,
  argOptions: { template: templateOptions },
  argLabels: { template: 'Template', subject: 'Subject (blank: keep)', body: 'Body, HTML (blank: keep)' },
  when: on('auth.templates'),
  enabled: canConfigure,
  run: lazyRun(load, 'editTemplate'),
})

export const TemplateArgs = z.object({ template })

export const selectTemplate = defineCommand({
  id: 'auth.template.select',
  title: 'Show email template',
  area: AREA,
  keywords: ['switch template', 'confirmation', 'invite', 'magic link', 'recovery', 'email change'],
  args: TemplateArgs,
  argOptions: { template: templateOptions },
  argLabels: { template: 'Template' },
  when: on('auth.templates'),
  run: lazyRun(load, 'selectTemplate'),
})

export const PreviewTemplateArgs = z.object({ template: template.optional() })

export const previewTemplate = defineCommand({
  id: 'auth.template.preview',
  title: 'Preview email template',
  area: AREA,
  keywords: ['render', 'see email', 'html'],
  args: PreviewTemplateArgs,
  argOptions: { template: templateOptions },
  argLabels: { template: 'Template (blank: the one in view)' },
  when: on('auth.templates'),
  checked: () => authConfigEditor.preview !== null && authConfigEditor.preview === authConfigEditor.template,
  enabled: canConfigure,
  run: lazyRun(load, 'previewTemplate'),
})

// ---- URL configuration ----

export const SetSiteUrlArgs = z.object({ url: siteUrl })

export const setSiteUrl = defineCommand({
  id: 'auth.site-url.set',
  title: 'Set site URL',
  area: AREA,
  keywords: ['site url', 'default redirect', 'links'],
  args: SetSiteUrlArgs,
  argLabels: { url: 'Site URL, such as https://example.com' },
  when: on('auth.url-configuration'),
  enabled: canConfigure,
  run: lazyRun(load, 'setSiteUrl'),
})

export const AddRedirectUrlArgs = z.object({ url: redirectUrl })

export const addRedirectUrl = defineCommand({
  id: 'auth.redirect-url.add',
  title: 'Add redirect URL',
  area: AREA,
  keywords: ['allow list', 'redirect', 'callback', 'whitelist'],
  args: AddRedirectUrlArgs,
  argLabels: { url: 'Redirect URL, such as https://example.com/** (wildcards * and **)' },
  when: on('auth.url-configuration'),
  enabled: canConfigure,
  run: lazyRun(load, 'addRedirectUrl'),
})

export const RemoveRedirectUrlArgs = z.object({ url: z.string({ error: 'Pick a URL' }).trim().min(1, 'Pick a URL') })

export const removeRedirectUrl = defineCommand({
  id: 'auth.redirect-url.remove',
  title: 'Remove redirect URL',
  area: AREA,
  keywords: ['allow list', 'redirect', 'delete url'],
  args: RemoveRedirectUrlArgs,
  argOptions: {
    url: async (ctx) => redirectUrls((await readAuthConfig(ctx.api, ctx.queryClient, ctx.ref)).URI_ALLOW_LIST).map((u) => ({ value: u })),
  },
  argLabels: { url: 'Redirect URL' },
  when: on('auth.url-configuration'),
  enabled: canConfigure,
  run: lazyRun(load, 'removeRedirectUrl'),
})

// ---- hooks ----

export const SetHookArgs = z.object({
  enabled: z.boolean({ error: 'Say whether the hook is enabled' }),
  /** pg-functions://postgres/{schema}/{name} */
  function: z.string().trim().optional(),
})

export const setAccessTokenHook = defineCommand({
  id: 'auth.hook.set',
  title: 'Set custom access token hook',
  area: AREA,
  keywords: ['hooks', 'claims', 'jwt', 'postgres function', 'enable hook', 'disable hook'],
  args: SetHookArgs,
  argOptions: {
    function: async (ctx) =>
      (await ctx.queryClient.fetchQuery(hookFunctionsQuery(ctx.api, ctx.ref))).map((f) => ({ value: f.uri, label: `${f.schema}.${f.name}` })),
  },
  argWhen: { function: (s) => s.enabled === true },
  argLabels: { enabled: 'Enabled', function: 'Postgres function (event jsonb) returns jsonb' },
  when: on('auth.hooks'),
  enabled: canConfigure,
  run: lazyRun(load, 'setAccessTokenHook'),
})
