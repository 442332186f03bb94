/**
 * The service's mail: sent through SMTP (nodemailer) when the project configures SMTP_HOST, else only kept;
 * recorded in the project's outbox (platform store, _studio.auth_outbox) either way, which the dashboard's
 * Emails page shows, like the local mail catchers developers use.
 */
import nodemailer from 'nodemailer'
import type { AuthConfig, OutboxMail } from '../../shared/auth'
import type { Driver } from '../db/driver'
import { iso } from './users'

export type MailKind = 'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'reauthentication'

export interface Mail {
  to: string
  subject: string
  html: string
  kind: MailKind
}

const SMTP_TIMEOUT_MS = 10_000

export class Mailer {
  constructor(private readonly store: () => Promise<Driver>) {}

  /** Sends (or keeps) the mail and records it; a failed SMTP send is recorded as failed and thrown. */
  async send(ref: string, config: AuthConfig, mail: Mail): Promise<OutboxMail> {
    let status: OutboxMail['status'] = 'kept'
    let error: string | null = null
    if (config.SMTP_HOST) {
      try {
        await this.smtp(config, mail)
        status = 'sent'
      } catch (e) {
        status = 'failed'
        error = e instanceof Error ? e.message : String(e)
      }
    }
    const db = await this.store()
    const row = (await db.query<OutboxMail>(
      `insert into _studio.auth_outbox (ref, recipient, subject, html, kind, status, error) values ($1, $2, $3, $4, $5, $6, $7)
       returning ${OUTBOX_COLUMNS}`,
      [ref, mail.to, mail.subject, mail.html, mail.kind, status, error],
    )).rows[0]!
    if (status === 'failed') throw Object.assign(new Error(`Error sending ${mail.kind} email`), { smtp: error })
    return row
  }

  private async smtp(config: AuthConfig, mail: Mail): Promise<void> {
    const port = Number(config.SMTP_PORT || 587)
    const transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port,
      secure: port === 465,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    })
    try {
      const address = config.SMTP_ADMIN_EMAIL || `noreply@${config.SMTP_HOST}`
      await transport.sendMail({
        from: config.SMTP_SENDER_NAME ? { name: config.SMTP_SENDER_NAME, address } : address,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
      })
    } finally {
      transport.close()
    }
  }

  /** Newest first; `before` is the created_at of the previous page's last mail. */
  async outbox(ref: string, limit: number, before?: string): Promise<OutboxMail[]> {
    const db = await this.store()
    return (await db.query<OutboxMail>(
      `select ${OUTBOX_COLUMNS} from _studio.auth_outbox
       where ref = $1 and ($2::timestamptz is null or created_at < $2::timestamptz)
       order by created_at desc, id desc limit $3`,
      [ref, before ?? null, Math.max(1, Math.min(limit, 1000))],
    )).rows
  }
}

const OUTBOX_COLUMNS = `id, ${iso('created_at')} as created_at, recipient as "to", subject, html, kind, status, error`
