/**
 * Database roles written through pg-meta (spec 3 Role, spec 6): each change read back from pg_roles;
 * protected roles, superusers and unknown flags are refused and nothing changes. Roles are cluster-wide on
 * PostgreSQL, so every name carries a random suffix and is dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import type { Role } from '../../src/shared/api'
import { MSG } from '../../src/shared/messages'
import { DEPENDENTS_SHOWN } from '../../src/server/pgmeta/roles-write'
import { PERMISSIONS } from '../../src/shared/permissions'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'
import { TEST_AUTH_OPTIONS } from '../support/auth'

interface PgRole { rolname: string; rolcanlogin: boolean; rolcreaterole: boolean; rolcreatedb: boolean; rolsuper: boolean; has_password: boolean }

describe.each(targets())('roles on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const base = `/platform/pg-meta/${REF}/roles`
  const made: string[] = []
  const name = (prefix = 'r') => {
    const n = unique(`${prefix}_role`)
    made.push(n)
    return n
  }

  /** pg_roles as the database holds it (rolpassword is only readable in pg_authid). */
  const pgRole = async (rolname: string): Promise<PgRole | undefined> =>
    (
      await c.sql<PgRole>(
        `select rolname, rolcanlogin, rolcreaterole, rolcreatedb, rolsuper, rolpassword is not null as has_password
         from pg_authid where rolname = '${rolname}'`,
      )
    )[0]
  const idOf = async (rolname: string) => (await c.sql<{ oid: number }>(`select oid::int from pg_roles where rolname = '${rolname}'`))[0]!.oid

  afterAll(async () => {
    for (const n of made) await c.sql(`drop table if exists public.${n}_owned; drop role if exists ${n}`)
  })

  it('creates a role with each grantable flag, and none by default', async () => {
    const plain = await api.createRole(REF, { name: name() })
    expect(plain).toMatchObject({ can_login: false, can_create_role: false, can_create_db: false, is_superuser: false, connection_limit: -1 })
    expect(plain.id).toBe(await idOf(plain.name))
    for (const flag of ['can_login', 'can_create_role', 'can_create_db'] as const) {
      const role = await api.createRole(REF, { name: name(), [flag]: true })
      expect(role[flag]).toBe(true)
      const row = await pgRole(role.name)
      expect([row?.rolcanlogin, row?.rolcreaterole, row?.rolcreatedb]).toEqual([
        flag === 'can_login', flag === 'can_create_role', flag === 'can_create_db',
      ])
    }
  })

  it('sets a login role\'s password without answering it back', async () => {
    const n = name()
    const res = await c.send('POST', base, { name: n, can_login: true, password: "s3cret'pw" })
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body)).not.toContain('s3cret')
    expect(await pgRole(n)).toMatchObject({ rolcanlogin: true, has_password: true })
    // stored (and sent) as a SCRAM verifier: the password itself is in no statement
    const [stored] = await c.sql<{ rolpassword: string }>(`select rolpassword from pg_authid where rolname = '${n}'`)
    expect(stored!.rolpassword).toMatch(/^SCRAM-SHA-256\$4096:/)
    expect(stored!.rolpassword).not.toContain('s3cret')
  })

  it('lists the roles with their flags, system roles included', async () => {
    const n = name()
    await api.createRole(REF, { name: n, can_create_db: true })
    const roles = await api.roles(REF)
    expect(roles.find((r) => r.name === n)).toMatchObject({ can_create_db: true, can_login: false })
    expect(roles.find((r) => r.name === 'postgres')).toMatchObject({ is_superuser: true })
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']))
  })

  it('renames a role and changes its grantable flags', async () => {
    const role = await api.createRole(REF, { name: name() })
    const renamed = name()
    const updated = await api.updateRole(REF, role.id, { name: renamed, can_login: true, can_create_db: true })
    expect(updated).toMatchObject({ id: role.id, name: renamed, can_login: true, can_create_db: true, can_create_role: false })
    expect(await pgRole(role.name)).toBeUndefined()
    expect(await pgRole(renamed)).toMatchObject({ rolcanlogin: true, rolcreatedb: true, rolcreaterole: false })
    const off = await api.updateRole(REF, role.id, { can_login: false, can_create_role: true })
    expect(off).toMatchObject({ name: renamed, can_login: false, can_create_role: true, can_create_db: true })
    expect(await pgRole(renamed)).toMatchObject({ rolcanlogin: false, rolcreaterole: true, rolcreatedb: true })
  })

  it('refuses the flags that cannot be granted, and bad names, changing nothing', async () => {
    const role = await api.createRole(REF, { name: name() })
    const before = await pgRole(role.name)
    for (const body of [{ is_superuser: true }, { can_bypass_rls: true }, { is_replication_role: true }, { connection_limit: 3 }, { password: 'x' }]) {
      const res = await c.send('PATCH', `${base}?id=${role.id}`, body)
      expect(res.status).toBe(400)
    }
    expect((await c.send('POST', base, { name: name(), is_superuser: true })).status).toBe(400)
    expect(await c.send('PATCH', `${base}?id=${role.id}`, { name: '' })).toMatchObject({ status: 400, body: { message: 'Please provide a name for the role' } })
    expect(await c.send('PATCH', `${base}?id=${role.id}`, { name: 'anon' })).toMatchObject({ status: 400, body: { message: 'This name is reserved for a system role' } })
    expect(await c.send('POST', base, { name: 'pg_mine' })).toMatchObject({ status: 400, body: { message: 'This name is reserved for a system role' } })
    expect(await c.send('POST', base, { name: role.name })).toMatchObject({ status: 400, body: { message: `role "${role.name}" already exists` } })
    expect(await pgRole(role.name)).toEqual(before)
  })

  it('refuses to change or drop protected roles and superusers', async () => {
    const superuser = name('su')
    await c.sql(`create role ${superuser} superuser`)
    for (const rolname of ['anon', 'postgres', 'pg_read_all_data', superuser]) {
      const id = await idOf(rolname)
      const message = rolname === superuser ? MSG.superuserProtected(rolname) : MSG.roleProtected(rolname)
      expect(await c.send('PATCH', `${base}?id=${id}`, { can_login: true })).toEqual({ status: 400, body: { message, code: 400 } })
      expect(await c.send('DELETE', `${base}?id=${id}`)).toEqual({ status: 400, body: { message, code: 400 } })
      expect(await pgRole(rolname)).toBeDefined()
    }
    expect(await pgRole('anon')).toMatchObject({ rolcanlogin: false })
  })

  it('answers 404 for an unknown role', async () => {
    const res = await c.send('DELETE', `${base}?id=999999999`)
    expect(res).toEqual({ status: 404, body: { message: 'Role 999999999 not found', code: 404 } })
    expect((await c.send('PATCH', `${base}?id=999999999`, { can_login: true })).status).toBe(404)
  })

  it('drops a role and answers it as it was', async () => {
    const role = await api.createRole(REF, { name: name(), can_login: true })
    const dropped = await api.deleteRole(REF, role.id)
    expect(dropped).toEqual(role)
    expect(await pgRole(role.name)).toBeUndefined()
  })

  it('keeps a role that owns a table or holds privileges, naming what depends on it', async () => {
    const role = await api.createRole(REF, { name: name() })
    await c.sql(`create table public.${role.name}_owned (id int); alter table public.${role.name}_owned owner to ${role.name}`)
    const res = await c.send('DELETE', `${base}?id=${role.id}`)
    expect(res).toEqual({ status: 400, body: { message: MSG.roleHasDependents(role.name, [`owner of table public.${role.name}_owned`], 0), code: 400 } })
    expect(await pgRole(role.name)).toBeDefined()

    // many: the first names by name, the rest counted
    const grantee = await api.createRole(REF, { name: name() })
    const tables = Array.from({ length: DEPENDENTS_SHOWN + 2 }, (_, i) => `${grantee.name}_t${i}`)
    await c.sql(tables.map((t) => `create table public.${t} (id int); grant select on public.${t} to ${grantee.name};`).join('\n'))
    try {
      const many = await c.send('DELETE', `${base}?id=${grantee.id}`)
      const shown = tables.slice(0, DEPENDENTS_SHOWN).map((t) => `privileges for table public.${t}`)
      expect(many).toEqual({ status: 400, body: { message: MSG.roleHasDependents(grantee.name, shown, 2), code: 400 } })
      expect(await pgRole(grantee.name)).toBeDefined()
    } finally {
      await c.sql(tables.map((t) => `drop table public.${t};`).join('\n'))
    }
    expect(await api.deleteRole(REF, grantee.id)).toEqual(grantee)
  })
})

describe('role writes without tenant SQL admin write', () => {
  let dir: string
  let reader: Studio
  const base = `/platform/pg-meta/${REF}/roles`
  const refused = { status: 403, body: { message: MSG.noPermission('change roles'), code: 403 } }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-role-perm-'))
    const { action, resource } = PERMISSIONS.tenantSqlAdminRead
    reader = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, serveStatic: false, logger: false, grants: [{ actions: [action], resources: [resource] }] })
  }, 120_000)
  afterAll(async () => {
    await reader?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('lists roles but refuses to create, change or drop one, changing nothing', async () => {
    const c = client(reader.url)
    await reader.db.exec('create role perm_kept')
    const roles = (await c.send('GET', base)).body as Role[]
    const kept = roles.find((r) => r.name === 'perm_kept')!
    expect(kept).toMatchObject({ can_login: false })
    expect(await c.send('POST', base, { name: 'perm_new' })).toEqual(refused)
    expect(await c.send('PATCH', `${base}?id=${kept.id}`, { can_login: true })).toEqual(refused)
    expect(await c.send('DELETE', `${base}?id=${kept.id}`)).toEqual(refused)
    const after = (await reader.db.query<{ rolname: string; rolcanlogin: boolean }>(`select rolname, rolcanlogin from pg_roles where rolname like 'perm_%'`)).rows
    expect(after).toEqual([{ rolname: 'perm_kept', rolcanlogin: false }])
  })
})
