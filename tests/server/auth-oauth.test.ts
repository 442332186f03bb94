/**
 * Sign-in with an OAuth provider, against a local OAuth 2.0 / OIDC server (oauth2-mock-server), never a real
 * one: supabase-js's signInWithOAuth (PKCE, and implicit), the browser's hops followed by hand, the code
 * exchanged for a session; a second sign-in finds the same user; a refused consent comes back as an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { createClient } from '@supabase/supabase-js'
import { Events, OAuth2Server } from 'oauth2-mock-server'
import WebSocket from 'ws'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { call, keysOf, REF, type ProjectKeysOf } from '../support/auth-client'

describe.each(targets())('OAuth sign-in on $name', (target) => {
  let own: OwnStudio
  let keys: ProjectKeysOf
  let provider: OAuth2Server
  let profile: Record<string, unknown>

  beforeAll(async () => {
    provider = new OAuth2Server()
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    provider.service.on(Events.BeforeUserinfo, (res) => {
      res.body = profile
    })
    own = await ownStudio(target, 'auth-oauth')
    keys = await keysOf(own.studio)
    await own.studio.auth.updateConfig(REF, {
      EXTERNAL_GITLAB_ENABLED: true, EXTERNAL_GITLAB_CLIENT_ID: 'studio-client', EXTERNAL_GITLAB_SECRET: 'studio-secret',
      EXTERNAL_GITLAB_URL: provider.issuer.url!, URI_ALLOW_LIST: 'http://localhost:3000/**',
    })
  })
  afterAll(async () => {
    await own?.close()
    await provider?.stop()
  })

  const client = (flowType: 'pkce' | 'implicit') => createClient(keys.apiUrl, keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: WebSocket as never },
  })

  /** Follows the browser's redirects from `url` until it lands back on the app (localhost:3000). */
  async function browse(url: string): Promise<URL> {
    const hops: string[] = []
    let next = url
    for (let i = 0; i < 5; i++) {
      const res = await fetch(next, { redirect: 'manual' })
      const location = res.headers.get('location')
      if (!location) throw new Error(`no redirect from ${next}: ${res.status} ${await res.text()}`)
      next = new URL(location, next).toString()
      hops.push(next)
      if (next.startsWith('http://localhost:3000/')) return new URL(next)
    }
    throw new Error(`never came back: ${hops.join(' → ')}`)
  }

  it('signs in with PKCE: authorize, the provider, the callback, the code exchange', async () => {
    profile = { sub: 'gitlab-user-1', email: 'Octo@Example.com', email_verified: true, name: 'Octo' }
    const sb = client('pkce')
    const started = await sb.auth.signInWithOAuth({ provider: 'gitlab', options: { redirectTo: 'http://localhost:3000/after', skipBrowserRedirect: true } })
    expect(started.error).toBeNull()
    const landed = await browse(started.data.url!)
    expect(landed.pathname).toBe('/after')
    const code = landed.searchParams.get('code')!
    expect(code).toBeTruthy()
    const exchanged = await sb.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user).toMatchObject({ email: 'octo@example.com', app_metadata: { provider: 'gitlab', providers: ['gitlab'] }, user_metadata: { name: 'Octo' } })
    expect(exchanged.data.user!.identities).toEqual([expect.objectContaining({ provider: 'gitlab', id: 'gitlab-user-1' })])
    expect(exchanged.data.session!.provider_token).toBeTruthy()
    expect(decodeJwt(exchanged.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'oauth' })])
    // a code works once
    expect((await sb.auth.exchangeCodeForSession(code)).error).not.toBeNull()

    // the same provider user again: the same user
    const again = client('implicit')
    const second = await again.auth.signInWithOAuth({ provider: 'gitlab', options: { redirectTo: 'http://localhost:3000/again', skipBrowserRedirect: true } })
    const back = await browse(second.data.url!)
    const fragment = new URLSearchParams(back.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(decodeJwt(fragment.get('access_token')!).sub).toBe(exchanged.data.user!.id)
  })

  it('comes back with an error when the provider refuses, and refuses a disabled provider or a forged state', async () => {
    profile = { sub: 'gitlab-user-2', email: 'other@example.com' }
    provider.service.once(Events.BeforeResponse, (res) => {
      res.body = { error: 'invalid_grant', error_description: 'consent refused' }
      res.statusCode = 400
    })
    const sb = client('pkce')
    const started = await sb.auth.signInWithOAuth({ provider: 'gitlab', options: { redirectTo: 'http://localhost:3000/after', skipBrowserRedirect: true } })
    const landed = await browse(started.data.url!)
    const fragment = new URLSearchParams(landed.hash.slice(1))
    expect(fragment.get('error')).toBe('access_denied')
    expect(fragment.get('error_description')).toContain('consent refused')
    const users = await own.studio.db.query(`select 1 from auth.identities where provider_id = 'gitlab-user-2'`)
    expect(users.rows).toEqual([])

    const disabled = await call(keys, 'GET', '/authorize?provider=github&redirect_to=http://localhost:3000/')
    expect(disabled).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    const forged = await call(keys, 'GET', '/callback?code=x&state=not-a-state')
    expect(forged).toMatchObject({ status: 400, body: { code: 'bad_oauth_state' } })
  })
})
