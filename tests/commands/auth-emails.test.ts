/**
 * Authentication → Emails commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set). Mails are made through the real auth service (the dashboard's magic link and
 * invite calls) and read back through the commands: open, next and previous (stepping past the first page
 * reads the next), open a link (only the mail's own), copy its link, which signs the user in.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import '../../commands/auth-emails'
import { disabledReason, getCommand } from '../../commands/registry'
import type { OutboxMail } from '../../src/shared/auth'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { authUsers } from '../../src/shared/contract/auth-users'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { EMAILS_PAGE_SIZE, loadedMails } from '../../src/web/model/auth/emails-data'
import { actionLink } from '../../src/web/model/auth/emails-rules'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('auth emails commands on $name', (target) => {
  const stamp = Math.random().toString(36).slice(2, 8)
  const email = (what: string) => `mail-${what}-${stamp}@example.com`
  let ctx: HeadlessContext

  const open = () => ctx.location.search.mail
  const mails = () => loadedMails(ctx.queryClient, ctx.api, ctx.ref)
  const ours = async (): Promise<OutboxMail[]> => (await mails()).filter((m) => m.to.endsWith(`-${stamp}@example.com`))

  beforeAll(async () => {
    ctx = headlessContext(target, paths.authEmails(ref))
    await ctx.api.call(authUsers.createAuthUser, { params: { ref }, body: { email: email('ada'), password: 'a-long-password-1', email_confirm: true } })
    await ctx.api.call(authUsers.sendMagicLink, { params: { ref }, body: { email: email('ada') } })
    await ctx.api.call(authUsers.inviteAuthUser, { params: { ref }, body: { email: email('bob') } })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  afterAll(async () => {
    await ctx.api.query(ref, `delete from auth.users where email like 'mail-%-${stamp}@example.com'`)
  })

  it('shows the mails the service sent, and opens one', async () => {
    expect(await run('auth.emails.refresh')).toBeGreaterThanOrEqual(2)
    const [invite, magic] = await ours()
    expect(invite).toMatchObject({ to: email('bob'), kind: 'invite', status: 'kept', subject: 'You have been invited' })
    expect(magic).toMatchObject({ to: email('ada'), kind: 'magic_link', status: 'kept' })
    const opened = await run('auth.email.open', { mailId: magic!.id })
    expect(opened.id).toBe(magic!.id)
    expect(open()).toBe(magic!.id)
    await expect(runUnchecked('auth.email.open', { mailId: randomUUID() })).rejects.toThrow(MSG.authMailNotFound)
    await expect(runUnchecked('auth.email.open', { mailId: 'nope' })).rejects.toThrow('Pick a mail')
    await run('auth.email.close')
    expect(open()).toBeUndefined()
  })

  it('steps to the next (older) and previous (newer) mail, and says so at the ends', async () => {
    const list = await mails()
    const [invite, magic] = await ours()
    const at = list.findIndex((m) => m.id === invite!.id)
    await run('auth.email.open', { mailId: invite!.id })
    expect((await run('auth.email.next'))?.id).toBe(list[at + 1]!.id)
    expect(list[at + 1]!.id).toBe(magic!.id)
    expect(open()).toBe(magic!.id)
    expect((await run('auth.email.previous'))?.id).toBe(invite!.id)
    // the newest: nothing newer
    await run('auth.email.open', { mailId: list[0]!.id })
    expect(await run('auth.email.previous')).toBeNull()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'info', message: 'This is the newest email' })
    expect(open()).toBe(list[0]!.id)
    // with none open, next opens the newest
    await run('auth.email.close')
    expect((await run('auth.email.next'))?.id).toBe(list[0]!.id)
  })

  it('steps past the first page by reading the next one', async () => {
    // enough mails for a second page (invites: one mail each, no password to hash)
    for (let i = 0; i < EMAILS_PAGE_SIZE + 1; i++) {
      await ctx.api.call(authUsers.inviteAuthUser, { params: { ref }, body: { email: email(`page${i}`) } })
    }
    await run('auth.emails.refresh')
    const first = await mails()
    expect(first).toHaveLength(EMAILS_PAGE_SIZE)
    await run('auth.email.open', { mailId: first.at(-1)!.id })
    const next = await run('auth.email.next')
    const all = await mails()
    expect(all.length).toBeGreaterThan(EMAILS_PAGE_SIZE)
    expect(next?.id).toBe(all[EMAILS_PAGE_SIZE]!.id)
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length)
  })

  it('opens only the links the mail holds, in a new tab', async () => {
    const opened = vi.fn()
    vi.stubGlobal('window', { open: opened })
    const magic = (await ours()).find((m) => m.kind === 'magic_link')!
    await run('auth.email.open', { mailId: magic.id })
    const link = actionLink(magic.html)!
    expect(link.href).toContain('/auth/v1/verify')
    expect(await run('auth.email.link.open', { href: link.href })).toBe(link.href)
    expect(opened).toHaveBeenCalledWith(link.href, '_blank', 'noopener,noreferrer')
    // no link named: the one the mail is for
    expect(await run('auth.email.link.open', {})).toBe(link.href)
    await expect(runUnchecked('auth.email.link.open', { href: 'https://evil.example.net/' })).rejects.toThrow('This link is not one of the open email')
    expect(opened).toHaveBeenCalledTimes(2)
  })

  it('copies the link of the mail, a magic link that signs the user in', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    vi.stubGlobal('document', { hasFocus: () => true })
    const magic = (await ours()).find((m) => m.kind === 'magic_link')!
    await run('auth.email.open', { mailId: magic.id })
    const href = await run('auth.email.link.copy')
    expect(writeText).toHaveBeenCalledWith(href)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: 'Copied the link of the email to the clipboard' })
    // the link is the service's own: following it signs in (a redirect carrying the tokens)
    const res = await fetch(href!, { redirect: 'manual' })
    expect(res.status).toBeGreaterThanOrEqual(300)
    expect(res.status).toBeLessThan(400)
    expect(res.headers.get('location')).toMatch(/#access_token=/)
  })

  it('needs an open mail for its links, and project_auth:all for all of it', async () => {
    await run('auth.email.close')
    expect(disabledReason(getCommand('auth.email.link.copy')!, ctx)).toBe('Open a mail first')
    ctx.denied.add('projectAuthAll')
    try {
      const reason = MSG.noPermission('read the emails of authentication')
      for (const id of ['auth.emails.refresh', 'auth.email.open', 'auth.email.next', 'auth.email.link.copy']) {
        expect(disabledReason(getCommand(id)!, ctx)).toBe(reason)
      }
    } finally {
      ctx.denied.delete('projectAuthAll')
    }
  })
})
