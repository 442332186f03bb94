/**
 * Each project's JWT secret and its anon and service_role keys (HS256 JWTs signed with the secret), kept in
 * the platform store so they survive restarts; and the project's storage config (upload size limit).
 * Requests to the project's storage API carry one of these keys, or a user's JWT signed with the same secret.
 */
import { randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose'
import { STORAGE_FREE_TIER_LIMIT_BYTES } from '../../shared/constants'
import type { StorageConfig } from '../../shared/storage'
import type { PlatformStore } from './store'

export interface ProjectSecrets {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

export type Claims = JWTPayload & { role?: string; [key: string]: unknown }

/** A token was refused: its message is what the storage API answers ('jwt expired', 'invalid signature'…). */
export class TokenError extends Error {}

const TEN_YEARS_S = 10 * 365 * 24 * 3600
/** How many verified tokens verify() remembers (the oldest is forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000

/** An HS256 JWT of `claims`, issued now, expiring in `expiresInSeconds`. */
function signWith(secret: string, claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret))
}

export class ProjectKeys {
  private readonly cache = new Map<string, Promise<ProjectSecrets>>()
  /** `${ref}\n${token}` → claims of tokens already verified, oldest first */
  private readonly verified = new Map<string, Claims>()

  constructor(private readonly store: PlatformStore) {}

  /** The project's secret and keys, made on first use. */
  secrets(ref: string): Promise<ProjectSecrets> {
    let p = this.cache.get(ref)
    if (!p) {
      p = this.load(ref).catch((e: unknown) => {
        this.cache.delete(ref)
        throw e
      })
      this.cache.set(ref, p)
    }
    return p
  }

  private async load(ref: string): Promise<ProjectSecrets> {
    const db = await this.store.get()
    const read = async () =>
      (await db.query<ProjectSecrets>(
        `select jwt_secret as "jwtSecret", anon_key as "anonKey", service_role_key as "serviceRoleKey"
         from _studio.project_keys where ref = $1`,
        [ref],
      )).rows[0]
    const found = await read()
    if (found) return found
    const jwtSecret = randomBytes(32).toString('base64url')
    const key = (role: string) => signWith(jwtSecret, { role, iss: 'studio', ref }, TEN_YEARS_S)
    await db.query(
      `insert into _studio.project_keys (ref, jwt_secret, anon_key, service_role_key) values ($1, $2, $3, $4)
       on conflict (ref) do nothing`,
      [ref, jwtSecret, await key('anon'), await key('service_role')],
    )
    return (await read())!
  }

  /** Signs claims with the project's secret (signed URLs, signed upload URLs). */
  async sign(ref: string, claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
    return signWith((await this.secrets(ref)).jwtSecret, claims, expiresInSeconds)
  }

  /**
   * The token's claims; TokenError when it is malformed, badly signed or expired. A token whose signature
   * checked out is remembered (the same string always carries the same claims), so the keys an app sends
   * with every request cost one HMAC, not one per request; only its expiry is checked again.
   */
  async verify(ref: string, token: string): Promise<Claims> {
    const key = `${ref}\n${token}`
    const known = this.verified.get(key)
    if (known) {
      if (known.exp === undefined || known.exp * 1000 > Date.now()) return { ...known }
      this.verified.delete(key)
      throw new TokenError('jwt expired')
    }
    const { jwtSecret } = await this.secrets(ref)
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ['HS256'] })
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!)
      this.verified.set(key, payload as Claims)
      return { ...(payload as Claims) }
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new TokenError('jwt expired')
      if (e instanceof errors.JWSSignatureVerificationFailed) throw new TokenError('invalid signature')
      throw new TokenError('invalid token')
    }
  }

  /** The project's storage config: self-hosted is never the free tier; the limit defaults to 50 MB. */
  async storageConfig(ref: string): Promise<StorageConfig> {
    const db = await this.store.get()
    const row = (await db.query<{ limit: string }>(
      `select storage_file_size_limit::text as limit from _studio.project_config where ref = $1`,
      [ref],
    )).rows[0]
    return { fileSizeLimit: row ? Number(row.limit) : STORAGE_FREE_TIER_LIMIT_BYTES, isFreeTier: false }
  }

  async setStorageConfig(ref: string, fileSizeLimit: number): Promise<StorageConfig> {
    const db = await this.store.get()
    const { rows } = await db.query<{ limit: string }>(
      `insert into _studio.project_config (ref, storage_file_size_limit) values ($1, $2)
       on conflict (ref) do update set storage_file_size_limit = excluded.storage_file_size_limit
       returning storage_file_size_limit::text as limit`,
      [ref, fileSizeLimit],
    )
    return { fileSizeLimit: Number(rows[0]!.limit), isFreeTier: false }
  }
}
