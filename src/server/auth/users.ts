/**
 * auth.users as GoTrue answers a user: one SQL expression builds the JSON (identities and factors included)
 * so a list of users is one query. Timestamps in RFC 3339 (UTC), email and phone '' when unset, as GoTrue.
 */
import { randomUUID } from 'node:crypto'
import type { AuthFactor, AuthSession, AuthUser, AuthUserDetail } from '../../shared/auth'
import type { Queryable } from '../db/driver'

/** A timestamp column as GoTrue prints it. */
export const iso = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const IDENTITY_JSON = (i: string) => `jsonb_build_object(
  'identity_id', ${i}.id, 'id', ${i}.provider_id, 'user_id', ${i}.user_id, 'identity_data', ${i}.identity_data,
  'provider', ${i}.provider, 'last_sign_in_at', ${iso(`${i}.last_sign_in_at`)}, 'created_at', ${iso(`${i}.created_at`)},
  'updated_at', ${iso(`${i}.updated_at`)}, 'email', ${i}.email)`

export const FACTOR_JSON = (f: string) => `jsonb_build_object(
  'id', ${f}.id, 'friendly_name', ${f}.friendly_name, 'factor_type', ${f}.factor_type, 'status', ${f}.status,
  'created_at', ${iso(`${f}.created_at`)}, 'updated_at', ${iso(`${f}.updated_at`)})`

/** The user JSON of the row `u` of auth.users. */
export const USER_JSON = (u = 'u') => `jsonb_build_object(
  'id', ${u}.id, 'aud', coalesce(${u}.aud, ''), 'role', coalesce(${u}.role, ''), 'email', coalesce(${u}.email, ''),
  'email_confirmed_at', ${iso(`${u}.email_confirmed_at`)}, 'phone', coalesce(${u}.phone, ''),
  'phone_confirmed_at', ${iso(`${u}.phone_confirmed_at`)}, 'confirmation_sent_at', ${iso(`${u}.confirmation_sent_at`)},
  'confirmed_at', ${iso(`${u}.confirmed_at`)}, 'recovery_sent_at', ${iso(`${u}.recovery_sent_at`)},
  'invited_at', ${iso(`${u}.invited_at`)}, 'new_email', nullif(${u}.email_change, ''),
  'email_change_sent_at', ${iso(`${u}.email_change_sent_at`)}, 'last_sign_in_at', ${iso(`${u}.last_sign_in_at`)},
  'app_metadata', coalesce(${u}.raw_app_meta_data, '{}'), 'user_metadata', coalesce(${u}.raw_user_meta_data, '{}'),
  'created_at', ${iso(`${u}.created_at`)}, 'updated_at', ${iso(`${u}.updated_at`)},
  'banned_until', ${iso(`${u}.banned_until`)}, 'is_anonymous', ${u}.is_anonymous, 'deleted_at', ${iso(`${u}.deleted_at`)})
  || jsonb_build_object(
  'identities', coalesce((select jsonb_agg(${IDENTITY_JSON('i')} order by i.created_at) from auth.identities i where i.user_id = ${u}.id), '[]'),
  'factors', (select jsonb_agg(${FACTOR_JSON('f')} order by f.created_at) from auth.mfa_factors f where f.user_id = ${u}.id))`

/** A user row's JSON, `factors` left out when there are none (as GoTrue) and deleted_at only when set. */
export function userOf(json: Record<string, unknown>): AuthUser {
  const user = { ...json } as unknown as AuthUser & { factors?: unknown; deleted_at?: unknown; new_email?: unknown }
  if (!user.factors) delete user.factors
  if (!user.deleted_at) delete user.deleted_at
  if (!user.new_email) delete user.new_email
  return user
}

export async function userById(db: Queryable, id: string): Promise<AuthUser | undefined> {
  if (!isUuid(id)) return undefined
  const row = (await db.query<{ user: Record<string, unknown> }>(`select ${USER_JSON()} as user from auth.users u where u.id = $1`, [id])).rows[0]
  return row && userOf(row.user)
}

export const isUuid = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

/** What the service needs of a user row besides its JSON. */
export interface UserRow {
  id: string
  email: string | null
  phone: string | null
  encrypted_password: string | null
  email_confirmed: boolean
  phone_confirmed: boolean
  banned: boolean
  is_anonymous: boolean
  deleted: boolean
  confirmation_sent_at: string | null
  recovery_sent_at: string | null
  email_change_sent_at: string | null
  email_change: string | null
  invited: boolean
}

const ROW = `u.id, u.email, u.phone, u.encrypted_password, u.email_confirmed_at is not null as email_confirmed,
  u.phone_confirmed_at is not null as phone_confirmed, coalesce(u.banned_until > now(), false) as banned, u.is_anonymous,
  u.deleted_at is not null as deleted, ${iso('u.confirmation_sent_at')} as confirmation_sent_at,
  ${iso('u.recovery_sent_at')} as recovery_sent_at, ${iso('u.email_change_sent_at')} as email_change_sent_at, u.email_change,
  u.invited_at is not null as invited`

export async function rowByEmail(db: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(
    `select ${ROW} from auth.users u where lower(u.email) = lower($1) and not u.is_sso_user order by u.created_at limit 1${forUpdate ? ' for update' : ''}`,
    [email],
  )).rows[0]
}

export async function rowById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined
  return (await db.query<UserRow>(`select ${ROW} from auth.users u where u.id = $1${forUpdate ? ' for update' : ''}`, [id])).rows[0]
}

export interface NewUser {
  email?: string
  phone?: string
  passwordHash?: string | null
  emailConfirmed?: boolean
  phoneConfirmed?: boolean
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  isAnonymous?: boolean
  invited?: boolean
  role?: string
  bannedUntil?: string | null
}

/** Inserts a user and (with an email or phone) its identity; answers the new id. */
export async function insertUser(tx: Queryable, input: NewUser): Promise<string> {
  const id = randomUUID()
  const provider = input.isAnonymous ? undefined : input.email ? 'email' : input.phone ? 'phone' : undefined
  const appMetadata = { ...(provider ? { provider, providers: [provider] } : {}), ...(input.appMetadata ?? {}) }
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
       invited_at, raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous, banned_until,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, nullif($3, ''), nullif($4, ''), $5,
       case when $6 then now() end, case when $7 then now() end, case when $8 then now() end, $9::jsonb, $10::jsonb, false,
       now(), now(), $11, $12::timestamptz, '', '', '', '')`,
    [id, input.role ?? 'authenticated', input.email?.toLowerCase() ?? '', input.phone ?? '', input.passwordHash ?? null,
      input.emailConfirmed ?? false, input.phoneConfirmed ?? false, input.invited ?? false, JSON.stringify(appMetadata),
      JSON.stringify(input.userMetadata ?? {}), input.isAnonymous ?? false, input.bannedUntil ?? null],
  )
  if (provider) {
    const data = { sub: id, email: input.email?.toLowerCase(), email_verified: false, phone_verified: false, ...(provider === 'phone' ? { phone: input.phone } : {}) }
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
       values ($1::text, $1::uuid, $2::jsonb, $3, now(), now(), null)`,
      [id, JSON.stringify(data), provider],
    )
  }
  return id
}

/** Marks the email confirmed (and the identity's email_verified), as GoTrue does on confirmation. */
export async function confirmEmail(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now() where id = $1`, [id])
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [id],
  )
}

export async function sessionsOf(db: Queryable, id: string): Promise<AuthSession[]> {
  return (await db.query<AuthSession>(
    `select id, ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at, coalesce(aal::text, 'aal1') as aal,
       user_agent, host(ip) as ip, ${iso('not_after')} as not_after
     from auth.sessions where user_id = $1 order by created_at desc`,
    [id],
  )).rows
}

export async function factorsOf(db: Queryable, id: string): Promise<AuthFactor[]> {
  return (await db.query<{ f: AuthFactor }>(`select ${FACTOR_JSON('f')} as f from auth.mfa_factors f where f.user_id = $1 order by f.created_at`, [id])).rows.map((r) => r.f)
}

export async function userDetail(db: Queryable, id: string): Promise<AuthUserDetail | undefined> {
  const user = await userById(db, id)
  if (!user) return undefined
  return { ...user, sessions: await sessionsOf(db, id), factors: await factorsOf(db, id) }
}
