/**
 * Foreign data wrapper commands, run headless against a real server. On PostgreSQL (TEST_DATABASE_URL) a
 * postgres_fdw server points at the same local server (127.0.0.1:5432, database test), a schema is imported
 * and read through a foreign table; pg_foreign_server is checked afterwards. PGlite has no postgres_fdw: the
 * commands say which extension is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-wrappers'
import '../../commands/database-extensions'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { endpoints as e } from '../../src/shared/contract'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database wrapper commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const server = `srv_${suffix}`
  const remote = `fdw_remote_${suffix}`
  const local = `fdw_local_${suffix}`
  let ctx: HeadlessContext
  let fdwBefore = false

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseWrappers(ref))
    fdwBefore = (await ctx.api.query(ref, `select 1 from pg_extension where extname = 'postgres_fdw'`)).length > 0
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop server if exists ${server} cascade; drop schema if exists ${remote} cascade; drop schema if exists ${local} cascade`)
  })

  it.runIf(target.name === 'pglite')('says postgres_fdw is missing on PGlite', async () => {
    const data = await ctx.api.call(e.foreignData, { params: { ref } })
    expect(data.postgres_fdw).toEqual({ available: false, installed: false })
    await expect(run('database.wrapper.server.create-dialog.open')).rejects.toThrow(MSG.fdwNotAvailable)
    await expect(
      run('database.wrapper.server.create', { name: server, host: '127.0.0.1', dbname: 'test', user: 'postgres' }),
    ).rejects.toThrow(MSG.fdwNotAvailable)
    // the server answers the same, for a client that skips the command
    await expect(
      ctx.api.call(e.createForeignServer, { params: { ref }, body: { name: server, host: '127.0.0.1', dbname: 'test', user: 'postgres' } }),
    ).rejects.toThrow(MSG.fdwNotAvailable)
  })

  it.runIf(target.name === 'postgres')('creates a postgres_fdw server, imports a schema, reads through it, deletes it', async () => {
    if (!fdwBefore) {
      await expect(run('database.wrapper.server.create-dialog.open')).rejects.toThrow(MSG.fdwNotInstalled)
      await run('database.extension.enable', { name: 'postgres_fdw' })
    }
    await ctx.api.query(ref, `create schema ${remote}; create table ${remote}.items (id int primary key, label text); insert into ${remote}.items values (1, 'one'), (2, 'two')`)
    const created = await run('database.wrapper.server.create', { name: server, host: '127.0.0.1', port: 5432, dbname: 'test', user: 'postgres', password: 'secret-pw' })
    expect(created).toMatchObject({ name: server, wrapper: 'postgres_fdw' })
    expect(created.options).toEqual(expect.arrayContaining(['host=127.0.0.1', 'port=5432', 'dbname=test']))
    const [srv] = await ctx.api.query<{ srvname: string; srvoptions: string[] }>(ref, `select srvname, srvoptions from pg_foreign_server where srvname = '${server}'`)
    expect(srv?.srvoptions).toEqual(['host=127.0.0.1', 'port=5432', 'dbname=test'])

    // no secret leaves the server
    const data = await ctx.api.call(e.foreignData, { params: { ref } })
    const mapping = data.user_mappings.find((m) => m.server === server)
    expect(mapping?.options).toEqual(['user=postgres'])
    expect(JSON.stringify(data)).not.toContain('secret-pw')

    const tables = await run('database.wrapper.schema.import', { server, remote_schema: remote, local_schema: local })
    expect(tables).toEqual([`${local}.items`])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Imported 1 foreign table into ${local}` })
    // trust auth: the superuser's mapping needs no password; drop the one given so the connection is made without it
    await ctx.api.query(ref, `alter user mapping for current_user server ${server} options (drop password)`)
    const rows = await ctx.api.query<{ id: number; label: string }>(ref, `select id, label from ${local}.items order by id`)
    expect(rows).toEqual([{ id: 1, label: 'one' }, { id: 2, label: 'two' }])

    // the user mapping and the foreign table depend on it: asked twice, then dropped with cascade
    ctx.confirms.length = 0
    expect(await run('database.wrapper.server.delete', { server })).toBe(true)
    expect(ctx.confirms.map((c) => c.confirmLabel)).toEqual(['Delete server', 'Delete with dependents'])
    expect(await ctx.api.query(ref, `select 1 from pg_foreign_server where srvname = '${server}'`)).toEqual([])
    expect(await ctx.api.query(ref, `select 1 from pg_class where relname = 'items' and relnamespace = '${local}'::regnamespace`)).toEqual([])
    if (!fdwBefore) await ctx.api.query(ref, 'drop extension if exists postgres_fdw cascade')
  })
})
