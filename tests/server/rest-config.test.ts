/**
 * The Data API settings (GET/PATCH /platform/projects/{ref}/config/postgrest) on a studio of this file's own
 * (the settings are the whole project's: the shared studios serve other files), PGlite and PostgreSQL:
 * Supabase's shape, read by the REST API (ctx.config), only what differs from the defaults stored, bad input
 * answered with its message and nothing changed, 401 without the dashboard sign-in, 403 without the grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REST_DEFAULT_MAX_ROWS, REST_MAX_ROWS_LIMIT } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS } from '../../src/shared/permissions'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { REF } from './support/http'

const READER = { id: 7, username: 'reader', grants: [{ actions: [PERMISSIONS.tenantSqlAdminRead.action], resources: ['*'] }] }
const CONFIG = `/platform/projects/${REF}/config/postgrest`
const DEFAULTS = { db_schema: 'public, graphql_public', db_extra_search_path: 'public, extensions', max_rows: REST_DEFAULT_MAX_ROWS, db_pool: null }

describe.each(targets())('Data API settings routes on $name', (like) => {
  let own: OwnStudio

  beforeAll(async () => {
    own = await ownStudio(like, 'rest-config', { users: [READER] })
    await own.studio.db.exec('create schema if not exists api; create schema if not exists "odd, name"')
  })
  afterAll(async () => {
    await own?.close()
  })

  async function send(method: string, body?: unknown, headers: Record<string, string> = AUTH) {
    const h: Record<string, string> = { ...headers }
    if (body !== undefined) h['content-type'] = 'application/json'
    const res = await fetch(`${own.studio.url}${CONFIG}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  }
  const stored = async () =>
    (await own.studio.store.get().then((db) => db.query<{ config: unknown }>('select config from _studio.rest_config where ref = $1', [REF]))).rows[0]?.config

  it("answers Supabase's defaults before anything is set", async () => {
    expect(await send('GET')).toEqual({ status: 200, body: DEFAULTS })
    expect(await own.studio.rest.config(REF)).toEqual({ schemas: ['public', 'graphql_public'], extraSearchPath: ['public', 'extensions'], maxRows: REST_DEFAULT_MAX_ROWS })
  })

  it('changes each setting, stores only what differs from the defaults, and the REST API reads it', async () => {
    const res = await send('PATCH', { db_schema: ' api ,public,,api', max_rows: 50 })
    expect(res).toEqual({ status: 200, body: { ...DEFAULTS, db_schema: 'api, public', max_rows: 50 } })
    expect(await stored()).toEqual({ schemas: ['api', 'public'], maxRows: 50 })
    expect(await own.studio.rest.config(REF)).toMatchObject({ schemas: ['api', 'public'], maxRows: 50 })
    expect((await send('PATCH', { db_extra_search_path: 'extensions', max_rows: null })).body).toEqual({
      ...DEFAULTS, db_schema: 'api, public', db_extra_search_path: 'extensions', max_rows: null,
    })
    expect((await send('PATCH', { db_schema: '"odd, name"' })).status).toBe(400)
    const back = await send('PATCH', { db_schema: 'public, graphql_public', db_extra_search_path: 'public, extensions', max_rows: REST_DEFAULT_MAX_ROWS, db_pool: null })
    expect(back).toEqual({ status: 200, body: DEFAULTS })
    expect(await stored()).toEqual({})
  })

  it.each([
    [{ db_schema: 'nope' }, MSG.dataApiSchemaMissing('nope')],
    [{ db_schema: 'public, nope' }, MSG.dataApiSchemaMissing('nope')],
    [{ db_schema: ' , ' }, MSG.dataApiSchemasRequired],
    [{ db_schema: 'public,pg_catalog' }, MSG.dataApiSchemaSystem('pg_catalog')],
    [{ db_schema: 'information_schema' }, MSG.dataApiSchemaSystem('information_schema')],
    [{ db_schema: '_studio' }, MSG.dataApiSchemaSystem('_studio')],
    [{ db_schema: 'pg_toast' }, MSG.dataApiSchemaSystem('pg_toast')],
    [{ db_extra_search_path: 'public, gone' }, MSG.dataApiSchemaMissing('gone')],
    [{ db_extra_search_path: '_studio' }, MSG.dataApiSchemaSystem('_studio')],
    [{ max_rows: 0 }, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT)],
    [{ max_rows: -5 }, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT)],
    [{ max_rows: 1.5 }, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT)],
    [{ max_rows: REST_MAX_ROWS_LIMIT + 1 }, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT)],
    [{ max_rows: '10' }, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT)],
    [{ db_pool: 10 }, MSG.dataApiPoolUnsupported],
  ])('refuses %j with its message and changes nothing', async (body, message) => {
    await send('PATCH', { max_rows: 77 })
    const before = await send('GET')
    const res = await send('PATCH', { max_rows: 12, ...body })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(await send('GET')).toEqual(before)
  })

  it('accepts the maximum max rows', async () => {
    expect((await send('PATCH', { max_rows: REST_MAX_ROWS_LIMIT })).body.max_rows).toBe(REST_MAX_ROWS_LIMIT)
  })

  it('answers 401 without the dashboard sign-in, changing nothing', async () => {
    const before = await send('GET')
    expect((await send('GET', undefined, {})).status).toBe(401)
    expect((await send('PATCH', { max_rows: 3 }, {})).status).toBe(401)
    expect(await send('GET')).toEqual(before)
  })

  it('lets a reader read but not change the settings', async () => {
    const before = await send('GET')
    const as = { ...AUTH, 'x-studio-user': String(READER.id) }
    expect(await send('GET', undefined, as)).toEqual(before)
    const res = await send('PATCH', { max_rows: 3 }, as)
    expect(res).toMatchObject({ status: 403, body: { message: MSG.updateDataApiSettingsPermission } })
    expect(await send('GET')).toEqual(before)
  })

  it('answers 404 for a project that does not exist', async () => {
    const res = await fetch(`${own.studio.url}/platform/projects/nope/config/postgrest`, { headers: AUTH })
    expect(res.status).toBe(404)
  })
})
