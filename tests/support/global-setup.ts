/**
 * Starts real studio servers once for the whole vitest run: one on embedded PGlite (always) and one on
 * the PostgreSQL server named by TEST_DATABASE_URL (when set). Tests get their URLs with `inject('targets')`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startStudio } from '../../src/server/app'
import { TEST_AUTH_OPTIONS } from './auth'

export interface Target {
  name: 'pglite' | 'postgres'
  url: string
  /** set for the postgres target: tests may connect directly to check what the database holds */
  databaseUrl?: string
  /** where this studio keeps object bytes (storage tests check nothing is left behind) */
  storageDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    targets: Target[]
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'studio-test-'))
  const storage = { pglite: join(dir, 'storage-pglite'), postgres: join(dir, 'storage-postgres') }
  const common = { port: 0, serveStatic: false, logger: false, ...TEST_AUTH_OPTIONS }
  const servers = [await startStudio({ ...common, dataDir: join(dir, 'pglite'), storageDir: storage.pglite })]
  const targets: Target[] = [{ name: 'pglite', url: servers[0]!.url, storageDir: storage.pglite }]
  const databaseUrl = process.env.TEST_DATABASE_URL
  if (databaseUrl) {
    const pg = await startStudio({ ...common, dataDir: join(dir, 'postgres'), databaseUrl, storageDir: storage.postgres })
    servers.push(pg)
    targets.push({ name: 'postgres', url: pg.url, databaseUrl, storageDir: storage.postgres })
  }
  project.provide('targets', targets)
  return async () => {
    for (const s of servers) await s.close()
    await rm(dir, { recursive: true, force: true })
  }
}
