/**
 * Sign-in with an OAuth 2.0 / OIDC provider, as GoTrue's /authorize and /callback: the app sends the browser
 * to /authorize?provider=…&redirect_to=… (with code_challenge for PKCE); the service sends it on to the
 * provider with a `state` JWT (signed with the project's secret: provider, redirect, flow) and the callback
 * URL; /callback exchanges the provider's code for its tokens (client secret, server to server), reads the
 * user (userinfo), finds or makes the user and identity, and sends the browser back: with `?code=` for PKCE
 * (exchanged at /token?grant_type=pkce) or the session in the fragment. A provider's endpoints are its
 * public ones, or, when EXTERNAL_{P}_URL is set (a self-hosted server, a test's mock), `{URL}/authorize`,
 * `{URL}/token` and `{URL}/userinfo`.
 */
import { randomUUID } from 'node:crypto'
import { OAUTH_PROVIDERS, type AuthConfig, type OAuthProvider } from '../../shared/auth'
import { pkceOf } from './accounts'
import { audit } from './audit'
import { AuthError, validationFailed } from './errors'
import { redirectFor } from './redirect'
import type { AuthService } from './service'
import { startSession, type Client, type SessionResponse } from './tokens'
import { confirmEmail, insertUser, rowByEmail } from './users'

const PROVIDER_TIMEOUT_MS = 10_000
const STATE_EXPIRY_S = 600

interface Endpoints {
  authorize: string
  token: string
  userinfo: string
  scopes: string
}

const PUBLIC: Record<OAuthProvider, Endpoints | undefined> = {
  github: { authorize: 'https://github.com/login/oauth/authorize', token: 'https://github.com/login/oauth/access_token', userinfo: 'https://api.github.com/user', scopes: 'user:email' },
  google: { authorize: 'https://accounts.google.com/o/oauth2/auth', token: 'https://oauth2.googleapis.com/token', userinfo: 'https://openidconnect.googleapis.com/v1/userinfo', scopes: 'openid email profile' },
  gitlab: { authorize: 'https://gitlab.com/oauth/authorize', token: 'https://gitlab.com/oauth/token', userinfo: 'https://gitlab.com/oauth/userinfo', scopes: 'openid email profile' },
  azure: { authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize', token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token', userinfo: 'https://graph.microsoft.com/oidc/userinfo', scopes: 'openid email profile' },
  keycloak: undefined, // no public server: its URL is required
}

interface ProviderConfig {
  clientId: string
  secret: string
  endpoints: Endpoints
}

function providerConfig(config: AuthConfig, name: unknown): { provider: OAuthProvider; settings: ProviderConfig } {
  const provider = (typeof name === 'string' ? name.toLowerCase() : '') as OAuthProvider
  if (!OAUTH_PROVIDERS.includes(provider)) throw validationFailed('Unsupported provider: provider is not enabled')
  const c = config as unknown as Record<string, string | boolean>
  const P = provider.toUpperCase()
  if (c[`EXTERNAL_${P}_ENABLED`] !== true) throw validationFailed('Unsupported provider: provider is not enabled')
  const base = String(c[`EXTERNAL_${P}_URL`] ?? '').replace(/\/+$/, '')
  const endpoints = base
    ? { authorize: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo`, scopes: PUBLIC[provider]?.scopes ?? 'openid email profile' }
    : PUBLIC[provider]
  if (!endpoints) throw validationFailed(`Unsupported provider: ${provider} needs its URL`)
  return { provider, settings: { clientId: String(c[`EXTERNAL_${P}_CLIENT_ID`] ?? ''), secret: String(c[`EXTERNAL_${P}_SECRET`] ?? ''), endpoints } }
}

/** GET /authorize: where to send the browser (the provider's authorize URL). */
export async function authorizeUrl(service: AuthService, ref: string, query: Record<string, string | undefined>): Promise<string> {
  const config = await service.configs.get(ref)
  const { provider, settings } = providerConfig(config, query.provider)
  const redirectTo = redirectFor(config, query.redirect_to)
  const pkce = pkceOf(query)
  let flowId: string | undefined
  if (pkce) {
    flowId = randomUUID()
    await service.db.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
       values ($1, null, $2, $3::auth.code_challenge_method, $4, $5, now(), now(), 'oauth')`,
      [flowId, randomUUID(), pkce.method, pkce.challenge, provider],
    )
  }
  const state = await service.keys.sign(ref, { kind: 'oauth_state', provider, referrer: redirectTo, flow_state_id: flowId ?? '' }, STATE_EXPIRY_S)
  const url = new URL(settings.endpoints.authorize)
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: `${service.apiUrl(ref)}/auth/v1/callback`,
    response_type: 'code',
    scope: [settings.endpoints.scopes, query.scopes ?? ''].join(' ').trim(),
    state,
  }).toString()
  return url.toString()
}

interface ProviderUser {
  id: string
  email: string | null
  emailVerified: boolean
  data: Record<string, unknown>
}

async function providerFetch(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), redirect: 'error' })
  } catch (e) {
    throw new AuthError(500, 'unexpected_failure', `Error reaching the provider: ${e instanceof Error ? e.message : String(e)}`)
  }
  const text = await res.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    body = Object.fromEntries(new URLSearchParams(text)) // GitHub answers form-encoded without Accept
  }
  if (!res.ok || body.error) {
    throw new AuthError(400, 'bad_oauth_callback', `Error getting user profile from external provider: ${String(body.error_description ?? body.error ?? res.status)}`)
  }
  return body
}

async function exchange(service: AuthService, ref: string, settings: ProviderConfig, code: string) {
  const tokens = await providerFetch(settings.endpoints.token, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', code, redirect_uri: `${service.apiUrl(ref)}/auth/v1/callback`,
      client_id: settings.clientId, client_secret: settings.secret,
    }).toString(),
  })
  const accessToken = tokens.access_token
  if (typeof accessToken !== 'string' || !accessToken) throw new AuthError(400, 'bad_oauth_callback', 'The provider answered no access token')
  const info = await providerFetch(settings.endpoints.userinfo, { headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` } })
  const id = info.sub ?? info.id
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') throw new AuthError(400, 'bad_oauth_callback', 'The provider answered no user id')
  const email = typeof info.email === 'string' && info.email ? info.email.toLowerCase() : null
  const user: ProviderUser = {
    id: String(id), email, emailVerified: info.email_verified === true || info.email_verified === 'true' || (email !== null && info.email_verified === undefined),
    data: { ...info, sub: String(id), provider_id: String(id), ...(email ? { email } : {}) },
  }
  return { user, providerToken: accessToken, providerRefreshToken: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : null }
}

/** GET /callback: the browser back from the provider; answers where to send it next. */
export async function callback(service: AuthService, ref: string, query: Record<string, string | undefined>, client: Client): Promise<string> {
  const config = await service.configs.get(ref)
  let state: Record<string, unknown>
  try {
    state = await service.keys.verify(ref, query.state ?? '')
  } catch {
    throw new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state')
  }
  if (state.kind !== 'oauth_state') throw new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state')
  const referrer = redirectFor(config, state.referrer)
  const fail = (code: string, description: string) =>
    `${referrer.split('#')[0]}#${new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description })}`
  if (query.error) return fail(query.error, query.error_description ?? query.error)
  if (!query.code) return fail('bad_oauth_callback', 'OAuth callback with missing authorization code')
  const { provider, settings } = providerConfig(config, state.provider)
  let got: Awaited<ReturnType<typeof exchange>>
  try {
    got = await exchange(service, ref, settings, query.code)
  } catch (e) {
    return fail(e instanceof AuthError ? e.code : 'unexpected_failure', e instanceof Error ? e.message : 'OAuth error')
  }
  const issuer = await service.issuer(ref)
  const flowId = typeof state.flow_state_id === 'string' && state.flow_state_id ? state.flow_state_id : undefined
  type Outcome = { code: string } | { session: SessionResponse } | { error: AuthError }
  const out: Outcome = await service.db.transaction(async (tx): Promise<Outcome> => {
    const identity = (await tx.query<{ user_id: string }>(
      `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
       where provider = $1 and provider_id = $2 returning user_id`,
      [provider, got.user.id, JSON.stringify(got.user.data)],
    )).rows[0]
    let userId = identity?.user_id
    if (!userId) {
      const existing = got.user.email && got.user.emailVerified ? await rowByEmail(tx, got.user.email, true) : undefined
      if (!existing && config.DISABLE_SIGNUP) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
      userId = existing?.id ?? (await insertUser(tx, {
        email: got.user.email ?? undefined, userMetadata: got.user.data, appMetadata: { provider, providers: [provider] },
      }))
      if (!existing) {
        // insertUser made an 'email' identity for the address: the provider's identity is the user's own
        await tx.query(`delete from auth.identities where user_id = $1 and provider = 'email'`, [userId])
        await audit(tx, { action: 'user_signedup', actorId: userId, actorUsername: got.user.email ?? '', ip: client.ip, traits: { provider } }, service.logs)
      }
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
         values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
        [got.user.id, userId, JSON.stringify(got.user.data), provider],
      )
      await tx.query(
        `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'), '{providers}',
           (select coalesce(jsonb_agg(distinct p), '[]') from (select jsonb_array_elements_text(coalesce(raw_app_meta_data->'providers', '[]')) as p union select $2) x)),
           updated_at = now() where id = $1`,
        [userId, provider],
      )
    }
    if (got.user.email && got.user.emailVerified) await confirmEmail(tx, userId)
    const banned = (await tx.query<{ banned: boolean }>('select coalesce(banned_until > now(), false) as banned from auth.users where id = $1', [userId])).rows[0]!.banned
    if (banned) throw new AuthError(400, 'user_banned', 'User is banned')
    await audit(tx, { action: 'login', actorId: userId, actorUsername: got.user.email ?? '', ip: client.ip, traits: { provider } }, service.logs)
    if (flowId) {
      const flow = (await tx.query<{ auth_code: string }>(
        `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), provider_access_token = $3, provider_refresh_token = $4, updated_at = now()
         where id = $1 and user_id is null returning auth_code`,
        [flowId, userId, got.providerToken, got.providerRefreshToken],
      )).rows[0]
      if (!flow) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
      return { code: flow.auth_code }
    }
    return { session: await startSession(tx, issuer, userId, 'oauth', client) }
  }).catch((e: unknown) => ({ error: e instanceof AuthError ? e : new AuthError(500, 'unexpected_failure', 'Database error') }))
  if ('error' in out) return fail(out.error.code, out.error.message)
  if ('code' in out) return `${referrer}${referrer.includes('?') ? '&' : '?'}code=${encodeURIComponent(out.code)}`
  const s = out.session
  return `${referrer.split('#')[0]}#${new URLSearchParams({
    access_token: s.access_token, expires_at: String(s.expires_at), expires_in: String(s.expires_in), provider_token: got.providerToken,
    ...(got.providerRefreshToken ? { provider_refresh_token: got.providerRefreshToken } : {}), refresh_token: s.refresh_token, token_type: 'bearer',
  })}`
}
