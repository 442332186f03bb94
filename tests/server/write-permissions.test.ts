/** The server refuses the table editor's changes a user may not make (spec 6), and the refusal changes nothing. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS, type Grant, type PermissionName } from '../../src/shared/permissions'
import { client, REF } from './support/http'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'

const grant = (...names: PermissionName[]): Grant[] =>
  names.map((name) => ({ actions: [PERMISSIONS[name].action], resources: [PERMISSIONS[name].resource] }))

describe('write permissions on the server', () => {
  let dir: string
  let reader: Studio
  let editor: Studio
  let tableId = 0
  const base = `/platform/pg-meta/${REF}`
  const refused = (message: string) => ({ status: 403, body: { message, code: 403 } })

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-write-perm-'))
    const start = (name: string, grants: Grant[]) =>
      startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, name), serveStatic: false, logger: false, grants })
    // Two studios on one PGlite directory would fight over it: each gets its own.
    ;[reader, editor] = await Promise.all([
      start('reader', grant('tenantSqlAdminRead')),
      start('editor', grant('tenantSqlAdminRead', 'sqlAdminWriteColumns', 'writeTables')),
    ])
    for (const studio of [reader, editor]) {
      await studio.db.exec('create table notes (id int primary key, body text); insert into notes values (1, \'kept\')')
    }
    tableId = (await reader.db.query<{ oid: number }>(`select 'notes'::regclass::oid as oid`)).rows[0]!.oid
  }, 120_000) // two fresh PGlite databases
  afterAll(async () => {
    await Promise.all([reader?.close(), editor?.close()])
    await rm(dir, { recursive: true, force: true })
  })

  const state = async (studio: Studio) => ({
    rows: (await studio.db.query('select * from notes order by id')).rows,
    columns: (await studio.db.query(`select attname from pg_attribute where attrelid = 'notes'::regclass and attnum > 0 and not attisdropped`)).rows.length,
    tables: (await studio.db.query(`select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`)).rows[0],
    rls: (await studio.db.query(`select relrowsecurity as on from pg_class where oid = 'notes'::regclass`)).rows[0],
  })

  it('lets a reader export but not change rows, columns or tables', async () => {
    const c = client(reader.url)
    const before = await state(reader)
    const rows = refused(MSG.noPermission('edit rows'))
    expect(await c.send('POST', `${base}/table-rows/insert`, { tableId, rows: [{ id: 2 }] })).toEqual(rows)
    expect(await c.send('POST', `${base}/table-rows/update`, { tableId, primaryKey: { id: 1 }, values: { body: 'x' } })).toEqual(rows)
    expect(await c.send('POST', `${base}/table-rows/delete`, { mode: 'rows', tableId, primaryKeys: [{ id: 1 }] })).toEqual(rows)
    expect(await c.send('POST', `${base}/table-rows/truncate`, { tableId })).toEqual(rows)
    const imported = await fetch(`${reader.url}${base}/table-rows/import?tableId=${tableId}&mapping=${encodeURIComponent('{"id":"id"}')}`, {
      method: 'POST', headers: { ...AUTH, 'content-type': 'text/csv' }, body: 'id\n3\n',
    })
    expect({ status: imported.status, body: await imported.json() }).toEqual(refused(MSG.noPermission('import data')))
    const columns = refused(MSG.noPermission('change columns'))
    expect(await c.send('POST', `${base}/columns`, { tableId, name: 'x', type: 'text' })).toEqual(columns)
    expect(await c.send('PATCH', `${base}/columns?id=${tableId}.2`, { name: 'x', isPrimaryKey: false })).toEqual(columns)
    expect(await c.send('DELETE', `${base}/columns?id=${tableId}.2`)).toEqual(columns)
    expect(await c.send('POST', `${base}/tables`, { name: 'more' })).toEqual(refused(MSG.createTablesPermission))
    expect(await c.send('PATCH', `${base}/tables?id=${tableId}`, { name: 'renamed' })).toEqual(refused(MSG.noPermission('change tables')))
    expect(await c.send('PATCH', `${base}/tables?id=${tableId}`, { rls_enabled: true })).toEqual(refused(MSG.toggleRlsPermission))
    expect(await c.send('DELETE', `${base}/tables?id=${tableId}`)).toEqual(refused(MSG.noPermission('change tables')))
    expect(await c.send('POST', `${base}/tables/duplicate`, { id: tableId, name: 'copy' })).toEqual(refused(MSG.noPermission('change tables')))
    expect(await state(reader)).toEqual(before)

    const exported = await fetch(c.api.exportUrl(REF, { tableId }), { headers: AUTH })
    expect(await exported.text()).toBe('id,body\n1,kept\n')
  })

  it('lets an editor change rows and columns and toggle RLS, but not create, rename or drop tables', async () => {
    const c = client(editor.url)
    await c.api.insertRows(REF, { tableId, rows: [{ id: 2, body: 'added' }] })
    const column = await c.api.createColumn(REF, { tableId, name: 'extra', type: 'int4' })
    expect((await c.api.updateTable(REF, tableId, { rls_enabled: true })).rls_enabled).toBe(true)
    const before = await state(editor)
    expect(await c.send('POST', `${base}/tables`, { name: 'more' })).toEqual(refused(MSG.createTablesPermission))
    expect(await c.send('PATCH', `${base}/tables?id=${tableId}`, { name: 'renamed', rls_enabled: false })).toEqual(refused(MSG.noPermission('change tables')))
    expect(await c.send('DELETE', `${base}/tables?id=${tableId}`)).toEqual(refused(MSG.noPermission('change tables')))
    expect(await state(editor)).toEqual(before)
    expect(before).toMatchObject({ rows: [{ id: 1, body: 'kept', extra: null }, { id: 2, body: 'added', extra: null }], columns: 3, rls: { on: true } })
    expect(column.name).toBe('extra')
  })
})
