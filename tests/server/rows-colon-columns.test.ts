/**
 * A column whose name holds ':' (or '%'), as a person may add from the palette: the URL form of its filters
 * and sorts reads it back whole, so a filtered export or delete acts on the matching rows only; a filter the
 * server cannot read, or one naming no column, is refused and nothing runs unfiltered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatFilter, formatSort, type Filter } from '../../src/shared/filters'
import { MSG } from '../../src/shared/messages'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('columns named with a colon on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('colons')
  let items = 0
  const onB: Filter = { column: 'a:b', operator: 'eq', value: 'x' }

  beforeAll(async () => {
    await c.sql(`
      create schema ${schema};
      create table ${schema}.items (id int primary key, "a:b" text, "50%" int);
      insert into ${schema}.items values (1, 'x', 10), (2, 'y', 20), (3, 'x', 30), (4, 'z', 40);`)
    items = await c.oid('items', schema)
  })
  afterAll(() => c.sql(`drop schema ${schema} cascade`))

  const exported = async (filter: string[], sort: string[] = []) => {
    const res = await fetch(api.exportUrl(REF, { tableId: items, filter, sort, format: 'csv' }), { headers: AUTH })
    return { status: res.status, text: await res.text() }
  }
  const ids = async () => (await c.sql<{ id: number }>(`select id from ${schema}.items order by id`)).map((r) => r.id)

  it('exports only the rows the filter on "a:b" matches, sorted by "50%"', async () => {
    const { status, text } = await exported([formatFilter(onB)], [formatSort({ column: '50%', ascending: false })])
    expect(status).toBe(200)
    expect(text.trim().split(/\r?\n/)).toEqual(['id,a:b,50%', '3,x,30', '1,x,10'])
  })

  it('refuses the unencoded form rather than exporting every row', async () => {
    const { status, text } = await exported(['a:b:eq:x'])
    expect(status).toBe(400)
    expect(JSON.parse(text).message).toBe('"a:b:eq:x" is not a filter (column:operator:value)')
  })

  it('refuses a filter on a column the table does not have, with the message naming it', async () => {
    const { status, text } = await exported([formatFilter({ column: 'a', operator: 'eq', value: 'x' })])
    expect(status).toBe(400)
    expect(JSON.parse(text).message).toBe(MSG.columnMissing('a', `${schema}.items`))
    const res = await c.send('POST', `/platform/pg-meta/${REF}/table-rows/delete`, {
      mode: 'filters', tableId: items, filters: [{ column: 'a', operator: 'eq', value: 'x' }],
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(MSG.columnMissing('a', `${schema}.items`))
    expect(await ids()).toEqual([1, 2, 3, 4])
  })

  it('deletes by the filter on "a:b" only the rows it matches', async () => {
    expect(await api.deleteRows(REF, { mode: 'filters', tableId: items, filters: [onB] })).toEqual({ deleted: 2 })
    expect(await ids()).toEqual([2, 4])
  })
})
