/**
 * The project's auth service (GoTrue-compatible): what the API routes (api-routes.ts, admin-routes.ts) and
 * the dashboard (AuthAdmin, admin-api.ts) share. Users, sessions and tokens live in the project database's
 * `auth` schema; the configuration and the outbox in the platform store (see schema.ts).
 */
import type {
  AuthConfig, AuthConfigPatch, AuthUser, AuthUserDetail, AuthUsersPage, AuthUsersQuery, OutboxMail,
} from '../../shared/auth'
import { AuthConfigPatch as ConfigPatchSchema, AuthUsersQuery as UsersQuerySchema } from '../../shared/auth'
import type { Driver, Queryable } from '../db/driver'
import { NO_LOGS, type LogSink } from '../logs/collector'
import { projectByRef } from '../platform/projects'
import type { ProjectKeys } from '../platform/keys'
import type { PlatformStore } from '../platform/store'
import { projectApiUrl } from '../storage/urls'
import type { AuthAdmin } from './admin-api'
import { audit, type AuditEntry } from './audit'
import { banUntil } from './ban'
import { AuthConfigs } from './config'
import { AuthError, emailExists, invalidEmail, mfaNotFound, userNotFound, validationFailed } from './errors'
import { Mailer, type MailKind } from './mail'
import { issueOtp, type OtpColumn } from './otp'
import { checkPassword, hashPassword } from './passwords'
import { RateLimits } from './rate-limit'
import { redirectFor } from './redirect'
import { authStoreTables } from './schema'
import { renderTemplate } from '../../shared/auth-template'
import type { Issuer } from './tokens'
import { confirmEmail, insertUser, isUuid, rowByEmail, rowById, USER_JSON, userById, userDetail, userOf } from './users'

/** Past this many users the count is the planner's estimate (Project overview never counts a big table). */
const EXACT_COUNT_LIMIT = 100_000
const EMAIL_MAX_LENGTH = 255
/** GoTrue's check: something@something.tld, no spaces. */
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** A valid email, lowercased; validation_failed otherwise. */
export function checkEmail(email: unknown): string {
  if (typeof email !== 'string' || email.length > EMAIL_MAX_LENGTH || !EMAIL_RE.test(email.trim())) throw invalidEmail()
  return email.trim().toLowerCase()
}

/** The verify link's type for each mail. */
const VERIFY_TYPE: Record<MailKind, string> = {
  confirmation: 'signup', invite: 'invite', magic_link: 'magiclink', recovery: 'recovery', email_change: 'email_change', reauthentication: 'reauthentication',
}
const OTP_COLUMN: Partial<Record<MailKind, OtpColumn>> = {
  confirmation: 'confirmation', invite: 'confirmation', magic_link: 'recovery', recovery: 'recovery', email_change: 'email_change_new',
}
const TEMPLATE_KEY: Partial<Record<MailKind, string>> = {
  confirmation: 'CONFIRMATION', invite: 'INVITE', magic_link: 'MAGIC_LINK', recovery: 'RECOVERY', email_change: 'EMAIL_CHANGE',
}

export interface LinkProperties {
  action_link: string
  email_otp: string
  hashed_token: string
  redirect_to: string
  verification_type: string
}

export class AuthService implements AuthAdmin {
  readonly configs: AuthConfigs
  readonly mailer: Mailer
  readonly limits = new RateLimits()
  private storeReady: Promise<Driver> | undefined

  constructor(
    readonly db: Driver,
    readonly keys: ProjectKeys,
    readonly store: PlatformStore,
    readonly studioUrl: string,
    /** where each audit entry is also logged (issue 16) */
    readonly logs: LogSink = NO_LOGS,
  ) {
    const storeDb = () => (this.storeReady ??= this.openStore())
    this.configs = new AuthConfigs(storeDb, studioUrl)
    this.mailer = new Mailer(storeDb)
  }

  private async openStore(): Promise<Driver> {
    try {
      const db = await this.store.get()
      await authStoreTables(db)
      return db
    } catch (e) {
      this.storeReady = undefined
      throw e
    }
  }

  apiUrl(ref: string): string {
    return projectApiUrl(this.studioUrl, ref)
  }

  async issuer(ref: string): Promise<Issuer> {
    return { ref, config: await this.configs.get(ref), keys: this.keys, apiUrl: this.apiUrl(ref), logs: this.logs }
  }

  audit(entry: AuditEntry, db: Queryable = this.db): Promise<void> {
    return audit(db, entry, this.logs)
  }

  /**
   * Makes the mail's one-time token and link, and (unless `send` is false: generate_link) mails it.
   * `to` is where it goes (the new address for an email change).
   */
  async mailLink(
    ref: string,
    user: { id: string; email: string },
    kind: MailKind,
    options: { redirectTo?: string; to?: string; send?: boolean; db?: Queryable; column?: OtpColumn; newEmail?: string } = {},
  ): Promise<LinkProperties> {
    const config = await this.configs.get(ref)
    const to = options.to ?? user.email
    const { otp, hash } = await issueOtp(options.db ?? this.db, user.id, options.column ?? OTP_COLUMN[kind]!, to)
    const redirectTo = redirectFor(config, options.redirectTo)
    const type = VERIFY_TYPE[kind]
    const link = `${this.apiUrl(ref)}/auth/v1/verify?token=${hash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`
    if (options.send !== false) {
      const key = TEMPLATE_KEY[kind]!
      const c = config as unknown as Record<string, string>
      const data = {
        ConfirmationURL: link, Token: otp, TokenHash: hash, SiteURL: config.SITE_URL, Email: user.email,
        NewEmail: options.newEmail ?? to, RedirectTo: redirectTo, Data: await this.metadataOf(user.id, options.db),
      }
      try {
        const subject = renderTemplate(c[`MAILER_SUBJECTS_${key}`]!, data, 'text')
        await this.mailer.send(ref, config, { to, kind, subject, html: renderTemplate(c[`MAILER_TEMPLATES_${key}_CONTENT`]!, data) })
      } catch {
        throw new AuthError(500, 'unexpected_failure', `Error sending ${kind === 'magic_link' ? 'magic link' : kind} email`)
      }
    }
    return { action_link: link, email_otp: otp, hashed_token: hash, redirect_to: redirectTo, verification_type: type }
  }

  /** The user's metadata, a template's `{{ .Data.key }}`. */
  private async metadataOf(id: string, db: Queryable = this.db): Promise<Record<string, unknown>> {
    const { rows } = await db.query<{ data: Record<string, unknown> | null }>('select raw_user_meta_data as data from auth.users where id = $1', [id])
    return rows[0]?.data ?? {}
  }

  // ---- AuthAdmin: what the dashboard calls ----

  async listUsers(ref: string, query: AuthUsersQuery): Promise<AuthUsersPage> {
    projectByRef(ref)
    const q = UsersQuerySchema.parse(query)
    const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, '\\$&')}%` : null
    const where = `($1::text is null or u.email ilike $1 or u.phone ilike $1 or u.id::text = $2)
      and case $3 when 'verified' then (u.email_confirmed_at is not null or u.phone_confirmed_at is not null)
                  when 'unverified' then (u.email_confirmed_at is null and u.phone_confirmed_at is null and not u.is_anonymous)
                  when 'anonymous' then u.is_anonymous else true end`
    const params = [search, q.search?.trim().toLowerCase() ?? '', q.filter]
    const dir = q.order === 'asc' ? 'asc' : 'desc'
    const column = { created_at: 'u.created_at', email: 'u.email', last_sign_in_at: 'u.last_sign_in_at' }[q.sort]
    // the page's ids first: the JSON (identities, factors) is built for those rows only, not for the skipped ones
    const ids = (await this.db.query<{ id: string }>(
      `select u.id from auth.users u where ${where} order by ${column} ${dir} nulls last, u.id ${dir} limit $4 offset $5`,
      [...params, q.per_page, (q.page - 1) * q.per_page],
    )).rows.map((r) => r.id)
    const byId = new Map((await this.db.query<{ id: string; user: Record<string, unknown> }>(
      `select u.id, ${USER_JSON()} as user from auth.users u where u.id = any($1::uuid[])`, [ids],
    )).rows.map((r) => [r.id, r.user]))
    const rows = ids.flatMap((id) => (byId.has(id) ? [{ user: byId.get(id)! }] : []))
    const total = !search && q.filter === 'all'
      ? await this.userCount(ref)
      : Number((await this.db.query<{ n: string }>(`select count(*)::text as n from auth.users u where ${where}`, params)).rows[0]!.n)
    return { users: rows.map((r) => userOf(r.user)), total }
  }

  async user(ref: string, id: string): Promise<AuthUserDetail> {
    projectByRef(ref)
    const user = await userDetail(this.db, id)
    if (!user) throw userNotFound()
    return user
  }

  async createUser(ref: string, input: { email: string; password: string; autoConfirm: boolean; userMetadata?: Record<string, unknown> }): Promise<AuthUser> {
    projectByRef(ref)
    return this.adminCreateUser(ref, {
      email: input.email, password: input.password, email_confirm: input.autoConfirm, user_metadata: input.userMetadata,
    }, 'dashboard')
  }

  /** POST /admin/users and the dashboard's create user. */
  async adminCreateUser(
    ref: string,
    body: { email?: unknown; password?: unknown; email_confirm?: unknown; user_metadata?: unknown; app_metadata?: unknown; ban_duration?: unknown; role?: unknown; phone?: unknown; phone_confirm?: unknown },
    actor: string,
    ip = '',
  ): Promise<AuthUser> {
    const config = await this.configs.get(ref)
    if (body.email === undefined && body.phone === undefined) throw validationFailed('Unable to validate email address: invalid format')
    const email = body.email === undefined || body.email === '' ? undefined : checkEmail(body.email)
    if (body.phone !== undefined && (typeof body.phone !== 'string' || !/^\+?[0-9]{6,15}$/.test(body.phone))) {
      throw validationFailed('Invalid phone number format (E.164 required)')
    }
    const password = body.password === undefined || body.password === '' ? undefined : checkPassword(body.password, config)
    const userMetadata = objectOrEmpty(body.user_metadata, 'user_metadata')
    const appMetadata = objectOrEmpty(body.app_metadata, 'app_metadata')
    const bannedUntil = typeof body.ban_duration === 'string' ? banUntil(body.ban_duration) : null
    const hash = password ? await hashPassword(password) : null
    const id = await this.db.transaction(async (tx) => {
      if (email && (await rowByEmail(tx, email))) throw emailExists()
      if (typeof body.phone === 'string' && (await tx.query('select 1 from auth.users where phone = $1', [body.phone.replace(/^\+/, '')])).rows.length) {
        throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered')
      }
      const id = await insertUser(tx, {
        email, phone: typeof body.phone === 'string' ? body.phone.replace(/^\+/, '') : undefined, passwordHash: hash,
        emailConfirmed: body.email_confirm === true, phoneConfirmed: body.phone_confirm === true,
        userMetadata, appMetadata, bannedUntil, role: typeof body.role === 'string' && body.role ? body.role : undefined,
      })
      if (body.email_confirm === true) await confirmEmail(tx, id)
      await audit(tx, { action: 'user_signedup', actorId: id, actorUsername: actor, actorName: actor, ip, traits: { user_id: id, user_email: email ?? '', provider: email ? 'email' : 'phone' } }, this.logs)
      return id
    })
    return (await userById(this.db, id))!
  }

  async inviteUser(ref: string, email: string, redirectTo?: string, ip = '', actor = 'dashboard'): Promise<AuthUser> {
    projectByRef(ref)
    const address = checkEmail(email)
    const id = await this.db.transaction(async (tx) => {
      const existing = await rowByEmail(tx, address, true)
      if (existing && (existing.email_confirmed || !existing.invited)) throw emailExists()
      const id = existing?.id ?? (await insertUser(tx, { email: address, invited: true }))
      await tx.query('update auth.users set invited_at = now(), updated_at = now() where id = $1', [id])
      await audit(tx, { action: 'user_invited', actorId: id, actorUsername: actor, actorName: actor, ip, traits: { user_id: id, user_email: address } }, this.logs)
      return id
    })
    await this.mailLink(ref, { id, email: address }, 'invite', { redirectTo })
    return (await userById(this.db, id))!
  }

  async sendMagicLink(ref: string, email: string, redirectTo?: string): Promise<void> {
    projectByRef(ref)
    const user = await rowByEmail(this.db, checkEmail(email))
    if (!user) throw userNotFound()
    await this.mailLink(ref, { id: user.id, email: user.email! }, user.email_confirmed ? 'magic_link' : 'confirmation', { redirectTo })
    await this.audit({ action: 'magiclink_requested', actorId: user.id, actorUsername: 'dashboard', actorName: 'dashboard' })
  }

  async sendRecovery(ref: string, email: string, redirectTo?: string): Promise<void> {
    projectByRef(ref)
    const user = await rowByEmail(this.db, checkEmail(email))
    if (!user) throw userNotFound()
    await this.mailLink(ref, { id: user.id, email: user.email! }, 'recovery', { redirectTo })
    await this.audit({ action: 'user_recovery_requested', actorId: user.id, actorUsername: 'dashboard', actorName: 'dashboard' })
  }

  async banUser(ref: string, id: string, duration: string): Promise<AuthUser> {
    projectByRef(ref)
    const until = banUntil(duration)
    await this.db.transaction(async (tx) => {
      if (!(await rowById(tx, id, true))) throw userNotFound()
      await tx.query('update auth.users set banned_until = $2::timestamptz, updated_at = now() where id = $1', [id, until])
      // a banned user's sessions end: their refresh tokens stop, /user refuses their access tokens
      if (until) await tx.query('delete from auth.sessions where user_id = $1', [id])
      await audit(tx, { action: until ? 'user_banned' : 'user_modified', actorId: id, actorUsername: 'dashboard', actorName: 'dashboard', traits: { user_id: id, ban_duration: duration } }, this.logs)
    })
    return (await userById(this.db, id))!
  }

  async signOutUser(ref: string, id: string): Promise<void> {
    projectByRef(ref)
    if (!(await rowById(this.db, id))) throw userNotFound()
    await this.db.transaction(async (tx) => {
      await tx.query('delete from auth.sessions where user_id = $1', [id])
      await audit(tx, { action: 'logout', actorId: id, actorUsername: 'dashboard', actorName: 'dashboard', traits: { user_id: id, scope: 'global' } }, this.logs)
    })
  }

  async deleteUser(ref: string, id: string, actor = 'dashboard', ip = ''): Promise<void> {
    projectByRef(ref)
    await this.db.transaction(async (tx) => {
      const user = await rowById(tx, id, true)
      if (!user) throw userNotFound()
      await tx.query('delete from auth.users where id = $1', [id])
      await audit(tx, { action: 'user_deleted', actorId: id, actorUsername: actor, actorName: actor, ip, traits: { user_id: id, user_email: user.email ?? '', user_phone: user.phone ?? '' } }, this.logs)
    })
  }

  async deleteFactor(ref: string, userId: string, factorId: string): Promise<void> {
    projectByRef(ref)
    if (!isUuid(userId) || !isUuid(factorId)) throw mfaNotFound()
    await this.db.transaction(async (tx) => {
      const gone = await tx.query('delete from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId])
      if (!gone.rowCount) throw mfaNotFound()
      // sessions raised to aal2 with this factor go back to aal1
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factorId])
      await audit(tx, { action: 'factor_deleted', actorId: userId, actorUsername: 'dashboard', actorName: 'dashboard', traits: { factor_id: factorId } }, this.logs)
    })
  }

  async config(ref: string): Promise<AuthConfig> {
    projectByRef(ref)
    return this.configs.get(ref)
  }

  async updateConfig(ref: string, patch: AuthConfigPatch): Promise<AuthConfig> {
    projectByRef(ref)
    const parsed = ConfigPatchSchema.safeParse(patch)
    if (!parsed.success) throw validationFailed(parsed.error.issues[0]?.message ?? 'Invalid configuration')
    return this.configs.update(ref, parsed.data)
  }

  async outbox(ref: string, options: { limit: number; before?: string }): Promise<OutboxMail[]> {
    projectByRef(ref)
    return this.mailer.outbox(ref, options.limit, options.before)
  }

  async userCount(ref: string): Promise<number> {
    projectByRef(ref)
    const n = Number((await this.db.query<{ n: string }>(
      `select count(*)::text as n from (select 1 from auth.users limit ${EXACT_COUNT_LIMIT + 1}) t`,
    )).rows[0]!.n)
    if (n <= EXACT_COUNT_LIMIT) return n
    const estimate = (await this.db.query<{ n: number }>(`select reltuples::float8 as n from pg_class where oid = 'auth.users'::regclass`)).rows[0]?.n
    return Math.max(n, Math.round(estimate ?? n))
  }
}

function objectOrEmpty(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${name} must be an object`)
  return value as Record<string, unknown>
}
