/**
 * /platform/pg-meta/{ref}/functions and /triggers over HTTP (issue 15): the answers carry
 * postgres-meta's fields, a by-id read answers one item (404 when there is none), bad bodies are 400s,
 * extension-owned functions and internal triggers are never listed, and a DELETE with cascade drops what
 * depends on the function. Everything lives in a schema of its own, dropped at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

const FUNCTION_FIELDS = [
  'args', 'argument_types', 'behavior', 'complete_statement', 'config_params', 'definition', 'id', 'identity_argument_types',
  'is_set_returning_function', 'language', 'name', 'return_type', 'return_type_id', 'return_type_relation_id', 'schema', 'security_definer',
]
const TRIGGER_FIELDS = [
  'activation', 'condition', 'enabled_mode', 'events', 'function_args', 'function_name', 'function_schema', 'id', 'name', 'orientation',
  'schema', 'table', 'table_id',
]

describe.each(targets())('pg-meta functions and triggers on $name', (target) => {
  const c = client(target.url)
  const schema = unique('srv_fn')
  const base = `/platform/pg-meta/${REF}`

  beforeAll(async () => {
    await c.sql(`create schema ${schema};
      create table ${schema}.items (id int primary key, label text);
      create table ${schema}.refs (item int references ${schema}.items (id));
      create function ${schema}.touch() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger items_touch after insert or delete on ${schema}.items for each statement execute function ${schema}.touch('a', 'b c');
      create function ${schema}.pair(out a int, inout b text, variadic rest int[]) language sql as $$ select 1, b $$;
      create function ${schema}.rows_of() returns setof ${schema}.items language sql stable as $$ select * from ${schema}.items $$`)
  })
  afterAll(async () => {
    await c.sql(`drop schema if exists ${schema} cascade`)
  })

  it('answers postgres-meta\'s fields for functions, one by id, 404 for none', async () => {
    const res = await c.send('GET', `${base}/functions?included_schemas=${schema}`)
    expect(res.status).toBe(200)
    const list = res.body as Record<string, unknown>[]
    expect(list.map((f) => f.name)).toEqual(['pair', 'rows_of', 'touch'])
    for (const f of list) expect(Object.keys(f).sort()).toEqual(FUNCTION_FIELDS)
    const pair = list.find((f) => f.name === 'pair')!
    expect(pair).toMatchObject({
      argument_types: 'OUT a integer, INOUT b text, VARIADIC rest integer[]', identity_argument_types: expect.stringMatching(/INOUT b text, VARIADIC rest integer\[\]$/),
      return_type: 'record', behavior: 'VOLATILE', security_definer: false, config_params: null, language: 'sql',
    })
    expect((pair.args as { mode: string; name: string }[]).map((a) => [a.mode, a.name])).toEqual([['out', 'a'], ['inout', 'b'], ['variadic', 'rest']])
    const rows = list.find((f) => f.name === 'rows_of')!
    expect(rows).toMatchObject({ is_set_returning_function: true, behavior: 'STABLE', return_type: `SETOF ${schema}.items` })
    expect(rows.return_type_relation_id).toBe(await c.oid('items', schema))

    const one = await c.send('GET', `${base}/functions?id=${pair.id}`)
    expect(one.body).toEqual(pair)
    expect((await c.send('GET', `${base}/functions?id=1`)).status).toBe(404)
    const bySchema = await c.send('GET', `${base}/functions?schema=${schema}`)
    expect(bySchema.body).toEqual(list)
    const excluded = await c.send('GET', `${base}/functions?excluded_schemas=${schema}`)
    expect((excluded.body as { schema: string }[]).some((f) => f.schema === schema)).toBe(false)
    // never Postgres' own
    expect((excluded.body as { schema: string }[]).some((f) => f.schema === 'pg_catalog' || f.schema === 'information_schema')).toBe(false)
  })

  it('lists no function an extension owns', async () => {
    const extSchema = `${schema}_ext`
    let made = true
    try {
      await c.sql(`create schema ${extSchema}; create extension if not exists pg_trgm schema ${extSchema}`)
    } catch {
      made = false // the extension is not there to install: the check below still covers any installed one
    }
    try {
      const owned = await c.sql<{ schema: string; name: string }>(
        `select n.nspname as schema, p.proname as name from pg_depend d join pg_proc p on p.oid = d.objid join pg_namespace n on n.oid = p.pronamespace
         where d.classid = 'pg_proc'::regclass and d.deptype = 'e' and n.nspname not in ('pg_catalog', 'information_schema')`,
      )
      if (made) expect(owned.some((f) => f.schema === extSchema && f.name === 'similarity')).toBe(true)
      const { status, body } = await c.send('GET', `${base}/functions`)
      expect(status).toBe(200)
      const listed = new Set((body as { schema: string; name: string }[]).map((f) => `${f.schema}.${f.name}`))
      for (const f of owned) expect(listed.has(`${f.schema}.${f.name}`), `${f.schema}.${f.name}`).toBe(false)
    } finally {
      await c.sql(`drop schema if exists ${extSchema} cascade`)
    }
  })

  it('answers postgres-meta\'s fields for triggers; never the internal ones', async () => {
    const { body } = await c.send('GET', `${base}/triggers?included_schemas=${schema}`)
    const list = body as Record<string, unknown>[]
    expect(list).toHaveLength(1) // the foreign key's RI triggers are not listed
    expect(Object.keys(list[0]!).sort()).toEqual(TRIGGER_FIELDS)
    expect(list[0]).toMatchObject({
      name: 'items_touch', table: 'items', schema, activation: 'AFTER', orientation: 'STATEMENT', events: ['INSERT', 'DELETE'],
      function_schema: schema, function_name: 'touch', function_args: ['a', 'b c'], enabled_mode: 'ORIGIN', condition: null,
      table_id: await c.oid('items', schema),
    })
    const byTable = await c.send('GET', `${base}/triggers?table_id=${await c.oid('items', schema)}`)
    expect(byTable.body).toEqual(list)
    expect((await c.send('GET', `${base}/triggers?id=1`)).status).toBe(404)
  })

  it('refuses bad bodies with 400 and drops with cascade', async () => {
    expect((await c.send('POST', `${base}/functions`, { name: '', definition: '' })).status).toBe(400)
    expect((await c.send('POST', `${base}/triggers`, { name: 't', table_id: 1, function_name: 'x', activation: 'SOMETIMES', events: ['INSERT'] })).status).toBe(400)
    const touch = ((await c.send('GET', `${base}/functions?schema=${schema}`)).body as { id: number; name: string }[]).find((f) => f.name === 'touch')!
    const refused = await c.send('DELETE', `${base}/functions?id=${touch.id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/other objects depend on it/)
    const dropped = await c.send('DELETE', `${base}/functions?id=${touch.id}&cascade=true`)
    expect(dropped.status).toBe(200)
    expect(dropped.body).toMatchObject({ id: touch.id, name: 'touch' })
    expect((await c.send('GET', `${base}/triggers?schema=${schema}`)).body).toEqual([])
  })
})
