/**
 * Enumerated type commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set); every change is read back from pg_enum (values in enumsortorder) and pg_type.
 * Each type carries a random suffix and is dropped at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/database-types'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { endpoints as e } from '../../src/shared/contract'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { keys } from '../../src/web/model/project/keys'
import { enumTypesQuery } from '../../src/web/model/table-editor/structure/column-types'
import { typesState } from '../../src/web/model/database/types/types-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('database enumerated type commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const made: string[] = []
  let ctx: HeadlessContext
  const typeName = (what: string) => {
    const n = `enum_${what}_${suffix}`
    made.push(n)
    return n
  }

  /** The type's values in enumsortorder, or undefined when there is no such type. */
  const pgValues = async (name: string) => {
    const rows = await ctx.api.query<{ values: string[] | null }>(
      ref,
      `select (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as values
       from pg_type t where t.typname = '${name}' and t.typnamespace = 'public'::regnamespace`,
    )
    return rows[0] ? rows[0].values ?? [] : undefined
  }

  beforeAll(() => {
    ctx = headlessContext(target, paths.databaseTypes(ref))
  })
  afterAll(async () => {
    for (const n of made) await ctx.api.query(ref, `drop table if exists public.${n}_t; drop type if exists public.${n} cascade`)
  })

  it('creates an enum with its values in order, and the column type pickers see it', async () => {
    const name = typeName('create')
    await ctx.queryClient.fetchQuery(enumTypesQuery(ctx.api, ref)) // as the table editor holds it
    const created = await run('database.type.create', { name, values: ['low', "it's", 'high'] })
    expect(created).toMatchObject({ name, schema: 'public', format: name, enums: ['low', "it's", 'high'] })
    expect(await pgValues(name)).toEqual(['low', "it's", 'high'])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Created type ${name}` })
    expect(ctx.queryClient.getQueryState(keys.enumTypes(ref))?.isInvalidated).toBe(false)
    const pickers = ctx.queryClient.getQueryData(enumTypesQuery(ctx.api, ref).queryKey)
    expect(pickers?.some((t) => t.name === name)).toBe(true)

    await expect(run('database.type.create', { name: typeName('dup'), values: ['a', 'a'] })).rejects.toThrow(MSG.typeValueDuplicate('a'))
    await expect(run('database.type.create', { name, values: ['x'] })).rejects.toThrow(`type "${name}" already exists`)
    await expect(runUnchecked('database.type.create', { name: typeName('none'), values: [] })).rejects.toThrow('Add at least one value')
  })

  it('adds values before, after and at the end, in enumsortorder', async () => {
    const name = typeName('add')
    const { id } = await run('database.type.create', { name, values: ['b', 'd'] })
    await run('database.type.value.add', { type: id, value: 'a', position: 'before', neighbour: 'b' })
    await run('database.type.value.add', { type: id, value: 'c', position: 'after', neighbour: 'b' })
    const last = await run('database.type.value.add', { type: id, value: 'e' })
    expect(last.enums).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(await pgValues(name)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Added e to type ${name}` })
    // a value added is usable at once (it ran outside a transaction)
    await ctx.api.query(ref, `create table public.${name}_t (v public.${name}); insert into public.${name}_t values ('e')`)

    await expect(run('database.type.value.add', { type: id, value: 'b' })).rejects.toThrow(MSG.typeValueExists('b'))
    await expect(run('database.type.value.add', { type: id, value: 'z', position: 'after', neighbour: 'nope' })).rejects.toThrow(MSG.typeValueMissing('nope'))
    await expect(run('database.type.value.add', { type: id, value: 'x'.repeat(64) })).rejects.toThrow('A value can be at most 63 bytes')
    expect(await pgValues(name)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('renames a value and the type', async () => {
    const name = typeName('rename')
    const renamed = typeName('renamed')
    const { id } = await run('database.type.create', { name, values: ['draft', 'published'] })
    await run('database.type.value.rename', { type: id, value: 'draft', to: 'pending review' })
    expect(await pgValues(name)).toEqual(['pending review', 'published'])
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Renamed value draft to pending review in type ${name}` })
    await expect(run('database.type.value.rename', { type: id, value: 'published', to: 'pending review' })).rejects.toThrow(MSG.typeValueExists('pending review'))

    const updated = await run('database.type.rename', { type: id, name: renamed })
    expect(updated).toMatchObject({ id, name: renamed })
    expect(await pgValues(name)).toBeUndefined()
    expect(await pgValues(renamed)).toEqual(['pending review', 'published'])
    await run('database.type.create', { name, values: ['x'] })
    await expect(run('database.type.rename', { type: id, name })).rejects.toThrow(`type "${name}" already exists`)
    expect(await pgValues(renamed)).toEqual(['pending review', 'published'])
  })

  it('deletes after the name is typed, and with CASCADE drops the columns of the type', async () => {
    const name = typeName('delete')
    const { id } = await run('database.type.create', { name, values: ['on', 'off'] })
    await ctx.api.query(ref, `create table public.${name}_t (id int, state public.${name})`)
    await expect(run('database.type.delete', { type: id, confirmation: 'wrong' })).rejects.toThrow(MSG.valueMismatch)
    await expect(run('database.type.delete', { type: id, confirmation: name })).rejects.toThrow(`cannot drop type ${name} because other objects depend on it. column state of table ${name}_t depends on type ${name}`)
    expect(await pgValues(name)).toEqual(['on', 'off'])

    await run('database.type.delete-dialog.open', { type: id })
    expect(typesState.dialog).toEqual({ kind: 'delete', typeId: id })
    expect(await run('database.type.delete', { type: id, confirmation: name, cascade: true })).toBe(true)
    expect(typesState.dialog).toBeNull()
    expect(await pgValues(name)).toBeUndefined()
    const columns = await ctx.api.query<{ column_name: string }>(ref, `select column_name from information_schema.columns where table_name = '${name}_t'`)
    expect(columns.map((c) => c.column_name)).toEqual(['id'])
    await expect(run('database.type.delete', { type: id, confirmation: name })).rejects.toThrow(MSG.typeNotFound(id))
  })

  it('lists only enums, filters by schema, and refuses platform schemas', async () => {
    const name = typeName('list')
    await ctx.api.query(ref, `create type public.${name}_pair as (a int, b text)`)
    made.push(`${name}_pair`)
    await run('database.type.create', { name, values: ['x'] })
    const enums = await ctx.api.call(e.types, { params: { ref }, query: { schema: 'public', enums_only: true } })
    expect(enums.some((t) => t.name === name)).toBe(true)
    expect(enums.some((t) => t.name === `${name}_pair`)).toBe(false)
    const all = await ctx.api.call(e.types, { params: { ref }, query: { schema: 'public' } })
    expect(all.find((t) => t.name === `${name}_pair`)?.attributes.map((a) => a.name)).toEqual(['a', 'b'])
    const body = { name: 'x', schema: 'auth', values: ['a'] }
    await expect(ctx.api.call(e.createType, { params: { ref }, body })).rejects.toThrow(MSG.typeProtectedSchema('auth'))
  })

  it('opens the dialogs and searches through the URL', async () => {
    await run('database.type.create-dialog.open')
    expect(typesState.dialog).toEqual({ kind: 'create' })
    const { id } = await run('database.type.create', { name: typeName('dialog'), values: ['a'] })
    await run('database.type.edit-dialog.open', { type: id })
    expect(typesState.dialog).toEqual({ kind: 'edit', typeId: id })
    await run('database.types.search', { search: ' dialog ' })
    expect(ctx.location.search).toMatchObject({ search: 'dialog' })
    await run('database.types.search', { search: '' })
    expect(ctx.location.search.search).toBeUndefined()
  })
})

/** The permission reasons: no database involved, so once. */
describe.each(targets().slice(0, 1))('database enumerated type commands (no database: once) on $name', (target) => {
  it('is disabled without tenant SQL admin write, with the reason', async () => {
    const ctx = headlessContext(target, paths.databaseTypes(ref))
    ctx.denied.add('tenantSqlAdminWrite')
    for (const id of ['database.type.create', 'database.type.rename', 'database.type.value.add', 'database.type.value.rename', 'database.type.delete', 'database.type.create-dialog.open']) {
      expect(disabledReason(getCommand(id)!, ctx)).toBe(MSG.noPermission('change types'))
    }
    await expect(run('database.type.create', { name: 'never_made', values: ['a'] })).rejects.toThrow(MSG.noPermission('change types'))
    expect(disabledReason(getCommand('database.types.search')!, ctx)).toBeNull()
  })
})
