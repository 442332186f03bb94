/**
 * The project's auth service (GoTrue-compatible, /api/projects/{ref}/auth/v1) as the dashboard sees it: a
 * user as GoTrue's admin API answers it, the auth configuration (named as Supabase's
 * `PATCH /platform/auth/{ref}/config` names it, so its habits carry over), the outbox, and the users list's
 * query. Shared by the server (src/server/auth) and the web app (model/auth, screens/auth).
 */
import { z } from 'zod'
import { MSG } from './messages'

export interface AuthIdentity {
  identity_id: string
  id: string
  user_id: string
  provider: string
  identity_data: Record<string, unknown>
  email: string | null
  created_at: string
  updated_at: string
  last_sign_in_at: string | null
}

export interface AuthFactor {
  id: string
  friendly_name: string | null
  factor_type: 'totp' | 'phone'
  status: 'verified' | 'unverified'
  created_at: string
  updated_at: string
}

/** A user as GoTrue answers it (admin API: banned_until included). */
export interface AuthUser {
  id: string
  aud: string
  role: string
  email: string | null
  email_confirmed_at: string | null
  phone: string | null
  phone_confirmed_at: string | null
  confirmation_sent_at: string | null
  confirmed_at: string | null
  recovery_sent_at: string | null
  invited_at: string | null
  last_sign_in_at: string | null
  app_metadata: { provider?: string; providers?: string[]; [key: string]: unknown }
  user_metadata: Record<string, unknown>
  identities: AuthIdentity[]
  factors?: AuthFactor[]
  created_at: string
  updated_at: string
  banned_until: string | null
  is_anonymous: boolean
}

/** One session of a user (the dashboard's user panel). */
export interface AuthSession {
  id: string
  created_at: string
  updated_at: string | null
  aal: 'aal1' | 'aal2'
  user_agent: string | null
  ip: string | null
  not_after: string | null
}

/** A user with what the dashboard's panel shows besides. */
export interface AuthUserDetail extends AuthUser {
  sessions: AuthSession[]
  factors: AuthFactor[]
}

export const AUTH_USER_FILTERS = ['all', 'verified', 'unverified', 'anonymous'] as const
export type AuthUserFilter = (typeof AUTH_USER_FILTERS)[number]
export const AUTH_USER_SORTS = ['created_at', 'email', 'last_sign_in_at'] as const
export type AuthUserSort = (typeof AUTH_USER_SORTS)[number]

/** The dashboard's users list: search matches email, phone or id; paged by page and per_page. */
export const AuthUsersQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).catch(50).default(50),
  search: z.string().max(320).optional(),
  filter: z.enum(AUTH_USER_FILTERS).catch('all').default('all'),
  sort: z.enum(AUTH_USER_SORTS).catch('created_at').default('created_at'),
  order: z.enum(['asc', 'desc']).catch('desc').default('desc'),
})
export type AuthUsersQuery = z.output<typeof AuthUsersQuery>

export interface AuthUsersPage {
  users: AuthUser[]
  /** how many match the search and filter */
  total: number
}

/** One mail the service sent (or, without SMTP, only kept here): the Emails page. */
export interface OutboxMail {
  id: string
  created_at: string
  to: string
  subject: string
  html: string
  /** confirmation, invite, magic_link, recovery, email_change, reauthentication */
  kind: string
  /** sent through SMTP, kept only (no SMTP configured), or failed (the SMTP error) */
  status: 'sent' | 'kept' | 'failed'
  error: string | null
}

export const EMAIL_TEMPLATES = ['confirmation', 'invite', 'magic_link', 'recovery', 'email_change'] as const
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number]

/** The OAuth providers the service can be configured for (any OAuth 2.0 / OIDC server with these fields). */
export const OAUTH_PROVIDERS = ['github', 'google', 'gitlab', 'azure', 'keycloak'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

const url = z.string().trim().url().max(2048)
const count = z.number().int().min(0).max(1_000_000)
const optionalText = z.string().max(100_000)

/**
 * The auth configuration, every field optional in a PATCH. Names are GoTrue's environment names, as
 * Supabase's config call takes them.
 */
export const AuthConfigPatch = z
  .object({
    SITE_URL: url,
    /** comma-separated redirect URLs (globs * and ** allowed) */
    URI_ALLOW_LIST: z.string().max(20_000),
    DISABLE_SIGNUP: z.boolean(),
    JWT_EXP: z.number().int().min(30).max(604_800),
    EXTERNAL_EMAIL_ENABLED: z.boolean(),
    EXTERNAL_PHONE_ENABLED: z.boolean(),
    EXTERNAL_ANONYMOUS_USERS_ENABLED: z.boolean(),
    MAILER_AUTOCONFIRM: z.boolean(),
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: z.boolean(),
    MAILER_OTP_EXP: z.number().int().min(60).max(86_400),
    PASSWORD_MIN_LENGTH: z.number().int().min(6).max(72),
    /** '' (none), or GoTrue's sets: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789' … */
    PASSWORD_REQUIRED_CHARACTERS: z.string().max(200),
    SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: z.number().int().min(0).max(3600),
    MFA_TOTP_ENROLL_ENABLED: z.boolean(),
    MFA_TOTP_VERIFY_ENABLED: z.boolean(),
    MFA_MAX_ENROLLED_FACTORS: z.number().int().min(1).max(100),
    RATE_LIMIT_EMAIL_SENT: count,
    RATE_LIMIT_SMS_SENT: count,
    RATE_LIMIT_VERIFY: count,
    RATE_LIMIT_TOKEN_REFRESH: count,
    RATE_LIMIT_OTP: count,
    RATE_LIMIT_ANONYMOUS_USERS: count,
    /** sign-ups and sign-ins per 5 minutes per IP address */
    RATE_LIMIT_SIGN_IN_SIGN_UPS: count,
    SMTP_HOST: z.string().max(255),
    SMTP_PORT: z.string().refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65_535), MSG.authSmtpPortInvalid),
    SMTP_USER: z.string().max(255),
    SMTP_PASS: z.string().max(1024),
    SMTP_ADMIN_EMAIL: z.union([z.literal(''), z.string().email().max(320)]),
    SMTP_SENDER_NAME: z.string().max(255),
    MAILER_SUBJECTS_CONFIRMATION: z.string().max(1000),
    MAILER_SUBJECTS_INVITE: z.string().max(1000),
    MAILER_SUBJECTS_MAGIC_LINK: z.string().max(1000),
    MAILER_SUBJECTS_RECOVERY: z.string().max(1000),
    MAILER_SUBJECTS_EMAIL_CHANGE: z.string().max(1000),
    MAILER_TEMPLATES_CONFIRMATION_CONTENT: optionalText,
    MAILER_TEMPLATES_INVITE_CONTENT: optionalText,
    MAILER_TEMPLATES_MAGIC_LINK_CONTENT: optionalText,
    MAILER_TEMPLATES_RECOVERY_CONTENT: optionalText,
    MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT: optionalText,
    HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: z.boolean(),
    /** pg-functions://postgres/{schema}/{function} */
    HOOK_CUSTOM_ACCESS_TOKEN_URI: z.union([z.literal(''), z.string().regex(/^pg-functions:\/\/postgres\/[^/]+\/[^/]+$/)]),
    ...Object.fromEntries(
      OAUTH_PROVIDERS.flatMap((p) => {
        const P = p.toUpperCase()
        return [
          [`EXTERNAL_${P}_ENABLED`, z.boolean()],
          [`EXTERNAL_${P}_CLIENT_ID`, z.string().max(1000)],
          [`EXTERNAL_${P}_SECRET`, z.string().max(1000)],
          /** the provider's base URL (authorize, token and user endpoints under it): self-hosted servers, tests */
          [`EXTERNAL_${P}_URL`, z.union([z.literal(''), url])],
        ]
      }),
    ) as Record<`EXTERNAL_${Uppercase<OAuthProvider>}_${'ENABLED'}`, z.ZodBoolean> &
      Record<`EXTERNAL_${Uppercase<OAuthProvider>}_${'CLIENT_ID' | 'SECRET' | 'URL'}`, z.ZodString>,
  })
  .partial()
  .strict()
export type AuthConfigPatch = z.output<typeof AuthConfigPatch>
/** The whole configuration: every field set (defaults in src/server/auth); SMTP_PASS and secrets answer as '' when unset. */
export type AuthConfig = Required<AuthConfigPatch>
