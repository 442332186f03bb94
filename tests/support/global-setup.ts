/**
 * Starts real studio servers once for the whole vitest run: one on embedded PGlite (always) and one on
 * the PostgreSQL server named by TEST_DATABASE_URL (when set). Tests get their URLs with `inject('targets')`.
 *
 * When the run includes a storage test file (STORAGE_TEST_FILES), a local S3 server (s3rver, on a temporary
 * directory) and one more studio keeping its object bytes there are started too: on a database of its own
 * on TEST_DATABASE_URL's server when set, else on PGlite. Storage test files get it with the others from
 * `storageTargets()` (tests/support/context.ts); a run without storage files does not start it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { admin } from './own-studio'
import type { TestProject } from 'vitest/node'
import { startStudio, type Studio } from '../../src/server/app'
import type { S3Options } from '../../src/server/storage/s3-config'
import { TEST_AUTH_OPTIONS } from './auth'
import { startLocalS3, type LocalS3 } from './s3-server'

export interface Target {
  name: 'pglite' | 'postgres'
  /** where the studio keeps object bytes: storageDir, or the S3 bucket of `s3` */
  store: 'disk' | 's3'
  url: string
  /** set for the postgres target: tests may connect directly to check what the database holds */
  databaseUrl?: string
  /** where this studio keeps object bytes (storage tests check nothing is left behind) */
  storageDir: string
  /** for an S3 target: its bucket and how to reach it (storage tests list it) */
  s3?: S3Options
}

/** The local S3 server of the run, for test files that start studios of their own on it. */
export interface ProvidedS3 {
  endpoint: string
  /** the studio options for a bucket (made with CreateBucket first) */
  options: S3Options
}

declare module 'vitest' {
  export interface ProvidedContext {
    targets: Target[]
    /** the S3-backed target(s), or null when the run has no storage test file */
    s3Targets: Target[] | null
    s3: ProvidedS3 | null
  }
}

/** The files that run on the S3-backed target too (they call storageTargets()). */
export const STORAGE_TEST_FILES =
  /[/\\]tests[/\\](server[/\\]storage-(js|list|rls|safety|s3)|commands[/\\]storage-(objects|explorer|buckets))\.test\.ts$/

/** The bucket the S3-backed target keeps its bytes in. */
const S3_BUCKET = 'studio-test'
/** The S3-backed target's part size: S3's minimum. */
export const S3_PART_SIZE = 5 * 1024 * 1024

/** Whether the files this run selected include a storage file (when that cannot be told: yes). */
async function runsStorageTests(project: TestProject): Promise<boolean> {
  try {
    // the CLI's file filters, as vitest keeps them for this run (not part of its typed API)
    const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern
    const { testFiles } = await project.globTestFiles(filters)
    return testFiles.some((f) => STORAGE_TEST_FILES.test(f))
  } catch {
    return true
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'studio-test-'))
  const storage = { pglite: join(dir, 'storage-pglite'), postgres: join(dir, 'storage-postgres'), s3: join(dir, 'storage-s3') }
  const common = { port: 0, serveStatic: false, logger: false, ...TEST_AUTH_OPTIONS }
  const databaseUrl = process.env.TEST_DATABASE_URL
  const servers: Studio[] = []
  const cleanUps: (() => Promise<void>)[] = []
  const targets: Target[] = []
  let s3Targets: Target[] | null = null
  let local: LocalS3 | undefined

  /** The S3-backed studio: its own database (PostgreSQL) or data directory (PGlite), bytes in the local S3. */
  const startS3Target = async (): Promise<Target> => {
    local = await startLocalS3(join(dir, 's3rver'), [S3_BUCKET])
    // parts of S3's smallest size, so that a test's upload of a few MB is already a multipart one
    const s3 = { ...local.options(S3_BUCKET), partSize: S3_PART_SIZE }
    let s3DatabaseUrl: string | undefined
    if (databaseUrl) {
      const name = `studio_s3_${Math.random().toString(36).slice(2, 10)}`
      await admin(databaseUrl, `create database ${name}`)
      cleanUps.push(() => admin(databaseUrl, `drop database if exists ${name} with (force)`))
      const url = new URL(databaseUrl)
      url.pathname = `/${name}`
      s3DatabaseUrl = url.toString()
    }
    const studio = await startStudio({ ...common, dataDir: join(dir, 's3'), databaseUrl: s3DatabaseUrl, storageDir: storage.s3, s3 })
    servers.push(studio)
    return { name: s3DatabaseUrl ? 'postgres' : 'pglite', store: 's3', url: studio.url, databaseUrl: s3DatabaseUrl, storageDir: storage.s3, s3 }
  }

  try {
    // started side by side: PGlite's start is mostly waiting on its worker
    const started = await Promise.allSettled([
      startStudio({ ...common, dataDir: join(dir, 'pglite'), storageDir: storage.pglite }),
      databaseUrl ? startStudio({ ...common, dataDir: join(dir, 'postgres'), databaseUrl, storageDir: storage.postgres }) : undefined,
      (await runsStorageTests(project)) ? startS3Target() : undefined,
    ])
    const [pglite, postgres] = started.slice(0, 2).map((r) => (r.status === 'fulfilled' ? r.value : undefined)) as (Studio | undefined)[]
    for (const s of [pglite, postgres]) if (s) servers.push(s)
    for (const r of started) if (r.status === 'rejected') throw r.reason
    targets.push({ name: 'pglite', store: 'disk', url: pglite!.url, storageDir: storage.pglite })
    if (postgres) targets.push({ name: 'postgres', store: 'disk', url: postgres.url, databaseUrl, storageDir: storage.postgres })
    const s3Target = started[2].status === 'fulfilled' ? started[2].value : undefined
    if (s3Target) s3Targets = [s3Target as Target]
  } catch (e) {
    await teardown()
    throw e
  }
  project.provide('targets', targets)
  project.provide('s3Targets', s3Targets)
  project.provide('s3', local ? { endpoint: local.endpoint, options: local.options(S3_BUCKET) } : null)

  async function teardown() {
    for (const s of servers) await s.close()
    for (const c of cleanUps) await c().catch(() => undefined)
    await local?.close()
    await rm(dir, { recursive: true, force: true })
  }
  return teardown
}
