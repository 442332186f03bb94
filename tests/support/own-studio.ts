/**
 * A studio of a test file's own, for tests that change what a whole studio shares (project settings such
 * as the storage upload limit) or that need one to themselves (more users through `options.users`, lists
 * that hold only what the test made): the shared studios of global-setup serve every test file at once,
 * so a setting changed there is seen by files that did not make it. On PGlite it gets a data directory of its
 * own; on PostgreSQL a database of its own on the target's server (the platform store, where such settings
 * live, is that database's _studio schema), dropped at close.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startStudio, type Studio, type StudioOptions } from '../../src/server/app'
import { TEST_AUTH_OPTIONS } from './auth'
import type { S3Options } from '../../src/server/storage/s3-config'
import type { Target } from './global-setup'

export interface OwnStudio {
  /** the target to hand to headlessContext: this studio's URL, database and storage */
  target: Target
  studio: Studio
  /** closes the studio, drops its database and removes its directory */
  close(): Promise<void>
}

/** Runs one statement on the server of `adminUrl` (create or drop a database). */
export async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Starts a studio like the shared one of `like` (PGlite, or PostgreSQL on the same server), but its own. */
export async function ownStudio(like: Target, name: string, options: StudioOptions = {}): Promise<OwnStudio> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_')
  const dir = await mkdtemp(join(tmpdir(), `studio-${slug}-`))
  const storageDir = join(dir, 'storage')
  let databaseUrl: string | undefined
  let drop = async () => {}
  if (like.databaseUrl) {
    const db = `${slug}_${Math.random().toString(36).slice(2, 10)}`
    await admin(like.databaseUrl, `create database ${db}`)
    const url = new URL(like.databaseUrl)
    url.pathname = `/${db}`
    databaseUrl = url.toString()
    drop = () => admin(like.databaseUrl!, `drop database if exists ${db} with (force)`)
  }
  const cleanUp = async () => {
    await drop()
    await rm(dir, { recursive: true, force: true })
  }
  // an S3 target's studio keeps its bytes in the same bucket (its keys are its own: uuids)
  const s3 = 's3' in options ? options.s3 : like.s3
  let studio: Studio
  try {
    studio = await startStudio({
      ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, databaseUrl, storageDir, serveStatic: false, logger: false, ...options, s3,
    })
  } catch (e) {
    await cleanUp()
    throw e
  }
  return {
    target: { name: like.name, store: studio.storage.store.kind, url: studio.url, databaseUrl, storageDir, ...(s3 ? { s3: s3 as S3Options } : {}) },
    studio,
    async close() {
      await studio.close()
      await cleanUp()
    },
  }
}
