/**
 * The Authentication settings pages' calls under /platform/auth/{ref} (Supabase studio's paths): the auth
 * configuration (GET, PATCH with GoTrue's env names) and the Postgres functions a custom access token hook
 * may call. Secrets (SMTP_PASS, each OAuth provider's secret) never travel back in clear: a set one answers
 * as AUTH_SECRET_MASK, an unset one as ''; a PATCH that leaves a secret out, or sends the mask, keeps it.
 * The server checks project_auth:all, then these rules, then asks the auth service
 * (src/server/auth/dashboard-config-routes.ts).
 */
import { z } from 'zod'
import { AuthConfigPatch, OAUTH_PROVIDERS, type AuthConfig, type OAuthProvider } from '../auth'
import { MSG } from '../messages'
import { endpoint, type } from './endpoint'

const AUTH = '/platform/auth/:ref'

/** What a set secret answers as. */
export const AUTH_SECRET_MASK = '••••••••'

/** The fields never answered in clear. */
export type AuthSecretField = 'SMTP_PASS' | `EXTERNAL_${Uppercase<OAuthProvider>}_SECRET`
export const AUTH_SECRET_FIELDS: readonly AuthSecretField[] = [
  'SMTP_PASS', ...OAUTH_PROVIDERS.map((p) => `EXTERNAL_${p.toUpperCase() as Uppercase<OAuthProvider>}_SECRET` as const),
]

/** The configuration as the dashboard may see it: each set secret as the mask. */
export function maskSecrets(config: AuthConfig): AuthConfig {
  const masked = { ...config }
  for (const field of AUTH_SECRET_FIELDS) masked[field] = config[field] ? AUTH_SECRET_MASK : ''
  return masked
}

/** A PATCH with every secret that is the mask left out (kept as it is). */
export function withoutMaskedSecrets(patch: AuthConfigPatch): AuthConfigPatch {
  const kept = { ...patch }
  for (const field of AUTH_SECRET_FIELDS) if (kept[field] === AUTH_SECRET_MASK) delete kept[field]
  return kept
}

/** `public.custom_claims` as GoTrue's hook URI names it: pg-functions://postgres/public/custom_claims. */
export const hookUri = (schema: string, name: string) => `pg-functions://postgres/${schema}/${name}`
export function hookFunctionOf(uri: string): { schema: string; name: string } | null {
  const m = /^pg-functions:\/\/postgres\/([^/]+)\/([^/]+)$/.exec(uri)
  return m ? { schema: m[1]!, name: m[2]! } : null
}

/** One redirect URL of the allow list: a URL with a scheme (an app's own scheme too), wildcards * and ** allowed. */
const REDIRECT_URL = /^[a-z][a-z0-9+.-]*:\/\/[^\s,]+$/i
export const isRedirectUrl = (url: string) => url.length <= 2048 && REDIRECT_URL.test(url)

/** The site URL: an http(s) address. */
export function isSiteUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}

/** The allow list's URLs (the config keeps them comma separated). */
export const redirectUrls = (list: string): string[] => list.split(',').map((u) => u.trim()).filter(Boolean)
export const joinRedirectUrls = (urls: readonly string[]): string => urls.join(',')

export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  github: 'GitHub', google: 'Google', gitlab: 'GitLab', azure: 'Azure', keycloak: 'Keycloak',
}

export const providerFields = (p: OAuthProvider) => {
  const P = p.toUpperCase() as Uppercase<OAuthProvider>
  return { enabled: `EXTERNAL_${P}_ENABLED`, clientId: `EXTERNAL_${P}_CLIENT_ID`, secret: `EXTERNAL_${P}_SECRET`, url: `EXTERNAL_${P}_URL` } as const
}

/**
 * Why the configuration a PATCH would leave (the current one with the patch over it) cannot be, or null:
 * phone sign-in without an SMS provider, an OAuth provider enabled without its client ID and secret, the
 * hook enabled without a function, a redirect URL that is no URL.
 */
export function authConfigProblem(next: AuthConfig): string | null {
  if (next.EXTERNAL_PHONE_ENABLED) return MSG.authPhoneUnavailable
  for (const p of OAUTH_PROVIDERS) {
    const f = providerFields(p)
    if (next[f.enabled] && (!next[f.clientId].trim() || !next[f.secret])) return MSG.authProviderCredentials(PROVIDER_LABELS[p])
  }
  if (next.HOOK_CUSTOM_ACCESS_TOKEN_ENABLED && !next.HOOK_CUSTOM_ACCESS_TOKEN_URI) return MSG.authHookFunctionRequired
  if (redirectUrls(next.URI_ALLOW_LIST).some((u) => !isRedirectUrl(u))) return MSG.authRedirectUrlInvalid
  if (next.SMTP_HOST.trim() && !next.SMTP_ADMIN_EMAIL) return MSG.authSmtpSenderRequired
  return null
}

/** The PATCH body: AuthConfigPatch, with the studio's messages for the fields a person types. */
export const AuthConfigPatchBody = AuthConfigPatch.extend({
  SITE_URL: z.string().trim().max(2048, MSG.authSiteUrlInvalid).refine(isSiteUrl, MSG.authSiteUrlInvalid).optional(),
}).superRefine((patch, ctx) => {
  if (patch.URI_ALLOW_LIST !== undefined && redirectUrls(patch.URI_ALLOW_LIST).some((u) => !isRedirectUrl(u))) {
    ctx.addIssue({ code: 'custom', path: ['URI_ALLOW_LIST'], message: MSG.authRedirectUrlInvalid })
  }
})

/** A function a custom access token hook can call: `(event jsonb) returns jsonb`. */
export interface HookFunction {
  schema: string
  name: string
  /** pg-functions://postgres/{schema}/{name} */
  uri: string
}

export const authConfig = {
  authConfig: endpoint({ method: 'GET', path: `${AUTH}/config`, response: type<AuthConfig>() }),
  updateAuthConfig: endpoint({ method: 'PATCH', path: `${AUTH}/config`, body: AuthConfigPatchBody, response: type<AuthConfig>() }),
  /** the functions of user schemas taking (jsonb) and returning jsonb: the hook's pick list */
  authHookFunctions: endpoint({ method: 'GET', path: `${AUTH}/hook-functions`, response: type<HookFunction[]>() }),
}
