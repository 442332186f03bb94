/**
 * The Authentication settings calls (GET/PATCH /platform/auth/{ref}/config, GET …/hook-functions) on a
 * studio of this file's own (the configuration is the studio's: the shared ones serve other files), PGlite
 * and PostgreSQL: refused without project_auth:all, bad input answered with its message and nothing
 * changed, secrets never answered in clear, and kept by a PATCH that leaves them out or sends the mask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthConfig } from '../../src/shared/auth'
import { AUTH_SECRET_MASK } from '../../src/shared/contract/auth-config'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS } from '../../src/shared/permissions'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { REF } from './support/http'

const READER = { id: 7, username: 'reader', grants: [{ actions: [PERMISSIONS.tenantSqlAdminRead.action], resources: ['*'] }] }
const CONFIG = `/platform/auth/${REF}/config`

describe.each(targets())('auth config routes on $name', (like) => {
  let own: OwnStudio

  beforeAll(async () => {
    own = await ownStudio(like, 'auth-config-routes', { users: [READER] })
  })
  afterAll(async () => {
    await own?.close()
  })

  async function send(method: string, path: string, body?: unknown, as?: number) {
    const headers: Record<string, string> = { ...AUTH, ...(as ? { 'x-studio-user': String(as) } : {}) }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${own.studio.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text }
  }
  /** the configuration as the service holds it (secrets in clear) */
  const held = () => own.studio.auth.config(REF)

  it('answers the whole configuration to a user with project_auth:all', async () => {
    const res = await send('GET', CONFIG)
    expect(res.status).toBe(200)
    const config = res.body as AuthConfig
    expect(config.SITE_URL).toBe(own.studio.url)
    expect(config.EXTERNAL_EMAIL_ENABLED).toBe(true)
    expect(config.MAILER_SUBJECTS_CONFIRMATION).toBeTruthy()
    expect(config.SMTP_PASS).toBe('')
  })

  it('refuses every call without project_auth:all, and the refused PATCH changes nothing', async () => {
    const before = await held()
    const refusal = { message: MSG.noPermission('manage authentication'), code: 403 }
    expect(await send('GET', CONFIG, undefined, READER.id)).toMatchObject({ status: 403, body: refusal })
    expect(await send('GET', `/platform/auth/${REF}/hook-functions`, undefined, READER.id)).toMatchObject({ status: 403, body: refusal })
    const patched = await send('PATCH', CONFIG, { DISABLE_SIGNUP: true, RATE_LIMIT_OTP: 1 }, READER.id)
    expect(patched).toMatchObject({ status: 403, body: refusal })
    expect(await held()).toEqual(before)
  })

  it('answers 404 for a project that does not exist', async () => {
    expect((await send('GET', '/platform/auth/nope/config')).status).toBe(404)
  })

  it.each([
    [{ SITE_URL: 'not a url' }, MSG.authSiteUrlInvalid],
    [{ SITE_URL: 'javascript:alert(1)' }, MSG.authSiteUrlInvalid],
    [{ URI_ALLOW_LIST: 'https://ok.example.com/**,not a url' }, MSG.authRedirectUrlInvalid],
    [{ EXTERNAL_PHONE_ENABLED: true }, MSG.authPhoneUnavailable],
    [{ EXTERNAL_GITHUB_ENABLED: true }, MSG.authProviderCredentials('GitHub')],
    [{ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true }, MSG.authHookFunctionRequired],
    [{ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true, HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/no_such_hook' }, MSG.authHookFunctionMissing('public.no_such_hook')],
    [{ RATE_LIMIT_OTP: -1 }, /RATE_LIMIT_OTP/],
    [{ PASSWORD_MIN_LENGTH: 2 }, /PASSWORD_MIN_LENGTH/],
    [{ NOT_A_SETTING: 1 }, /NOT_A_SETTING|Unrecognized/],
    [{ DISABLE_SIGNUP: 'yes' }, /DISABLE_SIGNUP/],
    [{ SMTP_PORT: '70000' }, new RegExp(MSG.authSmtpPortInvalid)],
    [{ SMTP_HOST: 'smtp.example.com' }, MSG.authSmtpSenderRequired],
  ])('refuses %j with its message and changes nothing', async (body, message) => {
    const before = await held()
    const res = await send('PATCH', CONFIG, { RATE_LIMIT_VERIFY: 12345, ...body })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message)
    expect(await held()).toEqual(before)
  })

  it('never answers a secret in clear, and keeps it when a PATCH leaves it out or sends the mask', async () => {
    const secret = 'hunter2-client-secret'
    const pass = 'smtp-password-do-not-show'
    const saved = await send('PATCH', CONFIG, {
      SMTP_PASS: pass, EXTERNAL_GITHUB_CLIENT_ID: 'gh-client', EXTERNAL_GITHUB_SECRET: secret, EXTERNAL_GITHUB_ENABLED: true,
    })
    expect(saved.status).toBe(200)
    expect(saved.text).not.toContain(secret)
    expect(saved.text).not.toContain(pass)
    expect(saved.body).toMatchObject({ SMTP_PASS: AUTH_SECRET_MASK, EXTERNAL_GITHUB_SECRET: AUTH_SECRET_MASK, EXTERNAL_GITHUB_CLIENT_ID: 'gh-client' })
    expect(await held()).toMatchObject({ SMTP_PASS: pass, EXTERNAL_GITHUB_SECRET: secret })

    const read = await send('GET', CONFIG)
    expect(read.text).not.toContain(secret)
    expect(read.body).toMatchObject({ SMTP_PASS: AUTH_SECRET_MASK, EXTERNAL_GITHUB_SECRET: AUTH_SECRET_MASK, EXTERNAL_GOOGLE_SECRET: '' })

    // what the settings form sends back: the mask, or nothing at all
    expect((await send('PATCH', CONFIG, { ...read.body, RATE_LIMIT_OTP: 31 })).status).toBe(200)
    expect((await send('PATCH', CONFIG, { EXTERNAL_GITHUB_CLIENT_ID: 'gh-client-2' })).status).toBe(200)
    expect(await held()).toMatchObject({ SMTP_PASS: pass, EXTERNAL_GITHUB_SECRET: secret, EXTERNAL_GITHUB_CLIENT_ID: 'gh-client-2', RATE_LIMIT_OTP: 31 })

    // a provider cannot lose its secret while enabled; disabled, the secret can be cleared
    expect((await send('PATCH', CONFIG, { EXTERNAL_GITHUB_SECRET: '' })).body.message).toBe(MSG.authProviderCredentials('GitHub'))
    const cleared = await send('PATCH', CONFIG, { EXTERNAL_GITHUB_ENABLED: false, EXTERNAL_GITHUB_SECRET: '', SMTP_PASS: '' })
    expect(cleared.body).toMatchObject({ EXTERNAL_GITHUB_SECRET: '', SMTP_PASS: '' })
    expect(await held()).toMatchObject({ EXTERNAL_GITHUB_SECRET: '', SMTP_PASS: '' })
  })

  it('lists the functions a hook can call, and takes one of them', async () => {
    await own.studio.db.query('create or replace function public.cfg_route_hook(event jsonb) returns jsonb language sql as $$ select event $$')
    await own.studio.db.query('create or replace function public.cfg_not_a_hook(x int) returns int language sql as $$ select x $$')
    const list = await send('GET', `/platform/auth/${REF}/hook-functions`)
    expect(list.status).toBe(200)
    expect(list.body).toContainEqual({ schema: 'public', name: 'cfg_route_hook', uri: 'pg-functions://postgres/public/cfg_route_hook' })
    expect(list.body.some((f: { name: string }) => f.name === 'cfg_not_a_hook')).toBe(false)
    const res = await send('PATCH', CONFIG, { HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true, HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/cfg_route_hook' })
    expect(res.status).toBe(200)
    expect(await held()).toMatchObject({ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: true, HOOK_CUSTOM_ACCESS_TOKEN_URI: 'pg-functions://postgres/public/cfg_route_hook' })
    await send('PATCH', CONFIG, { HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: false })
  })
})
