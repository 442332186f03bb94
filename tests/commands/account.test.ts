/**
 * Account commands headless against a real server: signing in with the dashboard password and logging out.
 * The api client here carries a real session cookie (signed in through the sign-in call, as the browser
 * does) and the studio's own Origin, not the suite's bearer token, so the server's session rules apply.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../commands/account'
import { allCommands, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, SESSION_COOKIE } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { ApiError, createApi } from '../../src/web/data/api'
import { TEST_PASSWORD } from '../support/auth'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

/** The session cookie ('name=value') a response sets, if any. */
function sessionCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c !== `${SESSION_COOKIE}=`)
}

/** Signs in as the browser would (JSON, the studio's Origin) and answers the session cookie. */
async function signInCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/platform/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password: TEST_PASSWORD }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  const cookie = sessionCookieOf(res)
  expect(cookie).toBeDefined()
  return cookie!
}

/** What the studio answers this cookie on a dashboard read. */
const statusWith = async (url: string, cookie: string) => (await fetch(`${url}/platform/studio`, { headers: { cookie } })).status

describe.each(targets())('account commands on $name', (target) => {
  let ctx: HeadlessContext
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /**
   * A page loaded at `start` whose api sends `cookie` (or none) and the studio's own Origin, as the browser
   * would: the load asks the server whether there is a session, as the app does.
   */
  async function browserLike(start: string, cookie?: string): Promise<HeadlessContext> {
    ctx = headlessContext(target)
    ctx.api = createApi(target.url, cookie ? { cookie, origin: target.url } : { origin: target.url })
    await ctx.loadPage(start)
    return ctx
  }

  it('account.sign-out ends the session, clears the cache and goes to /sign-in; the cookie then gets 401', async () => {
    const cookie = await signInCookie(target.url)
    expect(await statusWith(target.url, cookie)).toBe(200)
    await browserLike(paths.sqlNew(ref), cookie)
    await ctx.api.studio()
    ctx.queryClient.setQueryData(['project', ref], { ref, name: 'cached' })

    // the sign-out call is a POST with no body: it passes only because the client sends x-studio-request
    await run('account.sign-out')

    expect(ctx.location).toEqual({ pathname: '/sign-in', search: {} })
    expect(ctx.queryClient.getQueryCache().getAll()).toEqual([])
    expect(await statusWith(target.url, cookie)).toBe(401)
    const refused = await ctx.api.studio().catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ code: 401, message: MSG.signInRequired })
    await expect(run('account.sign-out')).rejects.toThrow('Log out is not available here')
  })

  it('account.sign-out with a session that already ended still lands on /sign-in', async () => {
    const cookie = await signInCookie(target.url)
    await browserLike(paths.project(ref), cookie)
    await fetch(`${target.url}/platform/sign-out`, { method: 'POST', headers: { cookie, origin: target.url, 'x-studio-request': '1' } })
    expect(await statusWith(target.url, cookie)).toBe(401)
    await run('account.sign-out')
    expect(ctx.location.pathname).toBe('/sign-in')
  })

  it('account.sign-in with a wrong password stays on /sign-in, signed out, with MSG.wrongPassword', async () => {
    await browserLike('/sign-in')
    await ctx.navigate({ search: { returnTo: paths.sqlNew(ref) } })
    const responses: Response[] = []
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (...a: Parameters<typeof fetch>) => {
      const res = await realFetch(...a)
      responses.push(res.clone())
      return res
    })

    await expect(run('account.sign-in', { password: 'not the password' })).rejects.toThrow(MSG.wrongPassword)

    expect(responses.map((r) => r.status)).toEqual([401])
    expect(sessionCookieOf(responses[0]!)).toBeUndefined()
    expect(ctx.location).toEqual({ pathname: '/sign-in', search: { returnTo: paths.sqlNew(ref) } })
    await expect(ctx.api.studio()).rejects.toMatchObject({ code: 401 })
    await expect(run('account.sign-in', { password: '' })).rejects.toThrow(MSG.passwordRequired)
  })

  it('account.sign-in with the password opens a session and goes to returnTo (a path of this studio only)', async () => {
    await browserLike('/sign-in')
    await ctx.navigate({ search: { returnTo: `${paths.sqlNew(ref)}?from=test` } })
    const realFetch = globalThis.fetch
    const cookies: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (...a: Parameters<typeof fetch>) => {
      const res = await realFetch(...a)
      const cookie = sessionCookieOf(res)
      if (cookie) cookies.push(cookie)
      return res
    })
    ctx.queryClient.setQueryData(['studio'], { stale: true })

    await run('account.sign-in', { password: TEST_PASSWORD })

    expect(ctx.location).toEqual({ pathname: paths.sqlNew(ref), search: { from: 'test' } })
    expect(ctx.queryClient.getQueryCache().getAll()).toEqual([])
    expect(cookies).toHaveLength(1)
    expect(await statusWith(target.url, cookies[0]!)).toBe(200)

    // another site's address is never a place to go back to
    for (const returnTo of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      await ctx.navigate({ to: '/sign-in', search: { returnTo } })
      await run('account.sign-in', { password: TEST_PASSWORD })
      // '/' itself sends a self-hosted studio on to its one project
      expect(ctx.location.pathname).toBe(paths.project(ref))
    }
  })

  it('the client tells onUnauthorized of a 401, but not of the sign-in call\'s own refusal', async () => {
    const told: ApiError[] = []
    const api = createApi(target.url, { origin: target.url }, { onUnauthorized: (e) => told.push(e) })
    await expect(api.signIn('not the password')).rejects.toMatchObject({ code: 401, message: MSG.wrongPassword })
    expect(told).toEqual([])
    await expect(api.studio()).rejects.toMatchObject({ code: 401 })
    await expect(api.downloadObject(ref, 'any-bucket', 'a.txt')).rejects.toMatchObject({ code: 401 })
    expect(told.map((e) => e.message)).toEqual([MSG.signInRequired, MSG.signInRequired])
  })
})

// What the registry lists: no server or database involved, so once.
describe('account commands in the palette (no database: once)', () => {
  it('lists Log out in the palette; sign-in is the page\'s form only', () => {
    const account = allCommands().filter((c) => c.area === 'account')
    expect(account.map((c) => c.id).sort()).toEqual(['account.sign-in', 'account.sign-out'])
    expect(getCommand('account.sign-out')).toMatchObject({ title: 'Log out' })
    expect(getCommand('account.sign-out')!.hidden).toBeFalsy()
    expect(getCommand('account.sign-in')!.hidden).toBe(true)
  })
})
