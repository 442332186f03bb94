/**
 * Database publication commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set); every change is read back from pg_publication and pg_publication_rel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-publications'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { publicationsState } from '../../src/web/model/database/replication/publications-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database publication commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const schema = `pub_${suffix}`
  const made: string[] = []
  let ctx: HeadlessContext
  const pubName = (what: string) => {
    const n = `pub_${what}_${suffix}`
    made.push(n)
    return n
  }

  const pgPublication = async (name: string) =>
    (await ctx.api.query<{ puballtables: boolean; pubinsert: boolean; pubupdate: boolean; pubdelete: boolean; pubtruncate: boolean }>(
      ref, `select puballtables, pubinsert, pubupdate, pubdelete, pubtruncate from pg_publication where pubname = '${name}'`,
    ))[0]
  const pgTables = async (name: string) =>
    (await ctx.api.query<{ t: string }>(
      ref, `select c.relname as t from pg_publication_rel r join pg_publication p on p.oid = r.prpubid join pg_class c on c.oid = r.prrelid where p.pubname = '${name}' order by 1`,
    )).map((r) => r.t)

  beforeAll(async () => {
    ctx = headlessContext(target, paths.databaseReplication(ref))
    await ctx.api.query(ref, `create schema ${schema}; create table ${schema}.a (id int primary key); create table ${schema}.b (id int primary key); create table ${schema}.c (id int primary key)`)
  })
  afterAll(async () => {
    for (const n of made) await ctx.api.query(ref, `drop publication if exists ${n}`)
    await ctx.api.query(ref, `drop schema if exists ${schema} cascade`)
  })

  it('creates a publication for chosen tables with chosen operations', async () => {
    const name = pubName('some')
    const p = await run('database.publication.create', { name, tables: [`${schema}.a`, `${schema}.b`], truncate: false })
    expect(p).toMatchObject({ name, publish_insert: true, publish_update: true, publish_delete: true, publish_truncate: false })
    expect(p.tables?.map((t) => `${t.schema}.${t.name}`)).toEqual([`${schema}.a`, `${schema}.b`])
    expect(await pgPublication(name)).toEqual({ puballtables: false, pubinsert: true, pubupdate: true, pubdelete: true, pubtruncate: false })
    expect(await pgTables(name)).toEqual(['a', 'b'])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created publication ${name} (2 tables)` })
  })

  it('creates one for all tables, whose tables cannot be chosen', async () => {
    const name = pubName('all')
    const p = await run('database.publication.create', { name, all_tables: true, delete: false })
    expect(p.tables).toBeNull()
    expect(await pgPublication(name)).toMatchObject({ puballtables: true, pubdelete: false })
    await expect(run('database.publication.update', { publicationId: p.id, tables: [`${schema}.a`] })).rejects.toThrow(MSG.publicationAllTables(name))
    await expect(run('database.publication.tables-dialog.open', { publicationId: p.id })).rejects.toThrow(MSG.publicationAllTables(name))
  })

  it('changes operations and the set of tables, and renames', async () => {
    const name = pubName('change')
    const renamed = pubName('renamed')
    const p = await run('database.publication.create', { name, tables: `${schema}.a` })
    await run('database.publication.operation.toggle', { publicationId: p.id, operation: 'update' })
    expect(await pgPublication(name)).toMatchObject({ pubupdate: false, pubinsert: true })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Update: off for ${name}` })
    await run('database.publication.update', { publicationId: p.id, tables: [`${schema}.b`, `${schema}.c`], insert: false })
    expect(await pgTables(name)).toEqual(['b', 'c'])
    expect(await pgPublication(name)).toMatchObject({ pubinsert: false })
    await run('database.publication.update', { publicationId: p.id, tables: [] })
    expect(await pgTables(name)).toEqual([])
    await run('database.publication.update', { publicationId: p.id, name: renamed })
    expect(await pgPublication(renamed)).toBeDefined()
    await run('database.publication.update', { publicationId: p.id, name: renamed })
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'info', message: `Publication ${renamed} is unchanged` })
    await run('database.publication.tables-dialog.open', { publicationId: p.id })
    expect(publicationsState.dialog).toEqual({ kind: 'tables', id: p.id })
    publicationsState.dialog = null
  })

  it('deletes a publication once confirmed', async () => {
    const name = pubName('delete')
    const p = await run('database.publication.create', { name, tables: [] })
    ctx.confirmAnswers.push(false)
    expect(await run('database.publication.delete', { publicationId: p.id })).toBe(false)
    expect(await pgPublication(name)).toBeDefined()
    expect(await run('database.publication.delete', { publicationId: String(p.id) })).toBe(true)
    expect(await pgPublication(name)).toBeUndefined()
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Deleted publication ${name}` })
  })

  it('refuses unknown tables and users who may not write', async () => {
    await expect(run('database.publication.create', { name: pubName('bad'), tables: [`${schema}.nope`] })).rejects.toThrow(MSG.publicationTableNotFound(`${schema}.nope`))
    await expect(run('database.publication.create', { name: '' })).rejects.toThrow('Please provide a name for the publication')
    ctx.denied.add('tenantSqlAdminWrite')
    expect(disabledReason(getCommand('database.publication.create')!, ctx)).toBe(MSG.noPermission('change publications'))
    ctx.denied.delete('tenantSqlAdminWrite')
  })
})
