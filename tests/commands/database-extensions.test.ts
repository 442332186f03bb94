/**
 * Database extension commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set); every change is read back from pg_extension. On PGlite the extensions it ships
 * are registered at start, so `create extension` works there as on a server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-extensions'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { extensionsState } from '../../src/web/model/database/extensions/extensions-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database extension commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const schema = `ext_${suffix}`
  let ctx: HeadlessContext
  /** pg_trgm was there before the test (PostgreSQL's shared test database): leave it alone */
  let trgmBefore = false

  const pgExtension = async (name: string) =>
    (await ctx.api.query<{ schema: string; version: string }>(
      ref, `select n.nspname as schema, e.extversion as version from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = '${name}'`,
    ))[0]

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseExtensions(ref))
    trgmBefore = (await pgExtension('pg_trgm')) !== undefined
  })
  afterAll(async () => {
    if (!trgmBefore) await ctx.api.query(ref, 'drop extension if exists pg_trgm cascade')
    await ctx.api.query(ref, `drop schema if exists ${schema} cascade; drop schema if exists ${schema}_b cascade`)
  })

  it('lists the extensions the database offers, pg_trgm, pgcrypto and uuid-ossp among them', async () => {
    const names = (await ctx.api.query<{ name: string }>(ref, 'select name from pg_available_extensions')).map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['pg_trgm', 'pgcrypto', 'uuid-ossp', 'hstore', 'citext', 'ltree', 'fuzzystrmatch']))
  })

  it('enables pg_trgm into a new schema, moves it, then disables it with cascade', async ({ skip }) => {
    if (trgmBefore) skip('pg_trgm is already enabled in this database')
    const enabled = await run('database.extension.enable', { name: 'pg_trgm', schema })
    expect(enabled).toMatchObject({ name: 'pg_trgm', schema })
    expect(await pgExtension('pg_trgm')).toMatchObject({ schema })
    expect(ctx.toasts.at(-1)?.message).toMatch(new RegExp(`^Enabled extension pg_trgm \\(version .+\\) in schema ${schema}$`))
    const [row] = await ctx.api.query<{ s: number }>(ref, `select ${schema}.similarity('postgres', 'postgre') as s`)
    expect(row?.s).toBeGreaterThan(0.5)
    await expect(run('database.extension.enable', { name: 'pg_trgm' })).rejects.toThrow(MSG.extensionAlreadyEnabled('pg_trgm', schema))

    await run('database.extension.schema.set', { name: 'pg_trgm', schema: `${schema}_b` })
    expect(await pgExtension('pg_trgm')).toMatchObject({ schema: `${schema}_b` })

    // an index using its operator class depends on it: the first drop is refused, the second confirm cascades
    await ctx.api.query(ref, `create table ${schema}.words (w text); create index on ${schema}.words using gin (w ${schema}_b.gin_trgm_ops)`)
    ctx.confirms.length = 0
    expect(await run('database.extension.disable', { name: 'pg_trgm' })).toBe(true)
    expect(ctx.confirms.map((c) => c.confirmLabel)).toEqual(['Disable extension', 'Disable with dependents'])
    expect(ctx.confirms[1]?.description).toContain(MSG.extensionCascadeWarning)
    expect(await pgExtension('pg_trgm')).toBeUndefined()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: 'Disabled extension pg_trgm' })
  })

  it('enables into the extensions schema by default and asks before disabling', async () => {
    const name = 'fuzzystrmatch'
    if (await pgExtension(name)) return
    await run('database.extension.enable', { name })
    expect(await pgExtension(name)).toMatchObject({ schema: 'extensions' })
    ctx.confirmAnswers.push(false)
    expect(await run('database.extension.disable', { name })).toBe(false)
    expect(await pgExtension(name)).toBeDefined()
    expect(await run('database.extension.disable', { name, cascade: true })).toBe(true)
    expect(await pgExtension(name)).toBeUndefined()
  })

  it('refuses what cannot be done, with the reason', async () => {
    await expect(run('database.extension.enable', { name: 'no_such_extension' })).rejects.toThrow(MSG.extensionNotAvailable('no_such_extension'))
    await expect(run('database.extension.disable', { name: 'plpgsql' })).rejects.toThrow(MSG.extensionPlpgsql)
    await expect(run('database.extension.enable', { name: 'citext', schema: 'pg_catalog' })).rejects.toThrow(MSG.extensionSchemaRefused('pg_catalog'))
    ctx.denied.add('tenantSqlAdminWrite')
    expect(disabledReason(getCommand('database.extension.enable')!, ctx)).toBe(MSG.noPermission('change extensions'))
    ctx.denied.delete('tenantSqlAdminWrite')
  })

  it('search, filter and the enable dialog go through the URL and the page state', async () => {
    await run('database.extensions.search', { search: 'trgm' })
    await run('database.extensions.filter', { filter: 'installed' })
    expect(ctx.location.search).toMatchObject({ search: 'trgm', filter: 'installed' })
    await run('database.extensions.filter', { filter: 'all' })
    expect(ctx.location.search).not.toHaveProperty('filter')
    await run('database.extension.enable-dialog.open', { name: 'hstore' })
    expect(extensionsState.enabling).toBe('hstore')
    extensionsState.enabling = null
  })

  it.runIf(target.name === 'pglite')('creates every extension PGlite ships', async () => {
    const rows = await ctx.api.query<{ name: string }>(ref, 'select name from pg_available_extensions where installed_version is null order by name')
    const skip = new Set(['plpgsql'])
    for (const { name } of rows) {
      if (skip.has(name)) continue
      await ctx.api.query(ref, `create extension "${name}" schema extensions cascade; drop extension "${name}" cascade`)
    }
    if (rows.some((r) => r.name === 'vector')) {
      await ctx.api.query(ref, 'create extension vector schema extensions')
      const [row] = await ctx.api.query<{ d: number }>(ref, `select '[1,2,3]'::extensions.vector operator(extensions.<->) '[1,2,4]'::extensions.vector as d`)
      expect(row?.d).toBe(1)
      await ctx.api.query(ref, 'drop extension vector')
    }
  })
})
