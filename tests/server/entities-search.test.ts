/**
 * GET entities/search: relations of every user schema in one call, for the palette's table picker;
 * exact names first, then prefixes, then the rest, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Entity } from '../../src/shared/api'
import { EXCLUDED_SCHEMAS, INTERNAL_SCHEMAS } from '../../src/shared/constants'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('searching relations across schemas on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const token = unique('zq')
  const other = unique('srch')
  const at = (e: Entity) => `${e.schema}.${e.name}`

  beforeAll(() =>
    c.sql(`
      create schema ${other};
      create table public.${token} (id int);
      create view ${other}.${token} as select 1 as one;
      create table public.${token}_orders (id int);
      create materialized view ${other}.${token}_b as select 1 as one;
      create table public.x_${token} (id int, at date) partition by range (at);
      create table storage.${token}_hidden (id int);
      create view ${other}.unrelated as select 1 as one;`),
  )
  afterAll(() =>
    c.sql(`drop schema ${other} cascade; drop table public.${token}, public.${token}_orders, public.x_${token}, storage.${token}_hidden`),
  )

  it('finds names holding the text in every user schema: exact first, then prefixes, then the rest, public first', async () => {
    const found = await api.searchEntities(REF, { search: token })
    expect(found.data.map(at)).toEqual([
      `public.${token}`, `${other}.${token}`, `public.${token}_orders`, `${other}.${token}_b`, `public.x_${token}`,
    ])
    expect(found.count).toBe(5)
    expect(found.data.map((e) => e.type)).toEqual(['table', 'view', 'table', 'materialized view', 'partitioned table'])
    const table = await api.table(REF, found.data[0]!.id)
    expect(found.data[0]).toEqual({ id: table.id, schema: 'public', name: token, comment: null, type: 'table', rls_enabled: false })
  })

  it('ignores case and surrounding spaces, limits the answer but counts every match', async () => {
    const lower = await api.searchEntities(REF, { search: token })
    expect(await api.searchEntities(REF, { search: `  ${token.toUpperCase()} ` })).toEqual(lower)
    const two = await api.searchEntities(REF, { search: token, limit: 2 })
    expect(two).toEqual({ data: lower.data.slice(0, 2), count: 5 })
  })

  it('matches schema.name too, as the palette shows a relation outside public', async () => {
    const qualified = await api.searchEntities(REF, { search: `${other.toUpperCase()}.${token}` })
    expect(qualified.data.map(at)).toEqual([`${other}.${token}`, `${other}.${token}_b`])
    const inSchema = await api.searchEntities(REF, { search: other })
    // all of the schema's relations start with its name: by name
    expect(inSchema.data.map(at)).toEqual([`${other}.unrelated`, `${other}.${token}`, `${other}.${token}_b`])
  })

  it('narrows to the kinds asked for (a policy goes on tables)', async () => {
    const tables = await api.searchEntities(REF, { search: token, types: ['table', 'partitioned table'] })
    expect(tables.data.map(at)).toEqual([`public.${token}`, `public.${token}_orders`, `public.x_${token}`])
  })

  it('never looks in internal or system schemas', async () => {
    const everything = await api.searchEntities(REF, { limit: 1000 })
    const hidden: readonly string[] = [...INTERNAL_SCHEMAS, ...EXCLUDED_SCHEMAS]
    expect(everything.data.filter((e) => hidden.includes(e.schema) || e.schema.startsWith('pg_'))).toEqual([])
    expect((await api.searchEntities(REF, { search: `${token}_hidden` })).count).toBe(0)
    // without a search: public first, then the other schemas
    const firstOther = everything.data.findIndex((e) => e.schema !== 'public')
    expect(everything.data.slice(firstOther).some((e) => e.schema === 'public')).toBe(false)
    expect(everything.count).toBeGreaterThanOrEqual(everything.data.length)
  })

  it('finds by its name a relation that an answer without the name leaves out (the palette asks again as you type)', async () => {
    const many = unique('many')
    const name = (i: number) => `${many}_${String(i).padStart(2, '0')}`
    await c.sql(`create schema ${many};
      do $$ begin
        for i in 1..30 loop execute format('create table %I.%I (id int)', '${many}', '${many}_' || lpad(i::text, 2, '0')); end loop;
      end $$`)
    try {
      const first = await api.searchEntities(REF, { search: many, limit: 10 })
      expect(first.count).toBe(30)
      expect(first.data.map((e) => e.name)).toEqual(Array.from({ length: 10 }, (_, i) => name(i + 1)))
      expect((await api.searchEntities(REF, { search: name(30), limit: 10 })).data.map(at)).toEqual([`${many}.${name(30)}`])
      // the table editor's list of one schema (its palette picker) searches the same way, past its first page
      const page = await api.entities(REF, { schema: many, limit: 10 })
      expect(page.data.map((e) => e.name)).not.toContain(name(30))
      expect((await api.entities(REF, { schema: many, search: name(30), limit: 10 })).data.map(at)).toEqual([`${many}.${name(30)}`])
    } finally {
      await c.sql(`drop schema ${many} cascade`)
    }
  })

  it('refuses a bad limit or kind with a 400', async () => {
    const path = `/platform/pg-meta/${REF}/entities/search`
    expect((await c.send('GET', `${path}?limit=0`)).status).toBe(400)
    expect((await c.send('GET', `${path}?limit=1001`)).status).toBe(400)
    expect((await c.send('GET', `${path}?types=table,nope`)).status).toBe(400)
  })
})
