/**
 * Drivers opened straight on the databases, for tests of the database layer itself: a PGlite in a
 * temporary directory always, and PostgreSQL when TEST_DATABASE_URL is set. Close them in afterAll.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Driver } from '../../../src/server/db/driver'
import { openPglite } from '../../../src/server/db/pglite'
import { openPostgres } from '../../../src/server/db/postgres'

export interface TestDrivers {
  all: Driver[]
  close(): Promise<void>
}

export async function openTestDrivers(): Promise<TestDrivers> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-driver-'))
  const all = [await openPglite(dir)]
  if (process.env.TEST_DATABASE_URL) all.push(openPostgres(process.env.TEST_DATABASE_URL))
  return {
    all,
    async close() {
      for (const db of all) await db.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
