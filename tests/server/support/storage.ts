/** Helpers for the storage tests: the project's keys, storage-js clients, user tokens, what is on disk. */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { StorageClient } from '@supabase/storage-js'
import { SignJWT } from 'jose'
import type { ProjectApiSettings } from '../../../src/shared/storage'
import { AUTH } from '../../support/auth'
import { REF } from './http'

/** The API settings as the studio's owner sees them: secrets included. */
export type Keys = ProjectApiSettings & { service_role_key: string; jwt_secret: string }

export async function settings(url: string): Promise<Keys> {
  const res = await fetch(`${url}/platform/projects/${REF}/settings`, { headers: AUTH })
  if (!res.ok) throw new Error(`settings: ${res.status}`)
  const s = (await res.json()) as ProjectApiSettings
  if (s.service_role_key === null || s.jwt_secret === null) throw new Error('settings: the secret keys were withheld')
  return s as Keys
}

export function storageClient(s: ProjectApiSettings, key: string): StorageClient {
  return new StorageClient(s.storage_url, { apikey: s.anon_key, Authorization: `Bearer ${key}` })
}

/** A user's JWT signed with the project's secret, as an auth server would issue it. */
export function userToken(s: Keys, sub: string, expiresIn = 3600): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', email: `${sub.slice(0, 8)}@example.com` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(new TextEncoder().encode(s.jwt_secret))
}

/** A bucket name no other test or run uses. */
export const bucketName = (prefix = 'b') => `${prefix}-${Math.random().toString(36).slice(2, 10)}`

/** Every file under the storage root's objects/ (all buckets) and tmp/. */
export async function filesOnDisk(storageDir: string): Promise<string[]> {
  const out: string[] = []
  for (const top of ['objects', 'tmp']) {
    const entries = await readdir(join(storageDir, top), { recursive: true, withFileTypes: true }).catch(() => [])
    for (const e of entries) if (e.isFile()) out.push(join(e.parentPath, e.name))
  }
  return out
}

/** Files of one bucket's directory. */
export async function bucketFiles(storageDir: string, bucketId: string): Promise<string[]> {
  const dir = join(storageDir, 'objects', Buffer.from(bucketId).toString('hex'))
  return readdir(dir).catch(() => [])
}
