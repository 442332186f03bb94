/**
 * GET/POST /platform/pg-meta/{ref}/column-privileges: grants and revokes read back from the catalog and
 * checked with the database's own has_column_privilege('anon', …); the switch from a table-level grant to
 * column-level ones in one batch; bad input (unknown table, column or role, roles other than anon and
 * authenticated, a protected schema, no changes) answered with its message and nothing changed; and the
 * write permission refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ColumnPrivilegeChange, ColumnPrivilegesTable } from '../../src/shared/contract/column-privileges'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS, type Grant, type PermissionName } from '../../src/shared/permissions'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { client, REF, unique } from './support/http'

const grant = (...names: PermissionName[]): Grant[] =>
  names.map((name) => ({ actions: [PERMISSIONS[name].action], resources: [PERMISSIONS[name].resource] }))

describe.each(targets())('column privileges on $name', (target) => {
  const c = client(target.url)
  const table = unique('cp')
  const path = `/platform/pg-meta/${REF}/column-privileges`
  let id = 0
  let reader: OwnStudio

  /** what the database itself says anon or authenticated may do with a column */
  const can = async (role: string, column: string, privilege: string) =>
    (await c.sql<{ ok: boolean }>(`select has_column_privilege('${role}', 'public.${table}', '${column}', '${privilege}') as ok`))[0]!.ok
  const read = async () => (await c.send('GET', `${path}?table_id=${id}`)).body as ColumnPrivilegesTable
  const apply = (changes: unknown[], tableId = id) => c.send('POST', path, { table_id: tableId, changes })
  const acl = async () => (await c.sql<{ acl: string }>(
    `select coalesce((select relacl::text from pg_class where oid = ${id}), '') || '|' || coalesce((select string_agg(attname || '=' || attacl::text, ',' order by attnum)
       from pg_attribute where attrelid = ${id} and attnum > 0 and attacl is not null), '') as acl`,
  ))[0]!.acl

  beforeAll(async () => {
    await c.sql(`create table public.${table} (id int primary key, email text, secret text);
      revoke all on public.${table} from anon, authenticated; grant select on public.${table} to anon`)
    id = await c.oid(table)
    reader = await ownStudio(target, 'column-privileges-reader', { grants: grant('tenantSqlAdminRead') })
  }, 120_000)
  afterAll(async () => {
    await c.sql(`drop table if exists public.${table}`)
    await reader?.close()
  })

  it('reads the table-level and column-level grants from the catalog', async () => {
    const t = await read()
    expect(t.table).toEqual({ id, schema: 'public', name: table, type: 'table', protected: false })
    expect(t.table_grants).toEqual({ anon: ['SELECT'], authenticated: [] })
    expect(t.missing_roles).toEqual([])
    expect(t.columns.map((col) => [col.name, col.type])).toEqual([['id', 'integer'], ['email', 'text'], ['secret', 'text']])
    // a table-level grant: nothing on the columns themselves, yet anon can read each
    for (const col of t.columns) {
      expect(col.grants).toEqual({ anon: [], authenticated: [] })
      expect(col.effective).toEqual({ anon: ['SELECT'], authenticated: [] })
    }
    expect((await c.send('GET', `${path}?table_id=0`)).status).toBe(400)
    expect(await c.send('GET', `${path}?table_id=999999999`)).toMatchObject({ status: 404 })
  })

  it('switches from table-level to column-level in one batch: revoke on the table, grant on the chosen columns', async () => {
    const t = (
      await apply([
        { action: 'grant', role: 'anon', privilege: 'SELECT', column: 'id' },
        { action: 'grant', role: 'anon', privilege: 'SELECT', column: 'email' },
        // listed last, run first: a table-level REVOKE also revokes the column grants
        { action: 'revoke', role: 'anon', privilege: 'SELECT', column: null },
      ])
    ).body as ColumnPrivilegesTable
    expect(t.table_grants.anon).toEqual([])
    expect(t.columns.map((col) => col.grants.anon)).toEqual([['SELECT'], ['SELECT'], []])
    expect(await can('anon', 'id', 'SELECT')).toBe(true)
    expect(await can('anon', 'email', 'SELECT')).toBe(true)
    expect(await can('anon', 'secret', 'SELECT')).toBe(false)
  })

  it('grants and revokes INSERT and UPDATE on columns for authenticated', async () => {
    let t = (await apply([
      { action: 'grant', role: 'authenticated', privilege: 'UPDATE', column: 'email' },
      { action: 'grant', role: 'authenticated', privilege: 'INSERT', column: 'email' },
      { action: 'grant', role: 'authenticated', privilege: 'INSERT', column: 'id' },
    ])).body as ColumnPrivilegesTable
    expect(t.columns.map((col) => col.grants.authenticated)).toEqual([['INSERT'], ['INSERT', 'UPDATE'], []])
    expect(await can('authenticated', 'email', 'UPDATE')).toBe(true)
    expect(await can('authenticated', 'id', 'UPDATE')).toBe(false)
    expect(await can('anon', 'email', 'UPDATE')).toBe(false)
    t = (await apply([{ action: 'revoke', role: 'authenticated', privilege: 'UPDATE', column: 'email' }])).body as ColumnPrivilegesTable
    expect(t.columns[1]!.grants.authenticated).toEqual(['INSERT'])
    expect(await can('authenticated', 'email', 'UPDATE')).toBe(false)
    expect(await can('authenticated', 'email', 'INSERT')).toBe(true)
  })

  it('refuses bad input with its message and changes nothing', async () => {
    const before = await acl()
    const ok: ColumnPrivilegeChange = { action: 'grant', role: 'anon', privilege: 'SELECT', column: 'secret' }
    const unknownColumn = await apply([ok, { action: 'grant', role: 'anon', privilege: 'SELECT', column: 'nope' }])
    expect(unknownColumn).toMatchObject({ status: 400, body: { message: MSG.columnPrivilegesUnknownColumn('nope', `public.${table}`) } })
    for (const role of ['service_role', 'postgres', 'nobody']) {
      const refused = await apply([ok, { ...ok, role }])
      expect(refused.status).toBe(400)
      expect(refused.body.message).toContain(MSG.columnPrivilegesRole)
    }
    const badPrivilege = await apply([{ ...ok, privilege: 'DELETE' }])
    expect(badPrivilege.status).toBe(400)
    expect((await apply([])).body.message).toContain(MSG.columnPrivilegesNoChanges)
    expect((await apply([ok], 999999999)).status).toBe(404)
    // an identifier that tries to escape its quotes is only an unknown column
    const injected = await apply([{ ...ok, column: 'id") on table pg_authid to anon; --' }])
    expect(injected.status).toBe(400)
    expect(await acl()).toBe(before)
    expect(await can('anon', 'secret', 'SELECT')).toBe(false)
  })

  it('keeps protected schemas read-only', async () => {
    const users = await c.oid('users', 'auth')
    const t = (await c.send('GET', `${path}?table_id=${users}`)).body as ColumnPrivilegesTable
    expect(t.table).toMatchObject({ schema: 'auth', name: 'users', protected: true })
    const refused = await apply([{ action: 'grant', role: 'anon', privilege: 'SELECT', column: 'email' }], users)
    expect(refused).toEqual({ status: 403, body: { message: MSG.protectedSchema('auth'), code: 403 } })
    expect((await c.sql<{ ok: boolean }>(`select has_column_privilege('anon', 'auth.users', 'email', 'SELECT') as ok`))[0]!.ok).toBe(false)
  })

  it('refuses a user without the write permission, who may still read', async () => {
    const r = client(reader.studio.url)
    await reader.studio.db.exec('create table public.notes (id int primary key, body text)')
    const notes = (await reader.studio.db.query<{ oid: number }>(`select 'public.notes'::regclass::oid as oid`)).rows[0]!.oid
    expect((await r.send('GET', `${path}?table_id=${notes}`)).status).toBe(200)
    const refused = await r.send('POST', path, { table_id: notes, changes: [{ action: 'grant', role: 'anon', privilege: 'SELECT', column: 'body' }] })
    expect(refused).toEqual({ status: 403, body: { message: MSG.noPermission('change column privileges'), code: 403 } })
  })
})
