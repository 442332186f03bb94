/**
 * The bodies of auth-config.ts's commands: each reads the configuration fresh, builds the patch, and
 * PATCHes it (the server checks project_auth:all and the rules again); the saved configuration replaces the
 * cached one and the open form starts again from it.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import type {
  AddRedirectUrlArgs, EditTemplateArgs, PreviewTemplateArgs, RemoveRedirectUrlArgs, SetEmailArgs, SetHookArgs, SetProviderArgs,
  SetRateLimitsArgs, SetSiteUrlArgs, TemplateArgs,
} from './auth-config'
import { TEMPLATE_LABELS } from './auth-config'
import type { CommandContext } from '../src/web/model/app/context'
import type { AuthConfig, AuthConfigPatch } from '../src/shared/auth'
import { previewVariables, renderTemplate, templateFields } from '../src/shared/auth-template'
import { PROVIDER_LABELS, authConfigProblem, hookFunctionOf, hookUri, joinRedirectUrls, providerFields, redirectUrls } from '../src/shared/contract/auth-config'
import { MSG } from '../src/shared/messages'
import { readAuthConfig, writeAuthConfig } from '../src/web/model/auth/config-data'
import { authConfigEditor, closePreview, openPreview, resetDraft, selectTemplate as showTemplate } from '../src/web/model/auth/config-state'

/** PATCHes `patch` (refused first with the rule it breaks), then the form starts again from the answer. */
async function save(ctx: CommandContext, patch: AuthConfigPatch, done: string): Promise<AuthConfig> {
  const current = await readAuthConfig(ctx.api, ctx.queryClient, ctx.ref, true)
  const problem = authConfigProblem({ ...current, ...patch })
  if (problem) throw new CommandError(problem, 'invalid-args')
  const saved = await writeAuthConfig(ctx.api, ctx.queryClient, ctx.ref, patch)
  resetDraft()
  ctx.toast.success(done)
  return saved
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

export const saveAuthConfig = async (ctx: CommandContext) => {
  const draft = authConfigEditor.draft
  if (!draft) throw new CommandError(MSG.authNoChanges, 'disabled')
  if (draft.problem) throw new CommandError(draft.problem, 'invalid-args')
  return save(ctx, draft.patch, 'Saved authentication settings')
}

export const discardAuthConfig = () => {
  resetDraft()
}

export const setProvider = async (ctx: CommandContext, { provider, enabled, clientId, secret, url }: z.infer<typeof SetProviderArgs>) => {
  if (provider === 'phone') {
    if (enabled) throw new CommandError(MSG.authPhoneUnavailable, 'invalid-args')
    return save(ctx, { EXTERNAL_PHONE_ENABLED: false }, 'Phone sign-in: disabled')
  }
  if (provider === 'email') return save(ctx, { EXTERNAL_EMAIL_ENABLED: enabled }, `Email sign-in: ${enabled ? 'enabled' : 'disabled'}`)
  if (provider === 'anonymous') {
    return save(ctx, { EXTERNAL_ANONYMOUS_USERS_ENABLED: enabled }, `Anonymous sign-ins: ${enabled ? 'enabled' : 'disabled'}`)
  }
  const f = providerFields(provider)
  const patch = defined({ [f.enabled]: enabled, [f.clientId]: clientId || undefined, [f.secret]: secret || undefined, [f.url]: url })
  return save(ctx, patch as AuthConfigPatch, `${PROVIDER_LABELS[provider]}: ${enabled ? 'enabled' : 'disabled'}`)
}

export const setEmailOptions = async (ctx: CommandContext, args: z.infer<typeof SetEmailArgs>) => {
  const patch = defined({
    DISABLE_SIGNUP: args.allowSignups === undefined ? undefined : !args.allowSignups,
    MAILER_AUTOCONFIRM: args.confirmEmail === undefined ? undefined : !args.confirmEmail,
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: args.secureEmailChange,
    PASSWORD_MIN_LENGTH: args.passwordMinLength,
    MAILER_OTP_EXP: args.otpExpiry,
  })
  if (Object.keys(patch).length === 0) throw new CommandError('Give at least one option to change', 'invalid-args')
  return save(ctx, patch, 'Saved sign-up and email options')
}

export const setRateLimits = async (ctx: CommandContext, args: z.infer<typeof SetRateLimitsArgs>) => {
  const patch = defined({
    RATE_LIMIT_EMAIL_SENT: args.emailSent,
    RATE_LIMIT_SIGN_IN_SIGN_UPS: args.signInSignUps,
    RATE_LIMIT_TOKEN_REFRESH: args.tokenRefresh,
    RATE_LIMIT_VERIFY: args.verify,
    RATE_LIMIT_OTP: args.otp,
    RATE_LIMIT_ANONYMOUS_USERS: args.anonymousUsers,
  })
  if (Object.keys(patch).length === 0) throw new CommandError('Give at least one rate limit to change', 'invalid-args')
  return save(ctx, patch, 'Saved rate limits')
}

export const editTemplate = async (ctx: CommandContext, { template, subject, body }: z.infer<typeof EditTemplateArgs>) => {
  if (subject === undefined && body === undefined) throw new CommandError('Give a subject or a body to change', 'invalid-args')
  const f = templateFields(template)
  showTemplate(template)
  return save(ctx, defined({ [f.subject]: subject, [f.body]: body }), `Saved the ${TEMPLATE_LABELS[template]} template`)
}

export const selectTemplate = (_ctx: CommandContext, { template }: z.infer<typeof TemplateArgs>) => {
  showTemplate(template)
}

/**
 * The template as it would be sent (with sample values), opened in the preview: the unsaved subject and
 * body when the form holds some, else the saved ones. Run again without a template, it closes the preview.
 */
export const previewTemplate = async (ctx: CommandContext, args: z.infer<typeof PreviewTemplateArgs>) => {
  // without a template named, the preview of the one in view toggles (back to its source)
  if (!args.template && authConfigEditor.preview === authConfigEditor.template) {
    closePreview()
    return null
  }
  const template = args.template ?? authConfigEditor.template
  const config = await readAuthConfig(ctx.api, ctx.queryClient, ctx.ref)
  const f = templateFields(template)
  const draft = authConfigEditor.draft?.page === 'templates' ? authConfigEditor.draft.patch : {}
  const vars = previewVariables(config, template)
  openPreview(template)
  return {
    template,
    subject: renderTemplate(draft[f.subject] ?? config[f.subject], vars, 'text'),
    html: renderTemplate(draft[f.body] ?? config[f.body], vars, 'html'),
  }
}

export const setSiteUrl = async (ctx: CommandContext, { url }: z.infer<typeof SetSiteUrlArgs>) => save(ctx, { SITE_URL: url }, `Site URL: ${url}`)

export const addRedirectUrl = async (ctx: CommandContext, { url }: z.infer<typeof AddRedirectUrlArgs>) => {
  const urls = redirectUrls((await readAuthConfig(ctx.api, ctx.queryClient, ctx.ref, true)).URI_ALLOW_LIST)
  if (urls.includes(url)) throw new CommandError(MSG.authRedirectUrlExists, 'invalid-args')
  return save(ctx, { URI_ALLOW_LIST: joinRedirectUrls([...urls, url]) }, `Added ${url} to the redirect URLs`)
}

export const removeRedirectUrl = async (ctx: CommandContext, { url }: z.infer<typeof RemoveRedirectUrlArgs>) => {
  const urls = redirectUrls((await readAuthConfig(ctx.api, ctx.queryClient, ctx.ref, true)).URI_ALLOW_LIST)
  if (!urls.includes(url)) throw new CommandError(MSG.authRedirectUrlMissing, 'invalid-args')
  const sure = await ctx.confirm({
    title: 'Remove redirect URL',
    description: `${url} will no longer be accepted as a redirect after sign-in, magic links or password recovery.`,
    confirmLabel: 'Remove URL',
    destructive: true,
  })
  if (!sure) return null
  return save(ctx, { URI_ALLOW_LIST: joinRedirectUrls(urls.filter((u) => u !== url)) }, `Removed ${url} from the redirect URLs`)
}

export const setAccessTokenHook = async (ctx: CommandContext, { enabled, function: fn }: z.infer<typeof SetHookArgs>) => {
  // a URI as the pick list gives it, or schema.name as typed
  if (fn && /^[^./\s]+\.[^./\s]+$/.test(fn)) fn = hookUri(...(fn.split('.') as [string, string]))
  if (fn && !hookFunctionOf(fn)) throw new CommandError(MSG.authHookFunctionRequired, 'invalid-args')
  const patch = defined({ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: enabled, HOOK_CUSTOM_ACCESS_TOKEN_URI: fn || undefined })
  const named = fn ? hookFunctionOf(fn) : null
  return save(ctx, patch, enabled ? `Custom access token hook: ${named ? `${named.schema}.${named.name}` : 'enabled'}` : 'Custom access token hook: disabled')
}
