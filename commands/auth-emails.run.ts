/**
 * The bodies of auth-emails.ts's commands: the open mail in the URL (?mail=), the outbox through
 * model/auth/emails-data (next steps past the pages held by reading the next page), links opened in a new
 * tab only when they are the mail's own http(s) links.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import { openMailId, type OpenMailArgs, type OpenMailLinkArgs } from './auth-emails'
import type { CommandContext } from '../src/web/model/app/context'
import type { OutboxMail } from '../src/shared/auth'
import { MSG } from '../src/shared/messages'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { hasOlderMails, loadOlderMails, loadedMails, refreshEmails } from '../src/web/model/auth/emails-data'
import { actionLink, mailLinks, neighbourMail } from '../src/web/model/auth/emails-rules'

const show = (ctx: CommandContext, id: string | undefined) =>
  ctx.navigate({ search: (prev) => ({ ...prev, mail: id }), replace: true })

/** The open mail, refusing one that is not in the outbox. */
async function openedMail(ctx: CommandContext): Promise<OutboxMail> {
  const id = openMailId(ctx)
  if (!id) throw new CommandError('Open a mail first', 'disabled')
  const mail = (await loadedMails(ctx.queryClient, ctx.api, ctx.ref)).find((m) => m.id === id)
  if (!mail) throw new CommandError(MSG.authMailNotFound, 'invalid-args')
  return mail
}

export const refreshEmailsList = async (ctx: CommandContext) => (await refreshEmails(ctx.queryClient, ctx.api, ctx.ref)).length

export const openMail = async (ctx: CommandContext, { mailId }: z.infer<typeof OpenMailArgs>) => {
  let mails = await loadedMails(ctx.queryClient, ctx.api, ctx.ref)
  if (!mails.some((m) => m.id === mailId)) mails = await refreshEmails(ctx.queryClient, ctx.api, ctx.ref)
  const mail = mails.find((m) => m.id === mailId)
  if (!mail) throw new CommandError(MSG.authMailNotFound, 'invalid-args')
  await show(ctx, mail.id)
  return mail
}

async function step(ctx: CommandContext, by: 1 | -1): Promise<OutboxMail | null> {
  const id = openMailId(ctx)
  let mails = await loadedMails(ctx.queryClient, ctx.api, ctx.ref)
  let next = neighbourMail(mails, id, by)
  // past the last mail held: the next page, when the server has one
  if (!next && by === 1 && id && mails.at(-1)?.id === id && hasOlderMails(ctx.queryClient, ctx.ref)) {
    mails = await loadOlderMails(ctx.queryClient, ctx.api, ctx.ref)
    next = neighbourMail(mails, id, by)
  }
  // before the newest mail held, or with none held: newer mails may have arrived since the list was read
  if (!next && (by === -1 || mails.length === 0)) {
    mails = await refreshEmails(ctx.queryClient, ctx.api, ctx.ref)
    next = neighbourMail(mails, id, by)
  }
  if (!next) {
    ctx.toast.info(mails.length === 0 ? 'The outbox is empty' : by === 1 ? 'This is the oldest email' : 'This is the newest email')
    return null
  }
  await show(ctx, next.id)
  return next
}

export const nextMail = (ctx: CommandContext) => step(ctx, 1)
export const previousMail = (ctx: CommandContext) => step(ctx, -1)

export const closeMail = (ctx: CommandContext) => show(ctx, undefined)

export const openMailLink = async (ctx: CommandContext, { href }: z.infer<typeof OpenMailLinkArgs>) => {
  const mail = await openedMail(ctx)
  const link = href ?? actionLink(mail.html)?.href
  if (!link) throw new CommandError(MSG.authMailNoLink, 'invalid-args')
  // only a link the mail holds (an http or https one) is opened
  if (!mailLinks(mail.html).some((l) => l.href === link)) throw new CommandError('This link is not one of the open email', 'invalid-args')
  window.open(link, '_blank', 'noopener,noreferrer')
  return link
}

export const copyMailLink = async (ctx: CommandContext) => {
  const link = actionLink((await openedMail(ctx)).html)
  if (!link) throw new CommandError(MSG.authMailNoLink, 'invalid-args')
  if (!(await copyToClipboard(link.href))) return null
  ctx.toast.success('Copied the link of the email to the clipboard')
  return link.href
}
