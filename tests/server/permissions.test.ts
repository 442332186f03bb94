/** The server refuses what the user may not do, whatever the screen shows (spec section 6). */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS } from '../../src/shared/permissions'
import { client, REF } from './support/http'
import { TEST_AUTH_OPTIONS } from '../support/auth'

describe('permissions on the server', () => {
  let studio: Studio
  let dir: string
  const readOnly = [{ actions: [PERMISSIONS.tenantSqlAdminRead.action], resources: ['tables'] }]

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-perm-'))
    studio = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, serveStatic: false, logger: false, grants: readOnly })
  })
  afterAll(async () => {
    await studio.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('lists the grants it enforces', async () => {
    expect(await client(studio.url).api.permissions()).toEqual(readOnly)
  })

  it('lets a reader read tables but not run SQL, and the refused SQL changes nothing', async () => {
    const c = client(studio.url)
    expect((await c.send('GET', `/platform/pg-meta/${REF}/tables`)).status).toBe(200)
    const refused = await c.send('POST', `/platform/pg-meta/${REF}/query`, { query: 'create table refused_here (id int)' })
    expect(refused).toEqual({ status: 403, body: { message: MSG.noPermission('run queries on this project'), code: 403 } })
    const [found] = await studio.db.query<{ t: string | null }>(`select to_regclass('public.refused_here')::text as t`).then((r) => r.rows)
    expect(found?.t).toBeNull()
  })

  it('refuses every database call to a user without read', async () => {
    const none = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, 'none'), serveStatic: false, logger: false, grants: [] })
    try {
      const res = await client(none.url).send('GET', `/platform/pg-meta/${REF}/schemas`)
      expect(res).toEqual({ status: 403, body: { message: MSG.noPermission(MSG.noPermissionTables), code: 403 } })
    } finally {
      await none.close()
    }
  })
})
