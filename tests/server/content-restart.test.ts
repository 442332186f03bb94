/** The platform store keeps content across restarts: a studio stopped and started on the same data directory. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { startStudio } from '../../src/server/app'
import { createApi } from '../../src/web/data/api'
import { REF } from './support/http'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'

it('keeps a snippet when the studio restarts on the same PGlite data directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'studio-restart-'))
  const options = { port: 0, dataDir: dir, serveStatic: false, logger: false, ...TEST_AUTH_OPTIONS }
  try {
    const first = await startStudio(options)
    const created = await createApi(first.url, AUTH).createContent(REF, { type: 'sql', name: 'Kept', content: { sql: 'select 1' } })
    await first.close()

    const second = await startStudio(options)
    try {
      expect((await createApi(second.url, AUTH).contents(REF, 'sql')).data).toEqual([created])
    } finally {
      await second.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}, 120_000)
