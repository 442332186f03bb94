/**
 * With SMTP configured, the service's mails go out through it (nodemailer) to a local SMTP server started by
 * the test (smtp-server), and are recorded in the outbox as sent; an SMTP server that does not answer is
 * recorded as failed and the call answers GoTrue's 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { AuthError } from '../../src/server/auth/errors'
import { newEmail, REF } from '../support/auth-client'

interface Received {
  from: string
  to: string[]
  data: string
}

describe.each(targets())('auth mail through SMTP on $name', (target) => {
  let own: OwnStudio
  let smtp: SMTPServer
  let port: number
  const received: Received[] = []

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, cb) => cb(auth.username === 'mailer' && auth.password === 'mail-secret' ? null : new Error('bad credentials'), { user: auth.username }),
      onData: (stream, session, cb) => {
        let data = ''
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')))
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data })
          cb()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
    own = await ownStudio(target, 'auth-smtp')
  })
  afterAll(async () => {
    await own?.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('sends through the configured server and records the mail as sent', async () => {
    await own.studio.auth.updateConfig(REF, {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_USER: 'mailer', SMTP_PASS: 'mail-secret',
      SMTP_ADMIN_EMAIL: 'noreply@example.com', SMTP_SENDER_NAME: 'Studio', MAILER_SUBJECTS_RECOVERY: 'Reset for {{ .Email }}',
    })
    const email = newEmail('smtp')
    await own.studio.auth.createUser(REF, { email, password: 'a-password', autoConfirm: true })
    await own.studio.auth.sendRecovery(REF, email)
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ from: 'noreply@example.com', to: [email] })
    expect(received[0]!.data).toContain(`Subject: Reset for ${email}`)
    expect(received[0]!.data).toContain('From: Studio <noreply@example.com>')
    const [mail] = await own.studio.auth.outbox(REF, { limit: 1 })
    expect(mail).toMatchObject({ to: email, kind: 'recovery', status: 'sent', error: null, subject: `Reset for ${email}` })
  })

  it('records a mail the server would not take as failed, and answers 500', async () => {
    await own.studio.auth.updateConfig(REF, { SMTP_PASS: 'wrong-secret' })
    const email = newEmail('smtp-fail')
    await own.studio.auth.createUser(REF, { email, password: 'a-password', autoConfirm: true })
    const error = await own.studio.auth.sendMagicLink(REF, email).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthError)
    expect(error).toMatchObject({ status: 500, code: 'unexpected_failure' })
    const [mail] = await own.studio.auth.outbox(REF, { limit: 1 })
    expect(mail).toMatchObject({ to: email, kind: 'magic_link', status: 'failed' })
    expect(mail!.error).toBeTruthy()
    await own.studio.auth.updateConfig(REF, { SMTP_HOST: '' })
  })
})
