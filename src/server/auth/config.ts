/**
 * Each project's auth configuration, named as GoTrue's environment (src/shared/auth.ts), kept in the platform
 * store (see schema.ts for why there). Only what differs from the defaults is stored, so a default changed
 * in a later version reaches projects that never set it. Read through a short cache: a sign-in reads it.
 */
import { AuthConfigPatch, OAUTH_PROVIDERS, type AuthConfig } from '../../shared/auth'
import type { Driver } from '../db/driver'
import { DEFAULT_TEMPLATES, DEFAULT_SUBJECTS } from './templates'

const CACHE_MS = 1000

/** GoTrue's defaults, but: SITE_URL is the studio, confirm-email is off (self-hosted), and 30 mails an hour, not 2 (2 would stop a test run). */
export function defaultConfig(studioUrl: string): AuthConfig {
  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.flatMap((p) => {
      const P = p.toUpperCase()
      return [[`EXTERNAL_${P}_ENABLED`, false], [`EXTERNAL_${P}_CLIENT_ID`, ''], [`EXTERNAL_${P}_SECRET`, ''], [`EXTERNAL_${P}_URL`, '']]
    }),
  )
  return {
    SITE_URL: studioUrl,
    URI_ALLOW_LIST: '',
    DISABLE_SIGNUP: false,
    JWT_EXP: 3600,
    EXTERNAL_EMAIL_ENABLED: true,
    EXTERNAL_PHONE_ENABLED: false,
    EXTERNAL_ANONYMOUS_USERS_ENABLED: false,
    MAILER_AUTOCONFIRM: true,
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: true,
    MAILER_OTP_EXP: 3600,
    PASSWORD_MIN_LENGTH: 6,
    PASSWORD_REQUIRED_CHARACTERS: '',
    SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: 10,
    MFA_TOTP_ENROLL_ENABLED: true,
    MFA_TOTP_VERIFY_ENABLED: true,
    MFA_MAX_ENROLLED_FACTORS: 10,
    RATE_LIMIT_EMAIL_SENT: 30,
    RATE_LIMIT_SMS_SENT: 30,
    RATE_LIMIT_VERIFY: 30,
    RATE_LIMIT_TOKEN_REFRESH: 150,
    RATE_LIMIT_OTP: 30,
    RATE_LIMIT_ANONYMOUS_USERS: 30,
    RATE_LIMIT_SIGN_IN_SIGN_UPS: 30,
    SMTP_HOST: '',
    SMTP_PORT: '587',
    SMTP_USER: '',
    SMTP_PASS: '',
    SMTP_ADMIN_EMAIL: '',
    SMTP_SENDER_NAME: '',
    MAILER_SUBJECTS_CONFIRMATION: DEFAULT_SUBJECTS.confirmation,
    MAILER_SUBJECTS_INVITE: DEFAULT_SUBJECTS.invite,
    MAILER_SUBJECTS_MAGIC_LINK: DEFAULT_SUBJECTS.magic_link,
    MAILER_SUBJECTS_RECOVERY: DEFAULT_SUBJECTS.recovery,
    MAILER_SUBJECTS_EMAIL_CHANGE: DEFAULT_SUBJECTS.email_change,
    MAILER_TEMPLATES_CONFIRMATION_CONTENT: DEFAULT_TEMPLATES.confirmation,
    MAILER_TEMPLATES_INVITE_CONTENT: DEFAULT_TEMPLATES.invite,
    MAILER_TEMPLATES_MAGIC_LINK_CONTENT: DEFAULT_TEMPLATES.magic_link,
    MAILER_TEMPLATES_RECOVERY_CONTENT: DEFAULT_TEMPLATES.recovery,
    MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT: DEFAULT_TEMPLATES.email_change,
    HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: false,
    HOOK_CUSTOM_ACCESS_TOKEN_URI: '',
    ...providers,
  } as AuthConfig
}

export class AuthConfigs {
  private readonly cache = new Map<string, { at: number; config: Promise<AuthConfig> }>()

  constructor(
    private readonly store: () => Promise<Driver>,
    private readonly studioUrl: string,
  ) {}

  get(ref: string): Promise<AuthConfig> {
    const hit = this.cache.get(ref)
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.config
    const config = this.read(ref)
    config.catch(() => this.cache.delete(ref))
    this.cache.set(ref, { at: Date.now(), config })
    return config
  }

  private async read(ref: string): Promise<AuthConfig> {
    const db = await this.store()
    const row = (await db.query<{ config: Record<string, unknown> }>('select config from _studio.auth_config where ref = $1', [ref])).rows[0]
    // a stored value a later version no longer accepts falls back to its default
    const stored = AuthConfigPatch.safeParse(row?.config ?? {})
    return { ...defaultConfig(this.studioUrl), ...(stored.success ? stored.data : {}) }
  }

  /** Applies a validated patch (AuthConfigPatch) and answers the whole configuration. */
  async update(ref: string, patch: AuthConfigPatch): Promise<AuthConfig> {
    const db = await this.store()
    await db.query(
      `insert into _studio.auth_config (ref, config) values ($1, $2::jsonb)
       on conflict (ref) do update set config = _studio.auth_config.config || excluded.config, updated_at = now()`,
      [ref, JSON.stringify(patch)],
    )
    this.cache.delete(ref)
    return this.get(ref)
  }
}
