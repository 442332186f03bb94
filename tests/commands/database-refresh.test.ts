/**
 * The Database pages' smaller commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): each page's refresh reads again what changed behind its back (a change made
 * with plain SQL, as the SQL editor would), the enum schema switch, the migration view toggle, updating an
 * extension, and the import dialog's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/all'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { extensionsQuery } from '../../src/web/model/database/extensions-query'
import { indexesQuery } from '../../src/web/model/database/indexes/indexes-data'
import { migrationsState } from '../../src/web/model/database/migrations/migrations-state'
import { publicationsQuery } from '../../src/web/model/database/replication/publications-data'
import { tableSummariesQuery } from '../../src/web/model/database/tables/tables-data'
import { enumsQuery } from '../../src/web/model/database/types/types-data'
import { foreignDataQuery } from '../../src/web/model/database/wrappers/wrappers-data'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('Database page commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const schema = `refresh_${suffix}`
  let ctx: HeadlessContext

  const at = async (path: string) => {
    ctx = headlessContext(target)
    await ctx.loadPage(path)
  }

  beforeAll(async () => {
    ctx = headlessContext(target)
    await ctx.api.query(ref, `create schema ${schema}; create table ${schema}.first (id int primary key, body text)`)
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop publication if exists pub_${suffix}; drop schema ${schema} cascade`)
  })

  it('database.tables.refresh lists a table made in SQL meanwhile', async () => {
    await at(paths.databaseTables(ref, { schema }))
    const query = tableSummariesQuery(ctx.api, ref, schema)
    expect((await ctx.queryClient.fetchQuery(query)).map((t) => t.name)).toEqual(['first'])
    await ctx.api.query(ref, `create table ${schema}.second (id int)`)
    await run('database.tables.refresh')
    expect(ctx.queryClient.getQueryData(query.queryKey)?.map((t) => t.name)).toEqual(['first', 'second'])
  })

  it('database.indexes.refresh lists an index made in SQL meanwhile', async () => {
    await at(paths.databaseIndexes(ref, { schema }))
    const query = indexesQuery(ctx.api, ref, schema)
    expect((await ctx.queryClient.fetchQuery(query)).map((i) => i.name)).toEqual(['first_pkey'])
    await ctx.api.query(ref, `create index first_body_idx on ${schema}.first (body)`)
    await run('database.indexes.refresh')
    expect(ctx.queryClient.getQueryData(query.queryKey)?.map((i) => i.name).sort()).toEqual(['first_body_idx', 'first_pkey'])
  })

  it('database.types.refresh lists an enum made in SQL meanwhile; database.types.schema.set shows another schema', async () => {
    await at(paths.databaseTypes(ref))
    await run('database.types.schema.set', { schema })
    expect(ctx.location.search).toMatchObject({ schema })
    await expect(run('database.types.schema.set', { schema: '' })).rejects.toThrow('Pick a schema')

    const query = enumsQuery(ctx.api, ref, schema)
    expect(await ctx.queryClient.fetchQuery(query)).toEqual([])
    await ctx.api.query(ref, `create type ${schema}.mood as enum ('sad', 'ok')`)
    await run('database.types.refresh')
    expect(ctx.queryClient.getQueryData(query.queryKey)?.map((t) => [t.name, t.enums])).toEqual([['mood', ['sad', 'ok']]])
  })

  it('database.publications.refresh lists a publication made in SQL meanwhile', async () => {
    await at(paths.databaseReplication(ref))
    const query = publicationsQuery(ctx.api, ref)
    const before = await ctx.queryClient.fetchQuery(query)
    expect(before.some((p) => p.name === `pub_${suffix}`)).toBe(false)
    await ctx.api.query(ref, `create publication pub_${suffix} for table ${schema}.first`)
    await run('database.publications.refresh')
    const mine = ctx.queryClient.getQueryData(query.queryKey)?.find((p) => p.name === `pub_${suffix}`)
    expect(mine?.tables?.map((t) => `${t.schema}.${t.name}`)).toEqual([`${schema}.first`])
  })

  it('database.extensions.refresh and database.extension.update: an extension enabled in SQL shows, and updating it keeps its version', async () => {
    await at(paths.databaseExtensions(ref))
    const query = extensionsQuery(ctx.api, ref)
    const installed = (list?: { name: string; installed_version: string | null }[]) => list?.find((x) => x.name === 'plpgsql')?.installed_version
    expect(installed(await ctx.queryClient.fetchQuery(query))).toBeTruthy()
    await run('database.extensions.refresh')
    const version = installed(ctx.queryClient.getQueryData(query.queryKey))
    expect(version).toBeTruthy()

    const updated = await run('database.extension.update', { name: 'plpgsql' })
    expect(updated.installed_version).toBe(version)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Extension plpgsql is already at version ${version}` })
  })

  it('database.wrappers.refresh reads the wrappers again; the import dialog refuses a server that is not there', async () => {
    await at(paths.databaseWrappers(ref))
    const query = foreignDataQuery(ctx.api, ref)
    const before = await ctx.queryClient.fetchQuery(query)
    await run('database.wrappers.refresh')
    const after = ctx.queryClient.getQueryData(query.queryKey)
    expect(after?.postgres_fdw).toEqual(before.postgres_fdw)
    const fdw = after!.postgres_fdw
    const refusal = !fdw.available ? MSG.fdwNotAvailable : !fdw.installed ? MSG.fdwNotInstalled : MSG.foreignServerNotFound(`nope_${suffix}`)
    await expect(run('database.wrapper.schema.import-dialog.open', { server: `nope_${suffix}` })).rejects.toThrow(refusal)
  })

  it('database.migration.view.toggle switches between the changes and the whole SQL', async () => {
    await at(paths.databaseMigrations(ref))
    const start = migrationsState.view
    const next = start === 'diff' ? 'sql' : 'diff'
    expect(await run('database.migration.view.toggle')).toBe(next)
    expect(migrationsState.view).toBe(next)
    expect(await run('database.migration.view.toggle')).toBe(start)
  })
})
