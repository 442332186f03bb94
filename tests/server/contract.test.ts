/**
 * The server registers its dashboard routes from the endpoint table (src/shared/contract) and nothing
 * beside it: every endpoint is a route, and every dashboard route an endpoint, except the sign-in link
 * (a page), the static app and the storage-js compatible project API, whose shapes are storage's.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { endpoints } from '../../src/shared/contract'
import { createApi } from '../../src/web/data/api'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'
import { REF } from './support/http'

describe('routes from the endpoint table', () => {
  let dir: string
  let studio: Studio

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-contract-'))
    studio = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, logger: false })
  }, 60_000)
  afterAll(async () => {
    await studio?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('registers every endpoint, and no dashboard route outside the table', () => {
    const registered = studio.routes
      .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && !r.url.startsWith('/api/projects/:ref/') && !['/', '/*'].includes(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort()
    expect(registered).toEqual(Object.values(endpoints).map((e) => `${e.method} ${e.path}`).sort())
  })

  it('keeps the door public and everything else behind a session', () => {
    const open = studio.routes.filter((r) => r.access === 'public' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`)
    expect(open.sort()).toEqual(['GET /', 'GET /*', `GET ${endpoints.health.path}`, `POST ${endpoints.signIn.path}`].sort())
  })

  it('answers through call as through the named methods', async () => {
    const api = createApi(studio.url, AUTH)
    expect(await api.call(endpoints.studio)).toEqual(await api.studio())
    expect(await api.call(endpoints.health)).toEqual({ status: 'ok' })
    const [first] = await api.schemas(REF)
    expect(await api.call(endpoints.schemas, { params: { ref: REF } })).toContainEqual(first)
  })
})
