/**
 * GET /platform/auth/{ref}/emails: the project's outbox, newest first, paged by `before`, refused without
 * project_auth:all (spec 6) and with a bad `before`. Mails are made through the real auth service (the
 * dashboard's magic link call), on the shared studio, whose other tests send mails too: paging is checked
 * on this file's own mails, which must come in order, each once, across pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxMail } from '../../src/shared/auth'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS, type Grant, type PermissionName } from '../../src/shared/permissions'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { client, REF } from './support/http'

const grant = (...names: PermissionName[]): Grant[] =>
  names.map((name) => ({ actions: [PERMISSIONS[name].action], resources: [PERMISSIONS[name].resource] }))

describe.each(targets())('auth emails routes on $name', (target) => {
  const c = client(target.url)
  const stamp = Math.random().toString(36).slice(2, 8)
  const emails = Array.from({ length: 5 }, (_, i) => `outbox-${i}-${stamp}@example.com`)
  const path = (query = '') => `/platform/auth/${REF}/emails${query}`
  let denied: OwnStudio

  beforeAll(async () => {
    for (const email of emails) {
      expect((await c.send('POST', `/platform/auth/${REF}/users`, { email, password: 'a-long-password-1', email_confirm: true })).status).toBe(200)
      expect((await c.send('POST', `/platform/auth/${REF}/magiclink`, { email })).status).toBe(200)
    }
    denied = await ownStudio(target, 'emails-denied', { grants: grant('tenantSqlAdminRead', 'tenantSqlAdminWrite') })
  }, 120_000)
  afterAll(async () => {
    await c.sql(`delete from auth.users where email like 'outbox-%-${stamp}@example.com'`)
    await denied?.close()
  })

  it('answers the newest mails first, with what the service sent', async () => {
    const { status, body } = await c.send('GET', path('?limit=50'))
    expect(status).toBe(200)
    const mails = body as OutboxMail[]
    const ours = mails.filter((m) => emails.includes(m.to))
    expect(ours.map((m) => m.to)).toEqual([...emails].reverse())
    for (const m of ours) {
      expect(m).toMatchObject({ kind: 'magic_link', status: 'kept', error: null, subject: 'Your Magic Link' })
      expect(m.html).toContain('/auth/v1/verify')
    }
    const times = mails.map((m) => Date.parse(m.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('pages with before: each mail once, in order, the pages no longer than limit', async () => {
    const seen: OutboxMail[] = []
    let before: string | undefined
    for (let page = 0; page < 100; page++) {
      const { status, body } = await c.send('GET', path(`?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`))
      expect(status).toBe(200)
      const mails = body as OutboxMail[]
      expect(mails.length).toBeLessThanOrEqual(2)
      seen.push(...mails)
      if (mails.length < 2 || emails.every((e) => seen.some((m) => m.to === e))) break
      before = mails.at(-1)!.created_at
    }
    const ours = seen.filter((m) => emails.includes(m.to))
    expect(ours.map((m) => m.to)).toEqual([...emails].reverse())
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length)
    // past the oldest: nothing
    const oldest = await c.send('GET', path(`?limit=1&before=${encodeURIComponent('2000-01-01T00:00:00.000000Z')}`))
    expect(oldest).toEqual({ status: 200, body: [] })
  })

  it('refuses a before that is no timestamp', async () => {
    const { status, body } = await c.send('GET', path('?before=yesterday'))
    expect(status).toBe(400)
    expect(body.message).toContain(MSG.authOutboxBeforeInvalid)
  })

  it('refuses a user without project_auth:all, and an unknown project', async () => {
    await denied.studio.auth.createUser(REF, { email: `denied-${stamp}@example.com`, password: 'a-long-password-1', autoConfirm: true })
    await denied.studio.auth.sendMagicLink(REF, `denied-${stamp}@example.com`)
    const refused = await client(denied.studio.url).send('GET', path())
    expect(refused).toEqual({ status: 403, body: { message: MSG.noPermission('read the emails of authentication'), code: 403 } })
    // the mail is there, only not for this user
    expect((await denied.studio.auth.outbox(REF, { limit: 10 })).map((m) => m.to)).toEqual([`denied-${stamp}@example.com`])
    expect((await c.send('GET', '/platform/auth/nope/emails')).status).toBe(404)
  })
})
