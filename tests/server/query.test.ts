/** Running and formatting SQL from the SQL editor. */
import { describe, expect, it } from 'vitest'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('query on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const path = `/platform/pg-meta/${REF}/query`

  it('runs several statements and answers the rows of the last one', async () => {
    const table = unique('q')
    const rows = await c.sql(`create table ${table} (id int, tags text[]);
      insert into ${table} values (1, '{a,b}'), (2, null);
      select * from ${table} order by id`)
    expect(rows).toEqual([{ id: 1, tags: ['a', 'b'] }, { id: 2, tags: null }])
    expect(await c.sql(`drop table ${table}`)).toEqual([])
  })

  it('answers a database error with 400, its SQLSTATE and position, and keeps nothing of the statements', async () => {
    const table = unique('q')
    await c.sql(`create table ${table} (id int)`)
    const query = `insert into ${table} values (1); select * from nope_${table}`
    expect(await c.send('POST', path, { query })).toEqual({
      status: 400,
      body: { message: `relation "nope_${table}" does not exist`, code: 400, pgCode: '42P01', position: query.indexOf('nope_') + 1 },
    })
    expect(await c.sql(`select count(*)::int as n from ${table}`)).toEqual([{ n: 0 }])
    await c.sql(`drop table ${table}`)
  })

  it('leaves no session state behind: an unfinished transaction or SET ROLE ends with the script', async () => {
    const table = unique('q')
    await c.sql(`begin; create table ${table} (id int)`)
    expect(await c.sql(`select to_regclass('${table}') as t`)).toEqual([{ t: null }])
    expect(await c.sql(`set role anon; set datestyle = 'German'; select current_user as u`)).toEqual([{ u: 'anon' }])
    const [now] = await c.sql<{ u: string; d: string }>(`select current_user as u, current_setting('DateStyle') as d`)
    expect(now?.u).not.toBe('anon')
    expect(now?.d).toBe('ISO, MDY')
  })

  it('rejects a body without a query', async () => {
    expect(await c.send('POST', path, { query: '' })).toEqual({ status: 400, body: { message: 'query is required', code: 400 } })
    expect((await c.send('POST', path, { sql: 'select 1' })).status).toBe(400)
  })

  it('formats SQL in the postgresql dialect', async () => {
    expect(await api.format(REF, 'SELECT a,b FROM t WHERE x=1')).toEqual({ formatted: 'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1' })
    const bad = await c.send('POST', `${path}/format`, { query: 'select (' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^Could not format the query/)
  })
})
