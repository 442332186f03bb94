/**
 * Signing in to the dashboard: the one-time link printed at start, the password, the automation token,
 * the rate limit on failures, sign-out and expiry; and the addresses the studio answers for and builds URLs from.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio, type StudioOptions } from '../../src/server/app'
import { SIGN_IN_WINDOW_MS } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { AUTH, TEST_AUTH_OPTIONS, TEST_PASSWORD, TEST_TOKEN } from '../support/auth'
import { targets } from '../support/context'
import { REF } from './support/http'
import { appHeaders, cookieOf, signIn } from './support/session'

const dirs: string[] = []
const studios: Studio[] = []

/** A studio of the test's own (its sign-in failures and sessions touch no other test). */
async function studio(options: StudioOptions = {}): Promise<Studio> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-sign-in-'))
  dirs.push(dir)
  const s = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, serveStatic: false, logger: false, ...options })
  studios.push(s)
  return s
}

afterAll(async () => {
  for (const s of studios) await s.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' })
const status = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).status
const signInWith = (url: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/platform/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, ...headers }, body: JSON.stringify({ password }) })

describe.each(targets().map((t) => [t.name, t] as const))('sign-in on %s', (_name, target) => {
  let s: Studio
  const links: string[] = []

  beforeAll(async () => {
    s = await studio({ databaseUrl: target.databaseUrl, onSignInLink: (link) => links.push(link) })
  })

  it('prints a link of the form <studio URL>/?token=<token>; it opens a session once, then a new link is printed', async () => {
    expect(links).toHaveLength(1)
    expect(links[0]).toMatch(new RegExp(`^${s.url.replace(/[.]/g, '\\.')}/\\?token=[A-Za-z0-9_-]{40,}$`))
    expect((await fetch(links[0]!, { method: 'HEAD', redirect: 'manual' })).headers.get('set-cookie')).toBeNull() // a preview spends nothing
    const first = await get(links[0]!)
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/')
    const setCookie = first.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^studio_session=[A-Za-z0-9_-]+; /)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(setCookie).toContain('Path=/')
    expect(setCookie).not.toContain('Secure')
    expect(first.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await status(`${s.url}/platform/projects`, { cookie: cookieOf(first)! })).toBe(200)

    const again = await get(links[0]!)
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('/sign-in?link=invalid')
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(links).toHaveLength(2)
    expect(links[1]).not.toBe(links[0])
    expect(s.signInLink).toBe(links[1])
    expect((await get(links[1]!)).status).toBe(303)
    expect(await status(`${s.url}/?token=made-up`)).toBe(303)
  })

  it('signs in with the password; a wrong or missing one is refused with the reason', async () => {
    const wrong = await signInWith(s.url, 'not it')
    expect({ status: wrong.status, body: await wrong.json() }).toEqual({ status: 401, body: { message: MSG.wrongPassword, code: 401 } })
    expect(cookieOf(wrong)).toBeUndefined()
    const empty = await signInWith(s.url, '')
    expect({ status: empty.status, body: await empty.json() }).toEqual({ status: 400, body: { message: MSG.passwordRequired, code: 400 } })
    const right = await signInWith(s.url, TEST_PASSWORD)
    expect(right.status).toBe(200)
    expect(await status(`${s.url}/platform/profile`, { cookie: cookieOf(right)! })).toBe(200)
  })

  it('ends the session on sign-out: the same cookie is refused afterwards', async () => {
    const cookie = await signIn(s.url)
    expect(await status(`${s.url}/platform/projects`, { cookie })).toBe(200)
    const out = await fetch(`${s.url}/platform/sign-out`, { method: 'POST', headers: appHeaders(s.url, cookie) })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    const after = await get(`${s.url}/platform/projects`, { cookie })
    expect({ status: after.status, body: await after.json() }).toEqual({ status: 401, body: { message: MSG.signInRequired, code: 401 } })
  })

  it('takes the automation token as a bearer, compared whole; a wrong one is 401', async () => {
    expect(await status(`${s.url}/platform/projects`, AUTH)).toBe(200)
    for (const wrong of [`Bearer ${TEST_TOKEN}x`, `Bearer ${TEST_TOKEN.slice(0, -1)}`, 'Bearer ', `Basic ${TEST_TOKEN}`, TEST_TOKEN]) {
      const res = await get(`${s.url}/platform/projects`, { authorization: wrong })
      expect({ wrong, status: res.status }).toEqual({ wrong, status: 401 })
    }
    // A reverse proxy's Basic credentials in front of the studio do not hide the session cookie.
    const cookie = await signIn(s.url)
    expect(await status(`${s.url}/platform/projects`, { cookie, authorization: 'Basic dXNlcjpwYXNz' })).toBe(200)
  })
})

describe('sign-in limits', () => {
  it('answers 429 after too many failures from one address, even to the right password and a good link', async () => {
    const s = await studio({ signInMaxFailures: 3 })
    for (let i = 0; i < 3; i++) expect((await signInWith(s.url, `guess ${i}`)).status).toBe(401)
    const limited = await signInWith(s.url, TEST_PASSWORD)
    const minutes = Math.ceil(SIGN_IN_WINDOW_MS / 60_000)
    expect({ status: limited.status, body: await limited.json() }).toEqual({ status: 429, body: { message: MSG.tooManySignIns(minutes), code: 429 } })
    const link = await get(s.signInLink)
    expect(link.headers.get('location')).toBe('/sign-in?link=invalid')
    expect(link.headers.get('set-cookie')).toBeNull()
    // Scripts with the token are not locked out.
    expect(await status(`${s.url}/platform/projects`, AUTH)).toBe(200)
  })

  it('lets a session expire', async () => {
    const s = await studio({ sessionTtlSeconds: 1 })
    const cookie = await signIn(s.url)
    expect(await status(`${s.url}/platform/projects`, { cookie })).toBe(200)
    await new Promise((r) => setTimeout(r, 1300))
    expect(await status(`${s.url}/platform/projects`, { cookie })).toBe(401)
  })

  it('generates a password at first start, says it once, and keeps only its argon2id hash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'studio-sign-in-'))
    dirs.push(dir)
    const said: string[] = []
    const options = { port: 0, dataDir: dir, serveStatic: false, logger: false, onGeneratedPassword: (p: string) => said.push(p) }
    const first = await startStudio(options)
    try {
      expect(said).toHaveLength(1)
      expect(said[0]).toMatch(/^[A-Za-z0-9_-]{5}(-[A-Za-z0-9_-]{5}){3}$/)
      expect((await signInWith(first.url, said[0]!)).status).toBe(200)
      const stored = await (await first.store.get()).query<{ hash: string }>('select hash from _studio.dashboard_password')
      expect(stored.rows[0]!.hash).toMatch(/^\$argon2id\$/)
      expect(stored.rows[0]!.hash).not.toContain(said[0])
    } finally {
      await first.close()
    }
    const second = await startStudio(options)
    try {
      expect(said).toHaveLength(1)
      expect((await signInWith(second.url, said[0]!)).status).toBe(200)
      // Without a token configured, no bearer opens anything.
      expect(await status(`${second.url}/platform/projects`, AUTH)).toBe(401)
    } finally {
      await second.close()
    }
  })
})

describe('addresses', () => {
  it('answers the bound address, loopback names and STUDIO_ALLOWED_HOSTS, and no other Host', async () => {
    const s = await studio({ allowedHosts: ['studio.lan'] })
    const { request } = await import('node:http')
    const port = new URL(s.url).port
    const hostStatus = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/health', headers: { host } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, 'localhost', `studio.lan:${port}`]) {
      expect({ host, status: await hostStatus(host) }).toEqual({ host, status: 200 })
    }
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`, `studio.lan.attacker.example`, `localhost.attacker.example`]) {
      expect({ host, status: await hostStatus(host) }).toEqual({ host, status: 421 })
    }
  })

  it('builds API and signed URLs from the configured address, never from the Host header', async () => {
    const plain = await studio()
    const settings = await (await fetch(`${plain.url}/platform/projects/${REF}/settings`, { headers: { ...AUTH, host: `localhost:1` } })).json()
    expect(settings.api_url).toBe(`${plain.url}/api/projects/${REF}`)

    const behindTls = await studio({ publicUrl: 'https://studio.example.com/' })
    expect(behindTls.url).toBe('https://studio.example.com')
    expect(behindTls.signInLink).toMatch(/^https:\/\/studio\.example\.com\/\?token=/)
    const { request } = await import('node:http')
    const port = new URL(`http://127.0.0.1:${behindTls.app.server.address() && (behindTls.app.server.address() as { port: number }).port}`).port
    const signInOverTls = await new Promise<{ status: number; cookie: string }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1', port, path: '/platform/sign-in', method: 'POST',
        headers: { host: 'studio.example.com', origin: 'https://studio.example.com', 'content-type': 'application/json' },
      }, (res) => {
        res.resume()
        resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie'] ?? '') })
      })
      req.on('error', reject)
      req.end(JSON.stringify({ password: TEST_PASSWORD }))
    })
    expect(signInOverTls.status).toBe(200)
    expect(signInOverTls.cookie).toContain('Secure')
    const tlsSettings = await new Promise<{ api_url: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/platform/projects/${REF}/settings`, headers: { host: 'studio.example.com', ...AUTH } }, (res) => {
        let body = ''
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve(JSON.parse(body)))
      })
      req.on('error', reject)
      req.end()
    })
    expect(tlsSettings.api_url).toBe(`https://studio.example.com/api/projects/${REF}`)
  })
})
