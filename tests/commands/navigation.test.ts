/** Navigation commands run headless against a real server: where each one lands, and the table picker. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/all'
import { getCommand, type ArgOption } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { paths } from '../../src/shared/routes'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('navigation commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const table = `nav_items_${suffix}`
  const schema = `nav_schema_${suffix}`
  let ctx: HeadlessContext

  beforeAll(async () => {
    ctx = headlessContext(target)
    await ctx.api.query(ref, `create table public.${table} (id int primary key); create schema ${schema}; create view ${schema}.report as select 1 as one`)
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop table public.${table}; drop schema ${schema} cascade`)
  })

  it('nav.table.open offers the tables and views of every user schema, public ones unprefixed', async () => {
    ctx = headlessContext(target)
    const pick = getCommand('nav.table.open')!.argOptions!.tableId!
    const options = (await pick(ctx, {})) as ArgOption[]
    const mine = options.find((o) => o.label === table)
    expect(mine).toMatchObject({ hint: 'table' })
    expect(options.find((o) => o.label === `${schema}.report`)).toMatchObject({ hint: 'view' })
    expect(options.some((o) => o.label?.startsWith('pg_catalog.') || o.label?.startsWith('storage.'))).toBe(false)

    await run('nav.table.open', { tableId: Number(mine!.value) })
    expect(ctx.location.pathname).toBe(paths.table(ref, mine!.value))
    expect(ctx.route).toMatchObject({ id: 'table-editor.table', params: { ref, tableId: mine!.value } })
  })
})

/** Where each command lands: only the in-memory navigation, no database, so run once (on the first target). */
describe.each(targets().slice(0, 1))('navigation commands (no database: once) on $name', (target) => {
  let ctx: HeadlessContext

  it('nav.project.go goes to the project home and drops the search', async () => {
    ctx = headlessContext(target, paths.tableEditor(ref))
    await ctx.navigate({ search: { schema: 'public' } })
    await run('nav.project.go')
    expect(ctx.location).toEqual({ pathname: paths.project(ref), search: {} })
  })

  it('nav.table-editor.go goes to the table editor', async () => {
    ctx = headlessContext(target)
    await run('nav.table-editor.go')
    expect(ctx.location.pathname).toBe(paths.tableEditor(ref))
    expect(ctx.route.id).toBe('table-editor')
  })

  it('nav.auth-policies.go and nav.database-roles.go go to the policies and roles pages', async () => {
    ctx = headlessContext(target)
    await run('nav.auth-policies.go')
    expect(ctx.route.id).toBe('auth.policies')
    expect(ctx.location.pathname).toBe(paths.authPolicies(ref))
    await run('nav.database-roles.go')
    expect(ctx.route.id).toBe('database.roles')
    expect(ctx.location.pathname).toBe(paths.databaseRoles(ref))
  })

  it('each Database page has its nav command, titled from the menu; /database opens Tables', async () => {
    ctx = headlessContext(target)
    await ctx.loadPage(`${paths.project(ref)}/database`)
    expect(ctx.location.pathname).toBe(paths.databaseTables(ref))
    const pages = {
      'nav.database-tables.go': ['database.tables', 'Go to Database: Tables'],
      'nav.database-schemas.go': ['database.schemas', 'Go to Database: Schema Visualizer'],
      'nav.database-functions.go': ['database.functions', 'Go to Database: Functions'],
      'nav.database-triggers.go': ['database.triggers', 'Go to Database: Triggers'],
      'nav.database-types.go': ['database.types', 'Go to Database: Enumerated Types'],
      'nav.database-extensions.go': ['database.extensions', 'Go to Database: Extensions'],
      'nav.database-indexes.go': ['database.indexes', 'Go to Database: Indexes'],
      'nav.database-replication.go': ['database.replication', 'Go to Database: Publications'],
      'nav.database-wrappers.go': ['database.wrappers', 'Go to Database: Wrappers'],
      'nav.database-migrations.go': ['database.migrations', 'Go to Database: Migrations'],
    } as const
    for (const [id, [route, title]] of Object.entries(pages)) {
      expect(getCommand(id)?.title).toBe(title)
      await run(id as keyof typeof pages)
      expect(ctx.route.id).toBe(route)
    }
  })

  it('nav.database-hooks.go is offered only where pg_net is installed', async () => {
    ctx = headlessContext(target)
    const hooks = getCommand('nav.database-hooks.go')!
    ctx.queryClient.setQueryData(['project', ref, 'extensions'], [{ name: 'pg_net', schema: null, default_version: '0.1', installed_version: null, comment: null }])
    expect(hooks.when?.(ctx)).toBe(false)
    ctx.queryClient.setQueryData(['project', ref, 'extensions'], [{ name: 'pg_net', schema: 'extensions', default_version: '0.1', installed_version: '0.1', comment: null }])
    expect(hooks.when?.(ctx)).toBe(true)
    await run('nav.database-hooks.go')
    expect(ctx.route.id).toBe('database.hooks')
  })

  it('each Logs page has its nav command, titled from the menu; /logs opens the explorer', async () => {
    ctx = headlessContext(target)
    await ctx.loadPage(`${paths.project(ref)}/logs`)
    expect(ctx.location.pathname).toBe(paths.logsExplorer(ref))
    const pages = {
      'nav.logs-explorer.go': ['logs.explorer', 'Go to Logs: Logs Explorer'],
      'nav.logs-explorer-recent.go': ['logs.explorer-recent', 'Go to Logs: Recent queries'],
      'nav.logs-explorer-templates.go': ['logs.explorer-templates', 'Go to Logs: Templates'],
      'nav.logs-edge.go': ['logs.edge', 'Go to Logs: Kong API'],
      'nav.logs-postgres.go': ['logs.postgres', 'Go to Logs: Postgres'],
      'nav.logs-postgrest.go': ['logs.postgrest', 'Go to Logs: PostgREST'],
      'nav.logs-auth.go': ['logs.auth', 'Go to Logs: Auth'],
      'nav.logs-storage.go': ['logs.storage', 'Go to Logs: Storage'],
    } as const
    for (const [id, [route, title]] of Object.entries(pages)) {
      expect(getCommand(id)?.title).toBe(title)
      await run(id as keyof typeof pages)
      expect(ctx.route.id).toBe(route)
    }
  })

  it('nav.storage.go goes to the storage buckets page, from any page, and drops the search', async () => {
    ctx = headlessContext(target, paths.sqlNew(ref))
    await ctx.navigate({ search: { q: 'x' } })
    await run('nav.storage.go')
    expect(ctx.location).toEqual({ pathname: paths.storageBuckets(ref), search: {} })
    expect(ctx.route.id).toBe('storage.buckets')
  })

  it('nav.api-settings.go goes to Project settings → API', async () => {
    ctx = headlessContext(target, paths.storageBuckets(ref))
    await run('nav.api-settings.go')
    expect(ctx.location).toEqual({ pathname: paths.apiSettings(ref), search: {} })
    expect(ctx.route).toMatchObject({ id: 'settings.api', params: { ref } })
    expect(ctx.history).toEqual([ctx.location])
  })

  it('nav.table.open needs a table id', async () => {
    ctx = headlessContext(target)
    await expect(runUnchecked('nav.table.open', {})).rejects.toMatchObject({ kind: 'invalid-args' })
    await expect(run('nav.table.open', { tableId: -1 })).rejects.toMatchObject({ kind: 'invalid-args' })
    expect(ctx.history).toEqual([])
  })
})
