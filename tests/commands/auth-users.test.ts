/**
 * Authentication → Users commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): each change is read back from auth.users, auth.sessions and auth.mfa_factors.
 * Every user a test makes has an email of this run's own, so the shared studio's other users do not matter.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/auth-users'
import '../../commands/nav'
import { disabledReason, getCommand, optionsTotal } from '../../commands/registry'
import type { AuthUser } from '../../src/shared/auth'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { usersPageQuery } from '../../src/web/model/auth/users-data'
import { usersState } from '../../src/web/model/auth/users-state'
import { authFeatures } from '../../src/web/model/auth/features'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const PASSWORD = 'a-long-password-1'

describe.each(targets())('auth users commands on $name', (target) => {
  const stamp = Math.random().toString(36).slice(2, 8)
  const email = (what: string) => `cmd-${what}-${stamp}@example.com`
  let ctx: HeadlessContext

  const row = async (id: string) =>
    (await ctx.api.query<{ email: string; email_confirmed_at: string | null; invited_at: string | null; banned_until: string | null; recovery_sent_at: string | null }>(
      ref, `select email, email_confirmed_at, invited_at, banned_until, recovery_sent_at from auth.users where id = '${id}'`,
    ))[0]
  const byEmail = async (address: string) => (await ctx.api.query<{ id: string }>(ref, `select id from auth.users where email = '${address}'`))[0]
  const sessions = async (id: string) => Number((await ctx.api.query<{ n: number }>(ref, `select count(*)::int as n from auth.sessions where user_id = '${id}'`))[0]!.n)
  const make = (what: string) => run('auth.user.create', { email: email(what), password: PASSWORD, autoConfirm: true }) as Promise<AuthUser>

  /** Signs the user in through the project's auth API (as auth-js does): a session and a refresh token. */
  async function signIn(address: string) {
    const settings = await ctx.api.apiSettings(ref)
    const res = await fetch(`${settings.api_url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: settings.anon_key, 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: PASSWORD }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as { access_token: string; refresh_token: string }
  }

  beforeAll(() => {
    ctx = headlessContext(target, paths.authUsers(ref))
  })
  afterAll(async () => {
    await ctx.api.query(ref, `delete from auth.users where email like 'cmd-%-${stamp}@example.com'`)
  })

  it('creates users, confirmed or not, and refuses a bad email changing nothing', async () => {
    const user = await make('create')
    expect(user.email).toBe(email('create'))
    expect((await row(user.id))?.email_confirmed_at).not.toBeNull()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created user ${email('create')}` })

    const unconfirmed = (await run('auth.user.create', { email: email('later'), password: PASSWORD, autoConfirm: false })) as AuthUser
    expect((await row(unconfirmed.id))?.email_confirmed_at).toBeNull()

    await expect(runUnchecked('auth.user.create', { email: 'not an email', password: PASSWORD })).rejects.toThrow(MSG.authEmailInvalid)
    await expect(runUnchecked('auth.user.create', { email: email('nopw'), password: '' })).rejects.toThrow(MSG.authPasswordRequired)
    expect(await byEmail(email('nopw'))).toBeUndefined()
    // the same email twice: the service's refusal, nothing added
    await expect(make('create')).rejects.toThrow()
    expect(Number((await ctx.api.query<{ n: number }>(ref, `select count(*)::int as n from auth.users where email = '${email('create')}'`))[0]!.n)).toBe(1)
  })

  it('invites a user: created unconfirmed, with invited_at', async () => {
    const user = (await run('auth.user.invite', { email: email('invite') })) as AuthUser
    const kept = await row(user.id)
    expect(kept?.invited_at).not.toBeNull()
    expect(kept?.email_confirmed_at).toBeNull()
    expect(ctx.toasts.at(-1)?.message).toBe(`Sent an invitation to ${email('invite')}`)
  })

  it('sends a magic link and a recovery email to a user', async () => {
    const user = await make('mail')
    await run('auth.user.magic-link.send', { userId: user.id })
    expect(ctx.toasts.at(-1)?.message).toBe(`Sent a magic link to ${email('mail')}`)
    await run('auth.user.recovery.send', { userId: user.id })
    expect(ctx.toasts.at(-1)?.message).toBe(`Sent a password recovery email to ${email('mail')}`)
    expect((await row(user.id))?.recovery_sent_at).not.toBeNull()
  })

  it('bans a user for a duration and lifts the ban', async () => {
    const user = await make('ban')
    const before = Date.now()
    await run('auth.user.ban', { userId: user.id, duration: '24h' })
    const until = Date.parse((await row(user.id))!.banned_until!)
    expect(until - before).toBeGreaterThan(23.9 * 3600_000)
    expect(until - before).toBeLessThan(24.1 * 3600_000)
    expect(ctx.toasts.at(-1)?.message).toBe(`Banned ${email('ban')} for 24 hours`)
    await expect(runUnchecked('auth.user.ban', { userId: user.id, duration: '5 years' })).rejects.toThrow('Pick a duration')

    await run('auth.user.unban', { userId: user.id })
    expect((await row(user.id))?.banned_until).toBeNull()
    await run('auth.user.unban', { userId: user.id })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'info', message: `${email('ban')} is not banned` })
  })

  it('signs a user out of every session, after asking', async () => {
    const user = await make('signout')
    await signIn(email('signout'))
    await signIn(email('signout'))
    expect(await sessions(user.id)).toBe(2)

    ctx.confirmAnswers.push(false)
    expect(await run('auth.user.sign-out', { userId: user.id })).toBe(false)
    expect(await sessions(user.id)).toBe(2)

    expect(await run('auth.user.sign-out', { userId: user.id })).toBe(true)
    expect(ctx.confirms.at(-1)?.title).toBe(`Sign out ${email('signout')}?`)
    expect(await sessions(user.id)).toBe(0)
    expect(await run('auth.user.sign-out', { userId: user.id })).toBe(false)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'info', message: MSG.authUserNoSessions })
  })

  it('removes an MFA factor of a user', async () => {
    const user = await make('factor')
    const factorId = randomUUID()
    await ctx.api.query(ref, `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
      values ('${factorId}', '${user.id}', 'Phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`)
    const options = await getCommand('auth.user.factor.remove')!.argOptions!.factorId!(ctx, { userId: user.id })
    expect(options).toEqual([{ value: factorId, label: 'Phone app', hint: 'totp · verified' }])

    await expect(run('auth.user.factor.remove', { userId: user.id, factorId: randomUUID() })).rejects.toThrow(`${email('factor')} has no factor with id`)
    expect(await run('auth.user.factor.remove', { userId: user.id, factorId })).toBe(true)
    expect(await ctx.api.query(ref, `select id from auth.mfa_factors where id = '${factorId}'`)).toEqual([])
  })

  it('deletes a user only when the confirmation matches', async () => {
    const user = await make('delete')
    await expect(run('auth.user.delete', { userId: user.id, confirmation: 'someone-else@example.com' })).rejects.toThrow(MSG.valueMismatch)
    expect(await byEmail(email('delete'))).toBeDefined()

    await run('auth.user.open', { userId: user.id })
    await run('auth.user.delete-dialog.open', { userId: user.id })
    expect(usersState.dialog).toEqual({ kind: 'delete', userId: user.id })
    expect(await run('auth.user.delete', { userId: user.id, confirmation: email('delete') })).toBe(true)
    expect(await byEmail(email('delete'))).toBeUndefined()
    expect(usersState.dialog).toBeNull()
    expect(ctx.location.search.user).toBeUndefined()
    await expect(run('auth.user.delete-dialog.open', { userId: user.id })).rejects.toThrow()
  })

  it('opens a user from anywhere, keeps search, filter and sort in the URL, and the panel closes', async () => {
    const user = await make('open')
    await ctx.navigate({ to: paths.project(ref) })
    await run('auth.user.open', { userId: user.id })
    expect(ctx.location.pathname).toBe(paths.authUsers(ref))
    expect(ctx.location.search.user).toBe(user.id)
    await run('auth.user.panel.close')
    expect(ctx.location.search.user).toBeUndefined()

    await run('auth.users.search', { search: `  ${email('open')} ` })
    await run('auth.users.filter.set', { filter: 'verified' })
    await run('auth.users.sort.set', { sort: 'email', order: 'asc' })
    expect(ctx.location.search).toMatchObject({ search: email('open'), filter: 'verified', sort: 'email', order: 'asc' })
    const page = await ctx.queryClient.fetchQuery(usersPageQuery(ctx.api, ref, { search: email('open'), filter: 'verified', sort: 'email', order: 'asc' }, 1))
    expect(page.users.map((u) => u.id)).toEqual([user.id])
    expect(page.total).toBe(1)
    const unverified = await ctx.queryClient.fetchQuery(usersPageQuery(ctx.api, ref, { search: email('open'), filter: 'unverified', sort: 'email', order: 'asc' }, 1))
    expect(unverified.total).toBe(0)

    await run('auth.users.filter.set', { filter: 'all' })
    await run('auth.users.sort.set', { sort: 'created_at', order: 'desc' })
    await run('auth.users.search', { search: '' })
    expect(ctx.location.search).toEqual({})

    usersState.focusedUserId = user.id
    await run('auth.user.panel.open')
    expect(ctx.location.search.user).toBe(user.id)
  })

  it('finds a user by part of the email in the palette, the user in view first', async () => {
    const user = await make('palette')
    const pick = getCommand('auth.user.open')!.argOptions!.userId!
    const found = await pick(ctx, {}, { query: `palette-${stamp}` })
    expect([...found]).toEqual([expect.objectContaining({ value: user.id, label: email('palette') })])
    expect(optionsTotal(found)).toBe(1)
    await run('auth.user.open', { userId: user.id })
    const shown = await pick(ctx, {}, { query: '' })
    expect(shown[0]?.value).toBe(user.id)
  })

  it('opens the invite and ban dialogs, and refreshes the list', async () => {
    const user = await make('dialogs')
    await run('auth.user.invite-dialog.open')
    expect(usersState.dialog).toEqual({ kind: 'invite' })
    await run('auth.user.ban-dialog.open', { userId: user.id })
    expect(usersState.dialog).toEqual({ kind: 'ban', userId: user.id })
    await run('auth.user.create-dialog.open')
    expect(usersState.dialog).toEqual({ kind: 'create' })
    usersState.dialog = null

    const listing = { search: email('dialogs'), filter: 'all', sort: 'created_at', order: 'desc' } as const
    await ctx.queryClient.fetchQuery(usersPageQuery(ctx.api, ref, listing, 1))
    await ctx.api.query(ref, `update auth.users set phone = '15550100${stamp.length}' where id = '${user.id}'`)
    await run('auth.users.refresh')
    expect(ctx.queryClient.getQueryData(usersPageQuery(ctx.api, ref, listing, 1).queryKey)?.users[0]?.phone).toBe(`15550100${stamp.length}`)
  })

  it('goes to every page of the Authentication menu; Column privileges only with its flag on', async () => {
    const pages = {
      'nav.auth-providers.go': paths.authProviders(ref),
      'nav.auth-rate-limits.go': paths.authRateLimits(ref),
      'nav.auth-templates.go': paths.authTemplates(ref),
      'nav.auth-url-configuration.go': paths.authUrlConfiguration(ref),
      'nav.auth-hooks.go': paths.authHooks(ref),
      'nav.auth-emails.go': paths.authEmails(ref),
    } as const
    for (const [id, path] of Object.entries(pages)) {
      await run(id as keyof typeof pages)
      expect(ctx.location.pathname).toBe(path)
    }
    const flagged = getCommand('nav.auth-column-privileges.go')!
    expect(authFeatures.columnPrivileges).toBe(false)
    await expect(run('nav.auth-column-privileges.go')).rejects.toThrow('is not available here')
    await run('nav.auth-column-privileges.flag.toggle')
    expect(authFeatures.columnPrivileges).toBe(true)
    expect(flagged.when!(ctx)).toBe(true)
    await run('nav.auth-column-privileges.go')
    expect(ctx.location.pathname).toBe(paths.authColumnPrivileges(ref))
    await run('nav.auth-column-privileges.flag.toggle')
    expect(authFeatures.columnPrivileges).toBe(false)
  })

  it('is disabled, with the reason, without project_auth:all, and reaches every menu page', async () => {
    await ctx.navigate({ to: paths.authUsers(ref) })
    ctx.denied.add('projectAuthAll')
    try {
      for (const id of ['auth.user.create', 'auth.user.invite', 'auth.user.ban', 'auth.user.sign-out', 'auth.user.delete', 'auth.user.factor.remove']) {
        expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.noPermission('manage users'))
      }
      expect(disabledReason(getCommand('nav.auth-providers.go')!, ctx)).toBe(MSG.noPermission('manage authentication'))
      await expect(run('auth.user.create', { email: email('denied'), password: PASSWORD })).rejects.toThrow(MSG.noPermission('manage users'))
      expect(await byEmail(email('denied'))).toBeUndefined()
    } finally {
      ctx.denied.delete('projectAuthAll')
    }
    await run('nav.auth-users.go')
    expect(ctx.location.pathname).toBe(paths.authUsers(ref))
    await run('nav.auth-policies.go')
    expect(ctx.location.pathname).toBe(paths.authPolicies(ref))
    await ctx.navigate({ to: `/project/${ref}/auth` })
    expect(ctx.location.pathname).toBe(paths.authUsers(ref))
  })
})
