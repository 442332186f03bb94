/** Policies through pg-meta: each change checked in pg_policies; refused input changes nothing. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { POLICY_NAME_MAX } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS, type Grant, type PermissionName } from '../../src/shared/permissions'
import type { Policy, PolicyCommand, PolicyCreateBody } from '../../src/shared/policies'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../src/shared/sql-quote'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'
import { TEST_AUTH_OPTIONS } from '../support/auth'

describe.each(targets())('policies on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('pol')
  const other = unique('pol_other')
  const weirdSchema = `${unique('we"ird sch')} ü`
  const role = unique('pol_role')
  const base = `/platform/pg-meta/${REF}/policies`
  const table = 'items'
  const weirdTable = `ta'ble "x" ü`

  beforeAll(() =>
    c.sql(`
      create schema ${schema};
      create schema ${other};
      create schema ${quoteIdent(weirdSchema)};
      create table ${schema}.items (id int primary key, owner text, body text);
      create table ${schema}.spare (id int);
      create table ${other}.items (id int);
      create table ${quoteQualified(weirdSchema, weirdTable)} (id int, "wé ird" text);
      create role ${role} nologin;`),
  )
  // a failed test leaves no policy behind for the next one
  afterEach(async () => {
    const left = await c.sql<{ drop: string }>(`
      select format('drop policy %I on %I.%I', policyname, schemaname, tablename) as drop from pg_policies
      where schemaname in (${[schema, other, weirdSchema].map(quoteLiteral).join(', ')})`)
    for (const { drop } of left) await c.sql(drop)
  })
  afterAll(() => c.sql(`drop schema ${schema}, ${other}, ${quoteIdent(weirdSchema)} cascade; drop role ${role}`))

  /** what Postgres holds for the policies of schema.table, as pg_policies shows them */
  const catalog = (s = schema, t = table) =>
    c.sql<{ name: string; permissive: string; roles: string[]; cmd: string; qual: string | null; with_check: string | null }>(`
      select policyname as name, permissive, roles::text[] as roles, cmd, qual, with_check from pg_policies
      where schemaname = ${quoteLiteral(s)} and tablename = ${quoteLiteral(t)} order by policyname`)
  const asCatalog = (p: Policy) => ({
    name: p.name, permissive: p.action, roles: p.roles, cmd: p.command, qual: p.definition, with_check: p.check,
  })
  const tableId = () => c.oid(table, schema)
  const create = (body: Partial<PolicyCreateBody>) =>
    api.createPolicy(REF, { name: unique('p'), schema, table, command: 'SELECT', definition: 'true', ...body } as PolicyCreateBody)
  const send = (method: string, body?: unknown, query = '') => c.send(method, `${base}${query}`, body)
  const refused = (message: string, code = 400) => ({ status: code, body: { message, code } })

  it('creates a policy of each command with its roles and expressions, and reads it back exactly', async () => {
    const cases: [PolicyCommand, string | null, string | null, string[]][] = [
      ['SELECT', 'true', null, ['anon']],
      ['INSERT', null, '(owner = CURRENT_USER)', ['authenticated', role]],
      ['UPDATE', '(id > 0)', '(body IS NOT NULL)', ['public']],
      ['DELETE', '(owner = CURRENT_USER)', null, []],
      ['ALL', '(id > 0)', '(id < 100)', [role, 'anon']],
    ]
    const id = await tableId()
    for (const [command, definition, check, roles] of cases) {
      const name = unique(command.toLowerCase())
      const policy = await create({ name, command, definition, check, roles })
      expect(policy).toEqual({
        id: expect.any(Number), name, schema, table, table_id: id, action: 'PERMISSIVE', command, definition, check,
        roles: roles.length && roles[0] !== 'public' ? [...roles].sort() : ['public'],
      })
      expect((await catalog()).find((p) => p.name === name)).toEqual(asCatalog(policy))
      expect((await api.policies(REF, { included_schemas: [schema] })).find((p) => p.id === policy.id)).toEqual(policy)
      await api.deletePolicy(REF, policy.id)
    }
    expect(await catalog()).toEqual([])
  })

  it('creates a restrictive policy, and one on a protected schema (storage policies live on storage.objects)', async () => {
    const restrictive = await create({ action: 'RESTRICTIVE' })
    expect(restrictive.action).toBe('RESTRICTIVE')
    expect((await catalog())[0]?.permissive).toBe('RESTRICTIVE')
    await api.deletePolicy(REF, restrictive.id)
    const storage = await create({ schema: 'storage', table: 'objects', roles: ['authenticated'] })
    expect(storage).toMatchObject({ schema: 'storage', table: 'objects', definition: 'true', roles: ['authenticated'] })
    expect(await api.deletePolicy(REF, storage.id)).toEqual(storage)
    expect((await catalog('storage', 'objects')).find((p) => p.name === storage.name)).toBeUndefined()
  })

  it('updates the name, roles, USING and WITH CHECK, and clears an expression', async () => {
    const policy = await create({ command: 'UPDATE', definition: 'id > 0', check: 'id < 10', roles: ['anon'] })
    const renamed = unique('renamed')
    const updated = await api.updatePolicy(REF, policy.id, {
      id: policy.id, name: renamed, roles: [role, 'authenticated'], definition: 'owner = current_user', check: 'body <> $$x$$',
    })
    expect(updated).toEqual({
      ...policy, name: renamed, roles: ['authenticated', role].sort(), definition: '(owner = CURRENT_USER)', check: "(body <> 'x'::text)",
    })
    expect(await catalog()).toEqual([asCatalog(updated)])

    const publicRoles = await api.updatePolicy(REF, policy.id, { roles: [] })
    expect(publicRoles.roles).toEqual(['public'])

    const cleared = await api.updatePolicy(REF, policy.id, { check: null })
    expect(cleared).toEqual({ ...publicRoles, id: expect.any(Number), check: null })
    expect(await catalog()).toEqual([asCatalog(cleared)])

    const both = await api.updatePolicy(REF, cleared.id, { name: 'again', definition: '', check: 'id = 1' })
    expect(both).toMatchObject({ name: 'again', definition: null, check: '(id = 1)', roles: ['public'] })
    expect(await catalog()).toEqual([asCatalog(both)])

    expect(await api.deletePolicy(REF, both.id)).toEqual(both)
    expect(await catalog()).toEqual([])
    expect(await send('DELETE', undefined, `?id=${both.id}`)).toEqual(refused(MSG.policyNotFound(both.id), 404))
    expect(await send('PATCH', { name: 'x' }, `?id=${both.id}`)).toEqual(refused(MSG.policyNotFound(both.id), 404))
  })

  it('answers each rule of the database policy review with its message, creating nothing', async () => {
    const body = { name: 'p', schema, table, command: 'SELECT', definition: 'true' }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, name: '' }, MSG.policyNameRequired],
      [{ ...body, name: '   ' }, MSG.policyNameRequired],
      [{ ...body, name: 'n'.repeat(POLICY_NAME_MAX + 1) }, MSG.policyNameTooLong],
      [{ ...body, command: undefined }, MSG.policyCommandRequired],
      [{ ...body, command: 'TRUNCATE' }, MSG.policyCommandRequired],
      [{ ...body, definition: '' }, MSG.policyUsingRequired],
      [{ ...body, command: 'DELETE', definition: null }, MSG.policyUsingRequired],
      [{ ...body, command: 'INSERT', definition: 'true', check: ' ' }, MSG.policyCheckRequired],
      [{ ...body, command: 'UPDATE', definition: null, check: null }, MSG.policyUsingOrCheckRequired],
      [{ ...body, command: 'ALL', definition: '', check: '' }, MSG.policyUsingOrCheckRequired],
      [{ ...body, roles: ['anon', unique('nobody')] }, ''],
      [{ ...body, roles: ['postgres'] }, MSG.policyRoleReserved('postgres')],
      [{ ...body, roles: ['pg_read_all_data'] }, MSG.policyRoleReserved('pg_read_all_data')],
      [{ ...body, roles: ['authenticator'] }, MSG.policyRoleReserved('authenticator')],
    ]
    for (const [input, message] of cases) {
      const missing = (input.roles as string[] | undefined)?.[1]
      expect(await send('POST', input)).toEqual(refused(missing ? MSG.policyRoleMissing(missing) : message))
    }
    expect(await send('POST', { ...body, table: 'nope' })).toEqual(refused(MSG.policyTableNotFound(`${schema}.nope`), 404))
    expect(await catalog()).toEqual([])

    const select = await create({ name: 'kept', definition: 'id > 0' })
    const insert = await create({ name: 'kept insert', command: 'INSERT', definition: null, check: 'id > 0' })
    const update = await create({ name: 'kept update', command: 'UPDATE', definition: 'id > 0', check: null })
    const before = await catalog()
    const updates: [number, Record<string, unknown>, string][] = [
      [select.id, { name: '' }, MSG.policyNameRequired],
      [select.id, { name: 'n'.repeat(POLICY_NAME_MAX + 1) }, MSG.policyNameTooLong],
      [select.id, { definition: '' }, MSG.policyUsingRequired],
      [insert.id, { check: null }, MSG.policyCheckRequired],
      [update.id, { definition: ' ' }, MSG.policyUsingOrCheckRequired],
      [select.id, { roles: ['anon', 'postgres'] }, MSG.policyRoleReserved('postgres')],
      [select.id, { id: insert.id, name: 'other' }, 'The body names another policy than the query'],
    ]
    for (const [id, change, message] of updates) expect(await send('PATCH', change, `?id=${id}`)).toEqual(refused(message))
    expect(await catalog()).toEqual(before)
    for (const p of [select, insert, update]) await api.deletePolicy(REF, p.id)
  })

  it('refuses an expression the operation does not take instead of dropping it, changing nothing', async () => {
    const body = { name: 'p', schema, table }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, command: 'SELECT', definition: 'true', check: 'true' }, MSG.policyCheckNotTaken('SELECT')],
      [{ ...body, command: 'DELETE', definition: 'true', check: 'id > 0' }, MSG.policyCheckNotTaken('DELETE')],
      [{ ...body, command: 'INSERT', definition: 'true', check: 'true' }, MSG.policyUsingNotTaken('INSERT')],
    ]
    for (const [input, message] of cases) expect(await send('POST', input)).toEqual(refused(message))
    expect(await catalog()).toEqual([])

    const select = await create({ name: 'kept', definition: 'id > 0' })
    const insert = await create({ name: 'kept insert', command: 'INSERT', definition: null, check: 'id > 0' })
    const before = await catalog()
    expect(await send('PATCH', { check: 'true' }, `?id=${select.id}`)).toEqual(refused(MSG.policyCheckNotTaken('SELECT')))
    expect(await send('PATCH', { definition: 'true' }, `?id=${insert.id}`)).toEqual(refused(MSG.policyUsingNotTaken('INSERT')))
    expect(await catalog()).toEqual(before)
  })

  it('refuses switching RLS of a protected schema’s table (storage.objects), changing nothing', async () => {
    const id = await c.oid('objects', 'storage')
    const rls = async () => (await c.sql<{ on: boolean }>(`select relrowsecurity as on from pg_class where oid = ${id}`))[0]!.on
    const before = await rls()
    const res = await c.send('PATCH', `/platform/pg-meta/${REF}/tables?id=${id}`, { rls_enabled: !before })
    expect(res).toEqual({ status: 403, body: { message: MSG.protectedSchema('storage'), code: 403 } })
    expect(await rls()).toBe(before)
  })

  it('refuses expressions that would escape their parentheses, changing nothing', async () => {
    const kept = await create({ name: 'kept', command: 'ALL', definition: 'id > 0', check: 'id > 0' })
    const before = await catalog()
    const attempts = [
      'true); drop table items; --',
      `true); drop table ${schema}.items; --`,
      'true) or (true',
      'true) with check (true',
      'true; drop table items',
      'true --\r); drop table items; --\n',
      "ée'\\' ); drop table items; --'",
      "1e'\\' ); drop table items; --'",
      "$é$ ' $é$ ); drop table items; -- '",
      "1$a$ ' $a$ ); drop table items; -- '",
      '/* /* */ ); drop table items; -- */',
      "'unterminated",
      'true\0); drop table items; --',
      // E'…' continued on the next line keeps reading \' as a quote
      "E'x'\n'\\' = ' is not null) or (true --'",
      "E'x' -- c\r\n'\\' ) with check (false) --'",
    ]
    for (const expr of attempts) {
      for (const command of ['SELECT', 'ALL'] as const) {
        const res = await send('POST', { name: 'evil', schema, table, command, definition: expr, check: command === 'ALL' ? expr : null })
        expect(res.status, expr).toBe(400)
      }
      expect((await send('POST', { name: 'evil', schema, table, command: 'INSERT', check: expr })).status, expr).toBe(400)
      expect((await send('PATCH', { definition: expr }, `?id=${kept.id}`)).status, expr).toBe(400)
      expect((await send('PATCH', { check: expr }, `?id=${kept.id}`)).status, expr).toBe(400)
    }
    expect(await catalog()).toEqual(before)
    expect(await c.sql(`select count(*)::int as n from ${schema}.items`)).toEqual([{ n: 0 }])
    await api.deletePolicy(REF, kept.id)
  })

  it('keeps strings, quoted names and comments inside the expression as Postgres reads them', async () => {
    const cases: [string, string][] = [
      ["body = E'a \\' ) ; b'", "(body = 'a '' ) ; b'::text)"],
      // a backslash is a plain character in '…', so the string ends at the second quote and a comment follows
      ["body = 'x\\' -- comment'", "(body = 'x\\'::text)"],
      ['body = $t$ ) ; $t$', "(body = ' ) ; '::text)"],
      ['"owner" = \'))\' /* ) ; /* nested */ */', "(owner = '))'::text)"],
      ['id > 0 -- trailing ) ; comment', '(id > 0)'],
      ['U&"\\0069d" > 0 /* U& names */', '(id > 0)'],
      ["body = U&'\\00fc' --\r and id > 0", "((body = 'ü'::text) AND (id > 0))"],
    ]
    for (const [definition, printed] of cases) {
      const policy = await create({ definition })
      expect(policy.definition, definition).toBe(printed)
      await api.deletePolicy(REF, policy.id)
    }
  })

  it("answers a database error with Postgres' message, changing nothing", async () => {
    expect(await send('POST', { name: 'bad', schema, table, command: 'SELECT', definition: 'nope = 1' })).toMatchObject({
      status: 400, body: { message: 'column "nope" does not exist', code: 400, pgCode: '42703' },
    })
    const kept = await create({ name: 'kept', command: 'UPDATE', definition: 'id > 0', check: null })
    // the role check and the rename run in one transaction: a failing expression keeps the old name and roles
    const res = await send('PATCH', { name: 'renamed', roles: ['anon'], check: 'nope = 1' }, `?id=${kept.id}`)
    expect(res).toMatchObject({ status: 400, body: { message: 'column "nope" does not exist' } })
    const clash = await create({ name: 'taken' })
    expect((await send('PATCH', { name: 'taken' }, `?id=${kept.id}`)).body.message).toMatch(/already exists/)
    expect((await catalog()).map((p) => [p.name, p.roles])).toEqual([['kept', ['public']], ['taken', ['public']]])
    for (const p of [kept, clash]) await api.deletePolicy(REF, p.id)
  })

  it('handles quotes, spaces and unicode in policy, table, schema and role names', async () => {
    const name = `po"l'icy ünï ${unique('x')}`
    const policy = await api.createPolicy(REF, {
      name, schema: weirdSchema, table: weirdTable, command: 'SELECT', definition: '"wé ird" = \'ü\'', roles: [role],
    })
    expect(policy).toMatchObject({ name, schema: weirdSchema, table: weirdTable, definition: `("wé ird" = 'ü'::text)`, roles: [role] })
    expect(await catalog(weirdSchema, weirdTable)).toEqual([asCatalog(policy)])
    const renamed = await api.updatePolicy(REF, policy.id, { name: `${name} "renamed"` })
    expect(renamed).toEqual({ ...policy, name: `${name} "renamed"` })
    expect(await api.deletePolicy(REF, policy.id)).toEqual(renamed)
    expect(await catalog(weirdSchema, weirdTable)).toEqual([])
  })

  it('answers a name longer than 63 bytes as Postgres cut it', async () => {
    const policy = await create({ name: 'é'.repeat(40) })
    expect(policy.name).toBe('é'.repeat(31))
    expect((await api.updatePolicy(REF, policy.id, { name: `${'ü'.repeat(40)}` })).name).toBe('ü'.repeat(31))
  })

  it('applies a policy named to a role twice, or to public among others, as Postgres does', async () => {
    expect((await create({ roles: ['anon', 'anon'] })).roles).toEqual(['anon'])
    expect((await create({ roles: ['public', 'anon'] })).roles).toEqual(['public'])
  })

  it('lists policies ordered by schema, table and name, filtered by included and excluded schemas', async () => {
    const made = [
      await create({ name: 'b' }),
      await create({ name: 'a' }),
      await create({ name: 'c', table: 'spare' }),
      await create({ name: 'z', schema: other }),
    ]
    const key = (p: Policy) => `${p.schema}.${p.table}.${p.name}`
    expect((await api.policies(REF, { included_schemas: [schema, other] })).map(key)).toEqual(
      [`${other}.items.z`, `${schema}.items.a`, `${schema}.items.b`, `${schema}.spare.c`].sort(),
    )
    const all = await api.policies(REF)
    expect(all.map(key)).toEqual(expect.arrayContaining(made.map(key)))
    expect(all.some((p) => ['pg_catalog', 'information_schema'].includes(p.schema))).toBe(false)
    const excluded = await api.policies(REF, { excluded_schemas: [other, 'storage'] })
    expect(excluded.map(key)).toEqual(expect.arrayContaining(made.slice(0, 3).map(key)))
    expect(excluded.some((p) => p.schema === other || p.schema === 'storage')).toBe(false)
    expect((await api.policies(REF, { included_schemas: [schema], excluded_schemas: [schema] }))).toEqual([])
    for (const p of made) await api.deletePolicy(REF, p.id)
  })
})

describe('policy writes need SQL admin write on policies', () => {
  const grant = (...names: PermissionName[]): Grant[] =>
    names.map((name) => ({ actions: [PERMISSIONS[name].action], resources: [PERMISSIONS[name].resource] }))
  let dir: string
  let reader: Studio
  let writer: Studio
  const base = `/platform/pg-meta/${REF}/policies`
  const setup = `create table notes (id int); create policy kept on notes for select using (true)`
  const policyOf = async (studio: Studio) =>
    (await studio.db.query<{ id: number }>(`select oid as id from pg_policy where polname = 'kept'`)).rows[0]!.id
  const names = async (studio: Studio) =>
    (await studio.db.query<{ name: string }>(`select policyname as name from pg_policies where tablename = 'notes'`)).rows

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-policy-perm-'))
    const start = (name: string, grants: Grant[]) =>
      startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: join(dir, name), serveStatic: false, logger: false, grants })
    ;[reader, writer] = await Promise.all([
      start('reader', grant('tenantSqlAdminRead', 'tenantSqlAdminWrite', 'writeTables')),
      start('writer', grant('tenantSqlAdminRead', 'sqlAdminWritePolicies')),
    ])
    for (const studio of [reader, writer]) await studio.db.exec(setup)
  }, 120_000) // two fresh PGlite databases
  afterAll(async () => {
    await Promise.all([reader?.close(), writer?.close()])
    await rm(dir, { recursive: true, force: true })
  })

  it('refuses creating, changing and deleting policies without it, changing nothing', async () => {
    const c = client(reader.url)
    const id = await policyOf(reader)
    const refused = { status: 403, body: { message: MSG.editPoliciesPermission, code: 403 } }
    expect(await c.send('POST', base, { name: 'new', schema: 'public', table: 'notes', command: 'SELECT', definition: 'true' })).toEqual(refused)
    expect(await c.send('PATCH', `${base}?id=${id}`, { name: 'renamed' })).toEqual(refused)
    expect(await c.send('DELETE', `${base}?id=${id}`)).toEqual(refused)
    expect(await names(reader)).toEqual([{ name: 'kept' }])
    expect((await c.api.policies(REF, { included_schemas: ['public'] })).map((p) => p.name)).toEqual(['kept'])
  })

  it('lets a user holding it write policies without writing SQL', async () => {
    const c = client(writer.url)
    const id = await policyOf(writer)
    const made = await c.api.createPolicy(REF, { name: 'new', schema: 'public', table: 'notes', command: 'INSERT', check: 'id > 0' })
    expect(made).toMatchObject({ name: 'new', command: 'INSERT', check: '(id > 0)', roles: ['public'] })
    expect((await c.api.updatePolicy(REF, id, { name: 'renamed' })).name).toBe('renamed')
    await c.api.deletePolicy(REF, made.id)
    expect(await names(writer)).toEqual([{ name: 'renamed' }])
    expect((await c.send('POST', `/platform/pg-meta/${REF}/query`, { query: 'drop table notes' })).status).toBe(403)
  })
})
