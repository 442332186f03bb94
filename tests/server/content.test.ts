/**
 * The content API with three users (spec 4, 6, 7): owners, visibility, sharing, personal copies, the 404
 * handling of deletes, and refusals for a user without the create user-content permission.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { STUDIO_USER_HEADER } from '../../src/server/platform/users'
import { CONTENT_NOT_FOUND, SELF_HOSTED_USER, type SnippetContent } from '../../src/shared/content'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS } from '../../src/shared/permissions'
import { ApiError, createApi } from '../../src/web/data/api'
import { targets } from '../support/context'
import { REF, unique } from './support/http'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'

const ADA = { id: 2, username: 'ada' }
/** may read and run SQL but not create user content */
const READER = {
  id: 3,
  username: 'reader',
  grants: [{ actions: [PERMISSIONS.tenantSqlAdminRead.action, PERMISSIONS.tenantSqlAdminWrite.action], resources: ['tables'] }],
}

describe.each(targets())('content on $name', (target) => {
  let studio: Studio
  let dir: string
  let me: ReturnType<typeof createApi>
  let ada: ReturnType<typeof createApi>
  let reader: ReturnType<typeof createApi>

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-content-'))
    studio = await startStudio({
      ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, databaseUrl: target.databaseUrl, serveStatic: false, logger: false, users: [ADA, READER],
    })
    me = createApi(studio.url, AUTH)
    ada = createApi(studio.url, { ...AUTH, [STUDIO_USER_HEADER]: String(ADA.id) })
    reader = createApi(studio.url, { ...AUTH, [STUDIO_USER_HEADER]: String(READER.id) })
  })
  afterAll(async () => {
    await studio.close()
    await rm(dir, { recursive: true, force: true })
  })

  const snippet = (api: typeof me, name: string, sql = 'select 1', visibility: 'user' | 'project' = 'user') =>
    api.createContent<SnippetContent>(REF, { type: 'sql', name, visibility, content: { sql } })
  const ids = async (api: typeof me, type?: 'sql' | 'report') => (await api.contents(REF, type)).data.map((c) => c.id)

  it('tells each user who they are; an unknown user is refused', async () => {
    expect(await me.request('GET', '/platform/profile')).toEqual(SELF_HOSTED_USER)
    expect(await ada.request('GET', '/platform/profile')).toEqual({ ...ADA, primary_email: 'ada@localhost' })
    const nobody = createApi(studio.url, { ...AUTH, [STUDIO_USER_HEADER]: '99' })
    await expect(nobody.request('GET', '/platform/profile')).rejects.toEqual(new ApiError('Unknown user 99', 400))
  })

  it('creates a snippet owned by its creator, with the content defaults, under an id it may choose', async () => {
    const name = unique('first')
    const created = await snippet(me, name, 'select 42')
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      project_id: 1,
      owner_id: 1,
      owner: { id: 1, username: 'self-hosted' },
      type: 'sql',
      name,
      description: '',
      visibility: 'user',
      content: { sql: 'select 42', favorite: false, schema_version: '1.0' },
      inserted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: created.inserted_at,
    })
    expect((await me.contents<SnippetContent>(REF, 'sql')).data).toContainEqual(created)

    const id = randomUUID()
    const chosen = await me.createContent(REF, { id, type: 'sql', name: unique('chosen'), content: { sql: '', chart: { x: 1 } } })
    expect(chosen).toMatchObject({ id, content: { sql: '', favorite: false, schema_version: '1.0', chart: { x: 1 } } })
    await expect(me.createContent(REF, { id, type: 'sql', name: 'again', content: { sql: '' } })).rejects.toEqual(
      new ApiError(`Content ${id} already exists`, 400),
    )
  })

  it("shows a user their own private items and every shared one, never another's private ones", async () => {
    const mine = await snippet(me, unique('private'))
    const shared = await snippet(me, unique('shared'), 'select 2', 'project')
    const hers = await snippet(ada, unique('hers'))
    const report = await me.createContent(REF, { type: 'report', name: unique('report'), visibility: 'project', content: { layout: [] } })

    const adaSees = await ids(ada, 'sql')
    expect(adaSees).toEqual(expect.arrayContaining([shared.id, hers.id]))
    expect(adaSees).not.toContain(mine.id)
    const iSee = await ids(me, 'sql')
    expect(iSee).toEqual(expect.arrayContaining([mine.id, shared.id]))
    expect(iSee).not.toContain(hers.id)
    expect(iSee).not.toContain(report.id)
    expect(await ids(me)).toContain(report.id)
    expect((await ada.contents(REF, 'sql')).data.find((c) => c.id === shared.id)?.owner).toEqual({ id: 1, username: 'self-hosted' })
  })

  it('renames, favorites (content changes key by key) and shares; another user then reads it but cannot change it', async () => {
    const s = await snippet(me, unique('mine'), 'select 3')
    const renamed = await me.updateContent<SnippetContent>(REF, s.id, { name: '  Renamed  ', description: 'Three' })
    expect(renamed).toMatchObject({ name: 'Renamed', description: 'Three', content: s.content })
    expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(s.updated_at))
    const favorite = await me.updateContent<SnippetContent>(REF, s.id, { content: { favorite: true } })
    expect(favorite.content).toEqual({ sql: 'select 3', favorite: true, schema_version: '1.0' })

    await expect(ada.updateContent(REF, s.id, { name: 'mine now' })).rejects.toEqual(new ApiError(CONTENT_NOT_FOUND, 404))
    const shared = await me.updateContent<SnippetContent>(REF, s.id, { visibility: 'project' })
    expect(shared.visibility).toBe('project')
    expect(await ids(ada, 'sql')).toContain(s.id)
    await expect(ada.updateContent(REF, s.id, { name: 'mine now' })).rejects.toEqual(new ApiError(MSG.contentOwnerOnly('change'), 403))
    await expect(ada.deleteContents(REF, [s.id])).rejects.toEqual(new ApiError(MSG.contentOwnerOnly('delete'), 403))
    expect((await me.contents(REF, 'sql')).data.find((c) => c.id === s.id)).toEqual(shared)
  })

  it("makes a personal copy of a shared snippet: the other user's own, private item", async () => {
    const shared = await snippet(me, unique('shared'), 'select 4', 'project')
    const copy = await snippet(ada, `${shared.name} (copy)`, shared.content.sql)
    expect(copy).toMatchObject({ owner_id: ADA.id, owner: { id: ADA.id, username: 'ada' }, visibility: 'user', content: { sql: 'select 4' } })
    expect(await ada.updateContent(REF, copy.id, { name: 'My copy' })).toMatchObject({ name: 'My copy' })
    expect(await ids(me, 'sql')).not.toContain(copy.id)
  })

  it('deletes only when every id is known and owned: an unknown id answers 404 Content not found and deletes nothing', async () => {
    const a = await snippet(me, unique('a'))
    const b = await snippet(me, unique('b'))
    const hers = await snippet(ada, unique('hers'), 'select 5', 'project')
    await expect(me.deleteContents(REF, [a.id, randomUUID()])).rejects.toEqual(new ApiError(CONTENT_NOT_FOUND, 404))
    await expect(me.deleteContents(REF, [a.id, hers.id])).rejects.toEqual(new ApiError(MSG.contentOwnerOnly('delete'), 403))
    expect(await ids(me, 'sql')).toEqual(expect.arrayContaining([a.id, b.id, hers.id]))

    expect(await me.deleteContents(REF, [a.id, b.id])).toEqual({ deleted: [a.id, b.id] })
    const left = await ids(me, 'sql')
    expect(left).not.toContain(a.id)
    expect(left).not.toContain(b.id)
    await expect(me.deleteContents(REF, [a.id])).rejects.toEqual(new ApiError(CONTENT_NOT_FOUND, 404))
    await expect(me.updateContent(REF, a.id, { name: 'gone' })).rejects.toEqual(new ApiError(CONTENT_NOT_FOUND, 404))
  })

  it('refuses creating and sharing without the create user-content permission; renaming stays allowed', async () => {
    await expect(snippet(reader, unique('refused'))).rejects.toEqual(new ApiError(MSG.snippetNoPermission, 403))
    expect((await reader.contents(REF)).data.some((c) => c.owner_id === READER.id)).toBe(false)

    const id = randomUUID()
    await (await studio.store.get()).query(
      `insert into _studio.content (id, project_ref, owner_id, type, name, visibility, content) values ($1, $2, $3, 'sql', 'old', 'user', $4)`,
      [id, REF, READER.id, JSON.stringify({ sql: 'select 6', favorite: false, schema_version: '1.0' })],
    )
    await expect(reader.updateContent(REF, id, { visibility: 'project' })).rejects.toEqual(
      new ApiError(MSG.noPermission('share queries'), 403),
    )
    expect(await reader.updateContent(REF, id, { name: 'kept private' })).toMatchObject({ name: 'kept private', visibility: 'user' })
    expect(await reader.deleteContents(REF, [id])).toEqual({ deleted: [id] })
  })

  it('rejects bad input with the schema message and changes nothing', async () => {
    const s = await snippet(me, unique('valid'))
    const bad = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 400 })
    await expect(snippet(me, '   ')).rejects.toEqual(new ApiError(MSG.queryNameRequired, 400))
    await expect(me.updateContent(REF, s.id, { name: '' })).rejects.toEqual(new ApiError(MSG.queryNameRequired, 400))
    await bad(me.createContent(REF, { type: 'sql', name: 'no sql', content: {} }))
    await bad(me.createContent(REF, { type: 'chart' as 'sql', name: 'x', content: { sql: '' } }))
    await bad(me.updateContent(REF, s.id, { content: { favorite: 'yes' } }))
    await bad(me.updateContent(REF, 'not-a-uuid', { name: 'x' }))
    await expect(me.request('DELETE', `/platform/projects/${REF}/content`)).rejects.toMatchObject({ code: 400 })
    expect((await me.contents(REF, 'sql')).data.find((c) => c.id === s.id)).toEqual(s)
  })

  it('answers an unknown project with 404 Project not found', async () => {
    await expect(me.contents('nope')).rejects.toEqual(new ApiError('Project not found', 404))
    await expect(me.createContent('nope', { type: 'sql', name: 'x', content: { sql: '' } })).rejects.toEqual(
      new ApiError('Project not found', 404),
    )
  })

  it.runIf(target.name === 'postgres')("keeps the store's schema _studio out of the project's schema list", async () => {
    await me.contents(REF)
    expect((await me.schemas(REF)).map((s) => s.name)).not.toContain('_studio')
  })

  it('holds each user to their own grants', async () => {
    expect(await reader.permissions()).toEqual(READER.grants)
    expect(await me.permissions()).toEqual([{ actions: ['*'], resources: ['*'] }])
  })
})
