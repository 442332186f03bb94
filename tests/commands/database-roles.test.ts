/**
 * Database role commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set); every change is read back from pg_roles. Roles are shared by every database
 * of a PostgreSQL server: each name carries a random suffix and is dropped at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-roles'
import { allCommands, disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { rolesQuery } from '../../src/web/model/database/roles/roles-data'
import { rolesState } from '../../src/web/model/database/roles/roles-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database role commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const made: string[] = []
  let ctx: HeadlessContext
  const roleName = (what: string) => {
    const n = `cmd_${what}_${suffix}`
    made.push(n)
    return n
  }

  const pgRole = async (name: string) =>
    (await ctx.api.query<{ rolcanlogin: boolean; rolcreaterole: boolean; rolcreatedb: boolean }>(
      ref, `select rolcanlogin, rolcreaterole, rolcreatedb from pg_roles where rolname = '${name}'`,
    ))[0]
  const idOf = async (name: string) => (await ctx.api.query<{ id: number }>(ref, `select oid::int as id from pg_roles where rolname = '${name}'`))[0]!.id

  beforeAll(() => {
    ctx = headlessContext(target, paths.databaseRoles(ref))
  })
  afterAll(async () => {
    for (const n of made) await ctx.api.query(ref, `drop table if exists public.${n}_t; drop role if exists ${n}`)
  })

  it('creates roles with the flags given', async () => {
    const name = roleName('create')
    await ctx.queryClient.fetchQuery(rolesQuery(ctx.api, ref)) // as the page holds it
    const role = await run('database.role.create', { name, can_login: true, can_create_db: true, password: 'pw' })
    expect(role).toMatchObject({ name, can_login: true, can_create_db: true, can_create_role: false })
    expect(await pgRole(name)).toEqual({ rolcanlogin: true, rolcreaterole: false, rolcreatedb: true })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created role ${name}` })
    const roles = ctx.queryClient.getQueryData(rolesQuery(ctx.api, ref).queryKey)
    expect(roles?.some((r) => r.name === name)).toBe(true)

    await expect(run('database.role.create', { name: roleName('pw'), password: 'pw' })).rejects.toThrow('Only a role that can login uses a password')
    await expect(run('database.role.create', { name: 'service_role' })).rejects.toThrow('This name is reserved for a system role')
    await expect(run('database.role.create', { name: '' })).rejects.toThrow('Please provide a name for the role')
  })

  it('renames a role and changes its flags', async () => {
    const name = roleName('update')
    const renamed = roleName('renamed')
    const { id } = await run('database.role.create', { name })
    const updated = await run('database.role.update', { roleId: id, name: renamed, can_create_role: true })
    expect(updated).toMatchObject({ id, name: renamed, can_create_role: true })
    expect(await pgRole(renamed)).toEqual({ rolcanlogin: false, rolcreaterole: true, rolcreatedb: false })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Saved role ${renamed}` })
    await run('database.role.update', { roleId: id, can_create_role: true })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'info', message: `Role ${renamed} is unchanged` })
  })

  it('toggles one grantable flag', async () => {
    const name = roleName('toggle')
    const { id } = await run('database.role.create', { name })
    await run('database.role.flag.toggle', { roleId: String(id), flag: 'can_login' })
    expect((await pgRole(name))?.rolcanlogin).toBe(true)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Can login: on for ${name}` })
    await run('database.role.flag.toggle', { roleId: id, flag: 'can_login' })
    await run('database.role.flag.toggle', { roleId: id, flag: 'can_create_db' })
    expect(await pgRole(name)).toEqual({ rolcanlogin: false, rolcreaterole: false, rolcreatedb: true })
    await expect(runUnchecked('database.role.flag.toggle', { roleId: id, flag: 'is_superuser' })).rejects.toThrow(/flag/)
  })

  it('deletes a role after confirmation, and keeps one that owns a table', async () => {
    const name = roleName('delete')
    const { id } = await run('database.role.create', { name })
    ctx.confirmAnswers.push(false)
    expect(await run('database.role.delete', { roleId: id })).toBe(false)
    expect(await pgRole(name)).toBeDefined()
    expect(await run('database.role.delete', { roleId: id })).toBe(true)
    expect(ctx.confirms.at(-1)).toMatchObject({ title: `Delete role ${name}`, confirmLabel: 'Delete role', destructive: true })
    expect(await pgRole(name)).toBeUndefined()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Deleted role ${name}` })
    await expect(run('database.role.delete', { roleId: id })).rejects.toThrow(`There is no role with id ${id}`)

    const owner = roleName('owner')
    const created = await run('database.role.create', { name: owner })
    await ctx.api.query(ref, `create table public.${owner}_t (id int); alter table public.${owner}_t owner to ${owner}`)
    // the refusal names what the role owns
    await expect(run('database.role.delete', { roleId: created.id })).rejects.toThrow(MSG.roleHasDependents(owner, [`owner of table public.${owner}_t`], 0))
    expect(await pgRole(owner)).toBeDefined()
  })

  it('refuses protected roles and superusers with the reason, and offers only the others', async () => {
    const superuser = roleName('su')
    await ctx.api.query(ref, `create role ${superuser} superuser`)
    for (const name of ['authenticated', 'postgres', 'pg_monitor']) {
      const roleId = await idOf(name)
      await expect(run('database.role.flag.toggle', { roleId, flag: 'can_login' })).rejects.toThrow(MSG.roleProtected(name))
      await expect(run('database.role.delete', { roleId })).rejects.toThrow(MSG.roleProtected(name))
      await expect(run('database.role.edit-dialog.open', { roleId })).rejects.toThrow(MSG.roleProtected(name))
    }
    await expect(run('database.role.update', { roleId: await idOf(superuser), can_login: true })).rejects.toThrow(MSG.superuserProtected(superuser))
    expect((await pgRole('authenticated'))?.rolcanlogin).toBe(false)
    const options = await getCommand('database.role.delete')!.argOptions!.roleId!(ctx, {})
    const names = options.map((o) => o.label)
    expect(names).not.toContain('anon')
    expect(names).not.toContain(superuser)
    expect(names).not.toContain('postgres')
  })

  it('opens the create and edit dialogs', async () => {
    await run('database.role.create-dialog.open')
    expect(rolesState.dialog).toEqual({ kind: 'create' })
    const { id } = await run('database.role.create', { name: roleName('dialog') })
    await run('database.role.edit-dialog.open', { roleId: id })
    expect(rolesState.dialog).toEqual({ kind: 'edit', roleId: id })
  })
})

/** Which commands show where, the URL search and the permission reasons: no database involved, so once. */
describe.each(targets().slice(0, 1))('database role commands (no database: once) on $name', (target) => {
  let ctx: HeadlessContext
  beforeAll(() => {
    ctx = headlessContext(target, paths.databaseRoles(ref))
  })

  it('lists its commands on the roles page only', async () => {
    const ids = allCommands().filter((c) => c.area === 'database').map((c) => c.id)
    expect(ids.sort()).toEqual([
      'database.role.create', 'database.role.create-dialog.open', 'database.role.delete', 'database.role.edit-dialog.open',
      'database.role.flag.toggle', 'database.role.update', 'database.roles.refresh', 'database.roles.search',
    ])
    await ctx.navigate({ to: paths.project(ref) })
    await expect(run('database.role.create-dialog.open')).rejects.toThrow('Create role is not available here')
    await ctx.navigate({ to: paths.databaseRoles(ref) })
  })

  it('searches the list through the URL', async () => {
    await run('database.roles.search', { search: ' anon ' })
    expect(ctx.location).toEqual({ pathname: paths.databaseRoles(ref), search: { search: 'anon' } })
    await run('database.roles.search', { search: '' })
    expect(ctx.location.search).toEqual({ search: undefined })
    await run('database.roles.refresh')
  })

  it('is disabled without tenant SQL admin write, with the reason', async () => {
    ctx.denied.add('tenantSqlAdminWrite')
    try {
      for (const id of ['database.role.create', 'database.role.update', 'database.role.flag.toggle', 'database.role.delete', 'database.role.create-dialog.open', 'database.role.edit-dialog.open']) {
        expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.noPermission('change roles'))
      }
      await expect(run('database.role.create', { name: 'cmd_denied_never_made' })).rejects.toThrow(MSG.noPermission('change roles'))
      expect(disabledReason(getCommand('database.roles.search')!, ctx)).toBeNull()
    } finally {
      ctx.denied.delete('tenantSqlAdminWrite')
    }
  })
})
