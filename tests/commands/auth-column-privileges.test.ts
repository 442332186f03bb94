/**
 * Authentication → Column privileges commands, run headless against a real server (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set): pick a table, stage grants, revokes, toggles and the switch from a
 * table-level grant, then apply the batch; each result checked with the database's own has_column_privilege.
 * The commands are offered only with the feature flag on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/auth-column-privileges'
import { disabledReason, getCommand, isAvailable } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { setColumnPrivilegesFlag } from '../../src/web/model/auth/features'
import { changesOf } from '../../src/web/model/auth/column-privileges-rules'
import { columnPrivilegesState } from '../../src/web/model/auth/column-privileges-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('auth column privileges commands on $name', (target) => {
  const table = `cp_cmd_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext
  let id = 0

  const can = async (role: string, column: string, privilege: string) =>
    (await ctx.api.query<{ ok: boolean }>(ref, `select has_column_privilege('${role}', 'public.${table}', '${column}', '${privilege}') as ok`))[0]!.ok

  beforeAll(async () => {
    ctx = headlessContext(target, paths.authColumnPrivileges(ref))
    // a new table in public: anon and authenticated get everything on it by the default privileges
    await ctx.api.query(ref, `create table public.${table} (id int primary key, email text, secret text)`)
    id = (await ctx.api.query<{ id: number }>(ref, `select 'public.${table}'::regclass::oid::int as id`))[0]!.id
    setColumnPrivilegesFlag(true)
  })
  afterAll(async () => {
    setColumnPrivilegesFlag(false)
    await ctx.api.query(ref, `drop table if exists public.${table}`)
  })

  it('is offered only with the feature flag on', () => {
    setColumnPrivilegesFlag(false)
    expect(isAvailable(getCommand('auth.column-privileges.table.pick')!, ctx)).toBe(false)
    setColumnPrivilegesFlag(true)
    expect(isAvailable(getCommand('auth.column-privileges.table.pick')!, ctx)).toBe(true)
  })

  it('picks a schema: the table picked before is let go', async () => {
    await run('auth.column-privileges.table.pick', { tableId: id })
    await run('auth.column-privileges.schema.set', { schema: 'auth' })
    expect(ctx.location.search).toMatchObject({ schema: 'auth' })
    expect(ctx.location.search.table).toBeUndefined()
    await run('auth.column-privileges.schema.set', { schema: 'public' })
    expect(ctx.location.search).toMatchObject({ schema: 'public' })
  })

  it('picks a table, whose table-level grants lock its columns', async () => {
    expect(disabledReason(getCommand('auth.column-privilege.toggle')!, ctx)).toBe('Pick a table first')
    const t = await run('auth.column-privileges.table.pick', { tableId: id })
    expect(ctx.location.search).toMatchObject({ schema: 'public' })
    expect(Number(ctx.location.search.table)).toBe(id)
    expect(t.table_grants.anon).toEqual(['SELECT', 'INSERT', 'UPDATE'])
    await expect(run('auth.column-privilege.toggle', { role: 'anon', privilege: 'SELECT', column: 'secret' })).rejects.toThrow(
      MSG.columnPrivilegesTableLevel('anon', 'SELECT'),
    )
    await expect(runUnchecked('auth.column-privilege.toggle', { role: 'service_role', privilege: 'SELECT', column: 'secret' })).rejects.toThrow(MSG.columnPrivilegesRole)
  })

  it('switches anon SELECT to column-level after a confirm, hides a column, and applies it in one batch', async () => {
    ctx.confirmAnswers.push(false)
    expect(await run('auth.column-privileges.switch', { role: 'anon', privilege: 'SELECT' })).toBe(false)
    expect(Object.keys(columnPrivilegesState.staged.table)).toEqual([])

    expect(await run('auth.column-privileges.switch', { role: 'anon', privilege: 'SELECT' })).toBe(true)
    expect(ctx.confirms.at(-1)?.title).toBe('Switch SELECT of anon to column-level')
    const view = await run('auth.column-privilege.toggle', { role: 'anon', privilege: 'SELECT', column: 'secret' })
    expect(view).toEqual({ state: 'none', staged: true, inherited: false })
    // nothing runs before apply
    expect(await can('anon', 'secret', 'SELECT')).toBe(true)
    const after = await run('auth.column-privileges.apply')
    expect(after.table_grants.anon).toEqual(['INSERT', 'UPDATE'])
    expect(after.columns.map((c) => c.grants.anon)).toEqual([['SELECT'], ['SELECT'], []])
    expect(await can('anon', 'secret', 'SELECT')).toBe(false)
    expect(await can('anon', 'email', 'SELECT')).toBe(true)
    expect(await can('authenticated', 'secret', 'SELECT')).toBe(true)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Applied 2 statements to public.${table}` })
    expect(disabledReason(getCommand('auth.column-privileges.apply')!, ctx)).toBe(MSG.columnPrivilegesNoChanges)
  })

  it('grants and revokes on columns and on the whole table, and discards what was staged', async () => {
    await run('auth.column-privilege.grant', { role: 'anon', privilege: 'SELECT', column: 'secret' })
    await run('auth.column-privilege.revoke', { role: 'anon', privilege: 'SELECT', column: 'email' })
    await run('auth.column-privileges.discard')
    expect(changesOf((await run('auth.column-privileges.refresh')), columnPrivilegesState.staged)).toEqual([])

    // authenticated: UPDATE only on email (the whole-table grant revoked, email granted back)
    await run('auth.column-privilege.revoke', { role: 'authenticated', privilege: 'UPDATE' })
    await run('auth.column-privilege.grant', { role: 'authenticated', privilege: 'UPDATE', column: 'email' })
    await run('auth.column-privileges.apply')
    expect(await can('authenticated', 'email', 'UPDATE')).toBe(true)
    expect(await can('authenticated', 'secret', 'UPDATE')).toBe(false)
    expect(await can('authenticated', 'id', 'UPDATE')).toBe(false)

    // grant on the whole table again: every column
    await run('auth.column-privilege.grant', { role: 'authenticated', privilege: 'UPDATE' })
    await run('auth.column-privileges.apply')
    expect(await can('authenticated', 'secret', 'UPDATE')).toBe(true)
    await expect(runUnchecked('auth.column-privilege.grant', { role: 'anon', privilege: 'SELECT', column: 'nope' })).rejects.toThrow(
      MSG.columnPrivilegesUnknownColumn('nope', `public.${table}`),
    )
  })

  it('keeps protected schemas read-only and needs the write permission', async () => {
    const users = (await ctx.api.query<{ id: number }>(ref, `select 'auth.users'::regclass::oid::int as id`))[0]!.id
    await run('auth.column-privileges.table.pick', { tableId: users })
    expect(disabledReason(getCommand('auth.column-privilege.toggle')!, ctx)).toBe(MSG.protectedSchema('auth'))
    await run('auth.column-privileges.table.pick', { tableId: id })
    ctx.denied.add('tenantSqlAdminWrite')
    try {
      expect(disabledReason(getCommand('auth.column-privilege.grant')!, ctx)).toBe(MSG.noPermission('change column privileges'))
    } finally {
      ctx.denied.delete('tenantSqlAdminWrite')
    }
  })
})
