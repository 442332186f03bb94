/**
 * Dashboard sessions, kept server-side in the platform store so sign-out and expiry are real: the cookie
 * holds a random token, the store only its SHA-256. A found session is remembered for a few seconds so
 * every request does not cost a store query; ending one forgets it at once in this process.
 */
import type { PlatformStore } from '../platform/store'
import { newToken, sha256 } from './secrets'

const REMEMBER_MS = 5_000

interface Known {
  userId: number
  expiresAt: number
  checkedAt: number
}

export class Sessions {
  readonly #known = new Map<string, Known>()

  constructor(
    private readonly store: PlatformStore,
    readonly ttlSeconds: number,
  ) {}

  /** A new session for the user: its token (the cookie's value). Expired sessions are removed on the way. */
  async create(userId: number): Promise<string> {
    const db = await this.store.get()
    const token = newToken()
    await db.query('delete from _studio.sessions where expires_at < now()')
    await db.query(
      `insert into _studio.sessions (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
      [sha256(token), userId, this.ttlSeconds],
    )
    return token
  }

  /** The user of a live session, or null (unknown, signed out or expired). */
  async userOf(token: string): Promise<number | null> {
    const hash = sha256(token)
    const now = Date.now()
    const known = this.#known.get(hash)
    if (known && now - known.checkedAt < REMEMBER_MS) return known.expiresAt > now ? known.userId : null
    const db = await this.store.get()
    const { rows } = await db.query<{ user_id: number; expires_ms: string }>(
      `select user_id, (extract(epoch from expires_at) * 1000)::bigint::text as expires_ms
       from _studio.sessions where token_hash = $1 and expires_at > now()`,
      [hash],
    )
    const row = rows[0]
    if (!row) {
      this.#known.delete(hash)
      return null
    }
    if (this.#known.size > 10_000) this.#known.clear()
    this.#known.set(hash, { userId: row.user_id, expiresAt: Number(row.expires_ms), checkedAt: now })
    return row.user_id
  }

  /** Ends the session (sign-out): its cookie is refused from now on. */
  async end(token: string): Promise<void> {
    const hash = sha256(token)
    this.#known.delete(hash)
    await (await this.store.get()).query('delete from _studio.sessions where token_hash = $1', [hash])
  }
}
