/** Helpers for the storage tests: the project's keys, storage-js clients, user tokens, what is on disk or in S3. */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { StorageClient } from '@supabase/storage-js'
import type { S3Client } from '@aws-sdk/client-s3'
import { SignJWT } from 'jose'
import type { S3Options } from '../../../src/server/storage/s3-config'
import type { ProjectApiSettings } from '../../../src/shared/storage'
import { AUTH } from '../../support/auth'
import type { Target } from '../../support/global-setup'
import { listKeys, listUploads, s3Client } from '../../support/s3-server'
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

const clients = new Map<string, S3Client>()
/** One S3 client per bucket the tests look into. */
function clientOf(s3: S3Options): S3Client {
  const key = `${s3.endpoint}/${s3.bucket}`
  let client = clients.get(key)
  if (!client) clients.set(key, (client = s3Client(s3)))
  return client
}

const hex = (bucketId: string) => Buffer.from(bucketId).toString('hex')

/**
 * The stored versions of one bucket: files of its directory on disk, or its keys in the S3 bucket of an S3
 * target (listed through the SDK). A storage directory alone means the disk.
 */
export async function bucketFiles(where: Target | string, bucketId: string): Promise<string[]> {
  if (typeof where !== 'string' && where.store === 's3') {
    const prefix = `objects/${hex(bucketId)}/`
    return (await listKeys(clientOf(where.s3!), where.s3!.bucket, prefix)).map((k) => k.slice(prefix.length))
  }
  const dir = join(typeof where === 'string' ? where : where.storageDir, 'objects', hex(bucketId))
  return readdir(dir).catch(() => [])
}

/**
 * What uploads under way (or cut off and not cleaned up) hold: files in the storage root's tmp/, or the S3
 * bucket's multipart uploads begun and neither completed nor aborted. Empty once nothing is under way.
 */
export async function uploadsInFlight(target: Target): Promise<string[]> {
  if (target.store === 's3') return listUploads(clientOf(target.s3!), target.s3!.bucket)
  return (await filesOnDisk(target.storageDir)).filter((f) => !f.includes('/objects/'))
}
