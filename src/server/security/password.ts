/**
 * The dashboard password: STUDIO_PASSWORD when set (compared in constant time), otherwise one generated at
 * first start, printed once, and kept only as an argon2id hash in the platform store.
 */
import { hash, verify } from '@node-rs/argon2'
import type { PlatformStore } from '../platform/store'
import { newToken, sameSecret } from './secrets'

export interface DashboardPassword {
  verify(password: string): Promise<boolean>
  /** the password made at this start, to print once; undefined when it was configured or made before */
  generated?: string
}

/** A password a person can type: 20 URL-safe characters in groups of five. */
const readablePassword = () => newToken(15).replace(/(.{5})(?=.)/g, '$1-')

export async function dashboardPassword(store: PlatformStore, configured: string | undefined): Promise<DashboardPassword> {
  if (configured) return { verify: async (password) => sameSecret(password, configured) }
  const db = await store.get()
  const stored = async () =>
    (await db.query<{ hash: string }>('select hash from _studio.dashboard_password')).rows[0]?.hash
  let generated: string | undefined
  let current = await stored()
  if (!current) {
    const candidate = readablePassword()
    const inserted = await db.query(
      'insert into _studio.dashboard_password (hash) values ($1) on conflict (id) do nothing',
      [await hash(candidate)],
    )
    if (inserted.rowCount === 1) generated = candidate // another studio sharing the store may have made one first
    current = await stored()
  }
  const digest = current!
  return {
    generated,
    verify: async (password) => {
      try {
        return await verify(digest, password)
      } catch {
        return false
      }
    },
  }
}
