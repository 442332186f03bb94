/**
 * Authentication settings commands, run headless on a studio of this file's own (the auth configuration is
 * the whole studio's), PGlite and PostgreSQL: each change is read back from the auth service itself
 * (studio.auth.config, secrets in clear) and from GET config (secrets masked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/auth-config'
import { disabledReason, getCommand } from '../../commands/registry'
import type { AuthConfig } from '../../src/shared/auth'
import { previewVariables, renderTemplate } from '../../src/shared/auth-template'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { endpoints } from '../../src/shared/contract'
import { AUTH_SECRET_MASK } from '../../src/shared/contract/auth-config'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { authConfigQuery } from '../../src/web/model/auth/config-data'
import { draftOf } from '../../src/web/model/auth/config-forms'
import { authConfigEditor, setDraft } from '../../src/web/model/auth/config-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('auth settings commands on $name', (like) => {
  let own: OwnStudio
  let ctx: HeadlessContext

  beforeAll(async () => {
    own = await ownStudio(like, 'auth-config-commands')
    ctx = headlessContext(own.target, paths.authProviders(ref))
  })
  afterAll(async () => {
    await own?.close()
  })

  /** the configuration as the service holds it (secrets in clear) */
  const held = () => own.studio.auth.config(ref)
  /** the configuration as the dashboard reads it */
  const answered = () => ctx.api.call(endpoints.authConfig, { params: { ref } })
  const goTo = (path: string) => ctx.navigate({ to: path })
  const lastToast = () => ctx.toasts.at(-1)

  it('enables and disables email and anonymous sign-ins; phone stays unavailable', async () => {
    await goTo(paths.authProviders(ref))
    await run('auth.provider.set', { provider: 'anonymous', enabled: true })
    expect((await held()).EXTERNAL_ANONYMOUS_USERS_ENABLED).toBe(true)
    expect(lastToast()).toEqual({ kind: 'success', message: 'Anonymous sign-ins: enabled' })
    await run('auth.provider.set', { provider: 'email', enabled: false })
    expect((await answered()).EXTERNAL_EMAIL_ENABLED).toBe(false)
    await run('auth.provider.set', { provider: 'email', enabled: true })
    expect((await held()).EXTERNAL_EMAIL_ENABLED).toBe(true)

    await expect(run('auth.provider.set', { provider: 'phone', enabled: true })).rejects.toThrow(MSG.authPhoneUnavailable)
    expect((await held()).EXTERNAL_PHONE_ENABLED).toBe(false)
    await expect(runUnchecked('auth.provider.set', { provider: 'myspace', enabled: true })).rejects.toThrow(/provider/i)
  })

  it('configures an OAuth provider: credentials first, the secret kept and never read back', async () => {
    await expect(run('auth.provider.set', { provider: 'github', enabled: true })).rejects.toThrow(MSG.authProviderCredentials('GitHub'))
    expect((await held()).EXTERNAL_GITHUB_ENABLED).toBe(false)

    await run('auth.provider.set', { provider: 'github', enabled: true, clientId: 'gh-id', secret: 'gh-secret-123', url: 'http://127.0.0.1:9999' })
    expect(await held()).toMatchObject({ EXTERNAL_GITHUB_ENABLED: true, EXTERNAL_GITHUB_CLIENT_ID: 'gh-id', EXTERNAL_GITHUB_SECRET: 'gh-secret-123', EXTERNAL_GITHUB_URL: 'http://127.0.0.1:9999' })
    expect(lastToast()).toEqual({ kind: 'success', message: 'GitHub: enabled' })
    const cached = ctx.queryClient.getQueryData(authConfigQuery(ctx.api, ref).queryKey)
    expect(cached?.EXTERNAL_GITHUB_SECRET).toBe(AUTH_SECRET_MASK)
    expect(JSON.stringify(await answered())).not.toContain('gh-secret-123')

    // disabling leaves the credentials as they are
    await run('auth.provider.set', { provider: 'github', enabled: false })
    expect(await held()).toMatchObject({ EXTERNAL_GITHUB_ENABLED: false, EXTERNAL_GITHUB_SECRET: 'gh-secret-123' })
    await expect(runUnchecked('auth.provider.set', { provider: 'google', enabled: false, url: 'not a url' })).rejects.toThrow(MSG.authSiteUrlInvalid)
  })

  it('sets sign-up and email options', async () => {
    await run('auth.email.set', { allowSignups: false, confirmEmail: true, passwordMinLength: 10, otpExpiry: 600, secureEmailChange: false })
    expect(await held()).toMatchObject({
      DISABLE_SIGNUP: true, MAILER_AUTOCONFIRM: false, PASSWORD_MIN_LENGTH: 10, MAILER_OTP_EXP: 600, MAILER_SECURE_EMAIL_CHANGE_ENABLED: false,
    })
    await run('auth.email.set', { allowSignups: true, confirmEmail: false })
    expect(await held()).toMatchObject({ DISABLE_SIGNUP: false, MAILER_AUTOCONFIRM: true, PASSWORD_MIN_LENGTH: 10 })
    await expect(runUnchecked('auth.email.set', { passwordMinLength: 3 })).rejects.toThrow('Enter a length from 6 to 72 characters')
    await expect(run('auth.email.set', {})).rejects.toThrow('Give at least one option to change')
  })

  it('sets rate limits, refusing what is no count', async () => {
    await goTo(paths.authRateLimits(ref))
    await run('auth.rate-limits.set', { emailSent: 120, signInSignUps: 45, tokenRefresh: 300, verify: 40, otp: 35, anonymousUsers: 5 })
    expect(await held()).toMatchObject({
      RATE_LIMIT_EMAIL_SENT: 120, RATE_LIMIT_SIGN_IN_SIGN_UPS: 45, RATE_LIMIT_TOKEN_REFRESH: 300, RATE_LIMIT_VERIFY: 40, RATE_LIMIT_OTP: 35,
      RATE_LIMIT_ANONYMOUS_USERS: 5,
    })
    expect(lastToast()).toEqual({ kind: 'success', message: 'Saved rate limits' })
    await expect(runUnchecked('auth.rate-limits.set', { otp: -1 })).rejects.toThrow(MSG.authRateLimitInvalid)
    await expect(runUnchecked('auth.rate-limits.set', { otp: 1.5 })).rejects.toThrow(MSG.authRateLimitInvalid)
    expect((await held()).RATE_LIMIT_OTP).toBe(35)
    // only on its page
    await goTo(paths.authProviders(ref))
    await expect(run('auth.rate-limits.set', { otp: 1 })).rejects.toThrow(/not available here/)
  })

  it('edits a template and previews it with the same substitution the service sends', async () => {
    await goTo(paths.authTemplates(ref))
    await run('auth.template.edit', { template: 'invite', subject: 'Join {{ .SiteURL }}', body: '<p>Hi {{ .Email }}, <a href="{{ .ConfirmationURL }}">accept</a> {{ .Token }} {{ .Data.name }} {{ .Nope }}</p>' })
    expect(await held()).toMatchObject({ MAILER_SUBJECTS_INVITE: 'Join {{ .SiteURL }}' })
    expect(authConfigEditor.template).toBe('invite')

    const preview = await run('auth.template.preview', {})
    expect(preview).not.toBeNull()
    const site = (await held()).SITE_URL
    expect(preview!.subject).toBe(`Join ${site}`)
    expect(preview!.html).toContain('Hi user@example.com')
    expect(preview!.html).toContain(`href="${site}/auth/v1/verify?token=`)
    expect(preview!.html).toContain('123456 Ada Lovelace {{ .Nope }}')
    expect(authConfigEditor.preview).toBe('invite')
    // again: back to the source
    expect(await run('auth.template.preview', {})).toBeNull()
    expect(authConfigEditor.preview).toBeNull()

    // the preview shows unsaved changes of the form
    const config = await held()
    setDraft(draftOf('templates', { ...config } as AuthConfig, { MAILER_TEMPLATES_RECOVERY_CONTENT: '<b>{{ .Email }} & co</b>' }))
    const unsaved = await run('auth.template.preview', { template: 'recovery' })
    expect(unsaved!.html).toBe('<b>user@example.com & co</b>')
    // values are escaped into the HTML, the template's own markup is not (as Go's html/template)
    expect(renderTemplate('<i>{{ .Email }}</i>', { ...previewVariables(config, 'recovery'), Email: '<x>&' })).toBe('<i>&lt;x&gt;&amp;</i>')
    setDraft(null)

    await run('auth.template.select', { template: 'magic_link' })
    expect(authConfigEditor.template).toBe('magic_link')
    await expect(runUnchecked('auth.template.edit', { template: 'invite', subject: '' })).rejects.toThrow('Enter a subject')
    await expect(run('auth.template.edit', { template: 'invite' })).rejects.toThrow('Give a subject or a body to change')
  })

  it('sets the site URL and adds and removes redirect URLs', async () => {
    await goTo(paths.authUrlConfiguration(ref))
    await run('auth.site-url.set', { url: 'https://app.example.com' })
    expect((await held()).SITE_URL).toBe('https://app.example.com')
    await expect(run('auth.site-url.set', { url: 'app.example.com' })).rejects.toThrow(MSG.authSiteUrlInvalid)

    await run('auth.redirect-url.add', { url: 'https://app.example.com/**' })
    await run('auth.redirect-url.add', { url: 'myapp://callback' })
    expect((await held()).URI_ALLOW_LIST).toBe('https://app.example.com/**,myapp://callback')
    await expect(run('auth.redirect-url.add', { url: 'myapp://callback' })).rejects.toThrow(MSG.authRedirectUrlExists)
    await expect(run('auth.redirect-url.add', { url: 'not a url' })).rejects.toThrow(MSG.authRedirectUrlInvalid)

    ctx.confirmAnswers.push(false)
    expect(await run('auth.redirect-url.remove', { url: 'myapp://callback' })).toBeNull()
    expect((await held()).URI_ALLOW_LIST).toBe('https://app.example.com/**,myapp://callback')
    await run('auth.redirect-url.remove', { url: 'myapp://callback' })
    expect(ctx.confirms.at(-1)?.title).toBe('Remove redirect URL')
    expect((await held()).URI_ALLOW_LIST).toBe('https://app.example.com/**')
    await expect(run('auth.redirect-url.remove', { url: 'myapp://callback' })).rejects.toThrow(MSG.authRedirectUrlMissing)
    const options = await getCommand('auth.redirect-url.remove')!.argOptions!.url!(ctx, {})
    expect(options.map((o) => o.value)).toEqual(['https://app.example.com/**'])
  })

  it('enables the custom access token hook with a function of the database, and disables it', async () => {
    await goTo(paths.authHooks(ref))
    await ctx.api.query(ref, `create or replace function public.cmd_claims_hook(event jsonb) returns jsonb language sql stable as $$ select event $$`)
    const options = await getCommand('auth.hook.set')!.argOptions!.function!(ctx, { enabled: true })
    expect(options).toContainEqual({ value: 'pg-functions://postgres/public/cmd_claims_hook', label: 'public.cmd_claims_hook' })

    await expect(run('auth.hook.set', { enabled: true })).rejects.toThrow(MSG.authHookFunctionRequired)
    await expect(run('auth.hook.set', { enabled: true, function: 'public.no_such_fn' })).rejects.toThrow(MSG.authHookFunctionMissing('public.no_such_fn'))
    expect((await held()).HOOK_CUSTOM_ACCESS_TOKEN_ENABLED).toBe(false)

    await run('auth.hook.set', { enabled: true, function: 'public.cmd_claims_hook' })
    expect(await held()).toMatchObject({ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true, HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/cmd_claims_hook' })
    expect(lastToast()).toEqual({ kind: 'success', message: 'Custom access token hook: public.cmd_claims_hook' })
    await run('auth.hook.set', { enabled: false })
    expect(await held()).toMatchObject({ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: false, HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/cmd_claims_hook' })
  })

  it('saves and discards the open form\'s draft', async () => {
    await goTo(paths.authRateLimits(ref))
    const save = getCommand('auth.config.save')!
    setDraft(null)
    expect(disabledReason(save, ctx)).toBe(MSG.authNoChanges)

    const config = await held()
    setDraft(draftOf('rate-limits', config, { RATE_LIMIT_OTP: '77', RATE_LIMIT_VERIFY: String(config.RATE_LIMIT_VERIFY) }))
    expect(authConfigEditor.draft?.patch).toEqual({ RATE_LIMIT_OTP: 77 })
    const resets = authConfigEditor.resets
    await run('auth.config.save', {})
    expect((await held()).RATE_LIMIT_OTP).toBe(77)
    expect(authConfigEditor.draft).toBeNull()
    expect(authConfigEditor.resets).toBe(resets + 1)
    expect(lastToast()).toEqual({ kind: 'success', message: 'Saved authentication settings' })

    setDraft(draftOf('rate-limits', config, { RATE_LIMIT_OTP: 'lots' }))
    await expect(run('auth.config.save', {})).rejects.toThrow(MSG.authRateLimitInvalid)
    expect((await held()).RATE_LIMIT_OTP).toBe(77)
    await run('auth.config.discard', {})
    expect(authConfigEditor.draft).toBeNull()

    await goTo(paths.authProviders(ref))
    setDraft(draftOf('providers', await held(), { EXTERNAL_GOOGLE_ENABLED: true }))
    await expect(run('auth.config.save', {})).rejects.toThrow(MSG.authProviderCredentials('Google'))
    setDraft(null)
  })

  it('sets the SMTP server from the Email templates page: a sender is required, the password is kept unseen', async () => {
    await goTo(paths.authTemplates(ref))
    const config = await held()
    setDraft(draftOf('templates', config, { SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525' }))
    await expect(run('auth.config.save', {})).rejects.toThrow(MSG.authSmtpSenderRequired)
    setDraft(draftOf('templates', config, { SMTP_HOST: 'smtp.example.com', SMTP_PORT: '99999', SMTP_ADMIN_EMAIL: 'noreply@example.com' }))
    await expect(run('auth.config.save', {})).rejects.toThrow(MSG.authSmtpPortInvalid)
    expect((await held()).SMTP_HOST).toBe(config.SMTP_HOST)

    setDraft(draftOf('templates', config, {
      SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', SMTP_USER: 'mailer', SMTP_PASS: 'smtp-secret', SMTP_ADMIN_EMAIL: 'noreply@example.com', SMTP_SENDER_NAME: 'Studio',
    }))
    await run('auth.config.save', {})
    expect(await held()).toMatchObject({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', SMTP_USER: 'mailer', SMTP_PASS: 'smtp-secret', SMTP_ADMIN_EMAIL: 'noreply@example.com' })
    // the form shows the saved password as empty: left empty, it stays
    const saved = await held()
    setDraft(draftOf('templates', saved, { SMTP_PASS: '', SMTP_HOST: '' }))
    await run('auth.config.save', {})
    expect(await held()).toMatchObject({ SMTP_HOST: '', SMTP_PASS: 'smtp-secret' })
  })

  it('is disabled without project_auth:all, with the spec\'s notice', async () => {
    await goTo(paths.authProviders(ref))
    ctx.denied.add('projectAuthAll')
    try {
      const notice = MSG.noPermission('manage authentication')
      for (const id of ['auth.provider.set', 'auth.email.set', 'auth.config.save'] as const) {
        expect(disabledReason(getCommand(id)!, ctx)).toBe(notice)
      }
      await expect(run('auth.provider.set', { provider: 'anonymous', enabled: false })).rejects.toThrow(notice)
    } finally {
      ctx.denied.delete('projectAuthAll')
    }
  })
})
