/**
 * Authentication → Emails (issue 13): the project's outbox, read like a local mail catcher. Open a mail,
 * step to the next (older) or previous (newer) one, open one of its links in a new tab, copy the link it is
 * for (the magic link, invite, confirmation or recovery link), refresh. Reading the outbox needs
 * project_auth:all (spec 6; the server enforces it). Lives on /project/{ref}/auth/emails; bodies in
 * auth-emails.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { currentFirst, defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { loadedMails } from '../src/web/model/auth/emails-data'
import { kindLabel, mailLinks } from '../src/web/model/auth/emails-rules'

const load = () => import('./auth-emails.run')

const AREA = 'auth'

const onEmailsPage = (ctx: CommandContext) => ctx.route.matches('auth.emails')
const canRead = (ctx: CommandContext) => ctx.can('projectAuthAll') || MSG.noPermission('read the emails of authentication')
/** The mail open in the reading pane (?mail=). */
export const openMailId = (ctx: CommandContext): string | undefined =>
  typeof ctx.location.search.mail === 'string' ? ctx.location.search.mail : undefined
const mailOpen = (ctx: CommandContext): true | string => {
  const can = canRead(ctx)
  return can !== true ? can : openMailId(ctx) ? true : 'Open a mail first'
}

async function mailOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const mails = await loadedMails(ctx.queryClient, ctx.api, ctx.ref)
  const options = mails.map((m) => ({ value: m.id, label: m.subject || '(no subject)', hint: `${m.to} · ${kindLabel(m.kind)} · ${m.status}` }))
  return currentFirst(options, openMailId(ctx))
}

/** The open mail's links, the one it is for first. */
async function linkOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const id = openMailId(ctx)
  const mail = (await loadedMails(ctx.queryClient, ctx.api, ctx.ref)).find((m) => m.id === id)
  return mail ? mailLinks(mail.html).map((l) => ({ value: l.href, label: l.text, hint: l.href })) : []
}

export const refreshEmails = defineCommand({
  id: 'auth.emails.refresh',
  title: 'Refresh emails',
  area: AREA,
  keywords: ['reload', 'outbox', 'new mail', 'check mail'],
  when: onEmailsPage,
  enabled: canRead,
  run: lazyRun(load, 'refreshEmailsList'),
})

export const OpenMailArgs = z.object({ mailId: z.string({ error: 'Pick a mail' }).uuid('Pick a mail') })

export const openMail = defineCommand({
  id: 'auth.email.open',
  title: 'Open email',
  area: AREA,
  keywords: ['read mail', 'outbox', 'message', 'magic link', 'invite', 'recovery'],
  args: OpenMailArgs,
  argOptions: { mailId: mailOptions },
  argLabels: { mailId: 'Mail (subject, recipient)' },
  when: onEmailsPage,
  enabled: canRead,
  run: lazyRun(load, 'openMail'),
})

export const nextMail = defineCommand({
  id: 'auth.email.next',
  title: 'Next email (older)',
  area: AREA,
  keywords: ['down', 'older', 'following mail'],
  when: onEmailsPage,
  enabled: canRead,
  run: lazyRun(load, 'nextMail'),
})

export const previousMail = defineCommand({
  id: 'auth.email.previous',
  title: 'Previous email (newer)',
  area: AREA,
  keywords: ['up', 'newer', 'preceding mail'],
  when: onEmailsPage,
  enabled: canRead,
  run: lazyRun(load, 'previousMail'),
})

export const closeMail = defineCommand({
  id: 'auth.email.close',
  title: 'Close email',
  area: AREA,
  keywords: ['reading pane', 'hide mail'],
  when: (ctx) => onEmailsPage(ctx) && Boolean(openMailId(ctx)),
  run: lazyRun(load, 'closeMail'),
})

/** `href` left out: the link the mail is for (its magic, invite, confirmation or recovery link). */
export const OpenMailLinkArgs = z.object({ href: z.string({ error: 'Pick a link' }).url('Pick a link').optional() })

export const openMailLink = defineCommand({
  id: 'auth.email.link.open',
  title: 'Open a link of the email in a new tab',
  area: AREA,
  keywords: ['follow link', 'click', 'verify', 'sign in', 'magic link', 'confirm'],
  args: OpenMailLinkArgs,
  argOptions: { href: linkOptions },
  argLabels: { href: 'Link (none: the one the email is for)' },
  when: onEmailsPage,
  enabled: mailOpen,
  run: lazyRun(load, 'openMailLink'),
})

export const copyMailLink = defineCommand({
  id: 'auth.email.link.copy',
  title: 'Copy the link of the email (magic link, invite, confirmation, recovery)',
  area: AREA,
  keywords: ['clipboard', 'magic link', 'verify', 'sign in link', 'copy url'],
  when: onEmailsPage,
  enabled: mailOpen,
  run: lazyRun(load, 'copyMailLink'),
})
