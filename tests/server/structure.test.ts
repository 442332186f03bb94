/** Columns and tables written through pg-meta: each change checked in the catalog; refusals change nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../src/shared/messages'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('columns and tables on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('ddl')
  const base = `/platform/pg-meta/${REF}`

  beforeAll(() =>
    c.sql(`
      create schema ${schema};
      create type ${schema}.mood as enum ('happy', 'sad');
      create table ${schema}.parents (id int primary key, code text unique);
      create view ${schema}.parent_view as select * from ${schema}.parents;`),
  )
  afterAll(() => c.sql(`drop schema ${schema} cascade`))

  const newTable = async (name = unique('t')) => api.createTable(REF, { schema, name })
  const catalog = (table: string, column: string) =>
    c.sql(`select format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null, a.attidentity::text as identity,
             pg_get_expr(d.adbin, d.adrelid) as default, col_description(a.attrelid, a.attnum) as comment
           from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
           where a.attrelid = '${schema}.${table}'::regclass and a.attname = '${column}'`)
  const constraints = (table: string) =>
    c.sql<{ def: string }>(`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = '${schema}.${table}'::regclass and contype <> 'n' order by conname`).then((r) =>
      r.map((x) => x.def).sort(),
    )

  it('creates a table with an identity id and a creation time when given no columns', async () => {
    const name = unique('t')
    const table = await api.createTable(REF, { schema, name, comment: 'Orders' })
    expect(table).toMatchObject({ schema, name, comment: 'Orders', rls_enabled: false, primary_keys: [{ name: 'id' }] })
    expect(table.columns?.map((col) => [col.name, col.format, col.identity_generation, col.default_value, col.is_nullable])).toEqual([
      ['id', 'int8', 'BY DEFAULT', null, false],
      ['created_at', 'timestamptz', null, 'now()', false],
    ])
    expect(table.id).toBe(await c.oid(name, schema))
  })

  it('creates a table with the columns given', async () => {
    const table = await api.createTable(REF, {
      schema,
      name: unique('t'),
      columns: [
        { name: 'key', type: 'uuid', isPrimaryKey: true, defaultValue: 'gen_random_uuid()' },
        { name: 'mood', type: 'mood', defaultValue: 'happy' },
      ],
    })
    expect(table.columns?.map((col) => [col.name, col.format, col.default_value])).toEqual([
      ['key', 'uuid', 'gen_random_uuid()'],
      ['mood', 'mood', `'happy'::${schema}.mood`],
    ])
    expect(table.primary_keys.map((k) => k.name)).toEqual(['key'])
  })

  it('creates a table with RLS on when asked, and creates nothing when a column is refused', async () => {
    const secured = await api.createTable(REF, { schema, name: unique('t'), rls_enabled: true, columns: [{ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true }] })
    expect(secured.rls_enabled).toBe(true)
    const name = unique('t')
    await expect(
      api.createTable(REF, { schema, name, rls_enabled: true, columns: [{ name: 'id', type: 'int8', isPrimaryKey: true }, { name: 'x', type: 'no_such_type' }] }),
    ).rejects.toThrow('Type "no_such_type" does not exist')
    expect(await c.sql(`select to_regclass('${schema}.${name}') as found`)).toEqual([{ found: null }])
  })

  it('answers the columns a role may update: the impersonated role with column grants, the studio role all', async () => {
    const table = await api.createTable(REF, {
      schema,
      name: unique('t'),
      columns: [
        { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
        { name: 'open', type: 'text' },
        { name: 'closed', type: 'text' },
      ],
    })
    await c.sql(`grant usage on schema ${schema} to authenticated;
      grant select, update (open) on ${schema}.${table.name} to authenticated;
      alter table ${schema}.${table.name} add column twice int generated always as (id * 2) stored`)
    const all = await api.writableColumns(REF, { tableId: table.id })
    expect(all.columns).toEqual(['id', 'open', 'closed'])
    const limited = await api.writableColumns(REF, { tableId: table.id, impersonate: { role: 'authenticated', claims: { role: 'authenticated' } } })
    expect(limited.columns).toEqual(['open'])
  })

  it('adds columns with every field of the column form', async () => {
    const table = await newTable()
    const tags = await api.createColumn(REF, {
      tableId: table.id, name: 'tags', type: 'text[]', defaultValue: '{a,"b c"}', isNullable: false, comment: 'Labels',
    })
    expect(tags).toMatchObject({ name: 'tags', format: '_text', data_type: 'ARRAY', is_nullable: false, comment: 'Labels' })
    expect(await catalog(table.name, 'tags')).toEqual([{ type: 'text[]', not_null: true, identity: '', default: `'{a,"b c"}'::text[]`, comment: 'Labels' }])

    const when = await api.createColumn(REF, { tableId: table.id, name: 'due', type: 'date', defaultValue: "(now() + '1 day'::interval)" })
    expect(when.default_value).toBe("(now() + '1 day'::interval)")
    const literal = await api.createColumn(REF, { tableId: table.id, name: 'note', type: 'text', defaultValue: "now()", defaultValueFormat: 'literal' })
    expect(literal.default_value).toBe("'now()'::text")
    const quoted = await api.createColumn(REF, { tableId: table.id, name: 'said', type: 'text', defaultValue: "it's \\ here" })
    expect(quoted.default_value).toBe(`'it''s \\ here'::text`)

    const parent = await api.createColumn(REF, {
      tableId: table.id, name: 'parent_id', type: 'int4', isUnique: true, check: 'parent_id > 0',
      foreignKey: { targetTableSchema: schema, targetTableName: 'parents', targetColumnName: 'id', deletionAction: 'CASCADE' },
    })
    expect(parent).toMatchObject({ is_unique: true, check: 'parent_id > 0' })
    expect(await constraints(table.name)).toEqual([
      'CHECK ((parent_id > 0))',
      `FOREIGN KEY (parent_id) REFERENCES ${schema}.parents(id) ON DELETE CASCADE`,
      'PRIMARY KEY (id)',
      'UNIQUE (parent_id)',
    ])

    const counter = await api.createColumn(REF, { tableId: table.id, name: 'counter', type: 'int2', isIdentity: true, isPrimaryKey: true })
    expect(counter).toMatchObject({ is_identity: true, identity_generation: 'BY DEFAULT' })
    expect((await api.table(REF, table.id)).primary_keys.map((k) => k.name)).toEqual(['id', 'counter'])
  })

  it('refuses a bad column and changes nothing', async () => {
    const table = await newTable()
    const add = (body: object) => c.send('POST', `${base}/columns`, { tableId: table.id, ...body })
    const refusal = (message: string) => ({ status: 400, body: { message, code: 400 } })
    expect(await add({ name: ' ', type: 'text' })).toEqual(refusal('Please assign a name for your column'))
    expect(await add({ name: 'x', type: '' })).toEqual(refusal('Please select a type for your column'))
    expect(await add({ name: 'x', type: 'text', isIdentity: true })).toEqual(refusal(MSG.identityIntegerOnly))
    expect(await add({ name: 'x', type: 'int8[]', isIdentity: true })).toEqual(refusal(MSG.identityIntegerOnly))
    expect(await add({ name: 'x', type: 'no_such_type' })).toEqual(refusal('Type "no_such_type" does not exist'))
    expect((await add({ name: 'x', type: 'int4', check: 'nope > 1' })).body.message).toMatch(/column "nope" does not exist/)
    // A default expression is SQL by nature, but only ever one statement.
    const smuggled = await add({ name: 'x', type: 'int4', defaultValue: `1); drop table ${schema}.parents; select (1`, defaultValueFormat: 'expression' })
    expect(smuggled.status).toBe(400)
    expect((await add({ name: 'id', type: 'int4' })).body.message).toMatch(/already exists/)
    expect((await api.table(REF, table.id)).columns?.map((col) => col.name)).toEqual(['id', 'created_at'])
    expect((await api.table(REF, table.id)).primary_keys.map((k) => k.name)).toEqual(['id'])
    expect(await c.sql(`select to_regclass('${schema}.parents') is not null as kept`)).toEqual([{ kept: true }])
    const view = await c.oid('parent_view', schema)
    expect(await c.send('POST', `${base}/columns`, { tableId: view, name: 'x', type: 'text' })).toEqual(
      refusal(MSG.tablesOnly(`${schema}.parent_view`, 'view')),
    )
  })

  it('changes only the fields given: rename, type with a cast, default, nullability, uniqueness, key, check, foreign key, comment', async () => {
    const table = await newTable()
    await c.sql(`insert into ${schema}.parents values (1, 'one'), (2, 'two') on conflict do nothing`)
    const col = await api.createColumn(REF, { tableId: table.id, name: 'amount', type: 'text', comment: 'Before' })
    await c.sql(`insert into ${schema}.${table.name} (amount) values ('2'), ('1')`)

    const changed = await api.updateColumn(REF, col.id, {
      name: 'parent', type: 'int8', defaultValue: '1', isNullable: false, isUnique: true, check: 'parent < 100', isPrimaryKey: false,
      foreignKey: { targetTableSchema: schema, targetTableName: 'parents', targetColumnName: 'id', deletionAction: 'SET NULL' },
    })
    expect(changed).toMatchObject({ id: col.id, name: 'parent', format: 'int8', default_value: "'1'::bigint", is_nullable: false, is_unique: true, check: 'parent < 100', comment: 'Before' })
    expect(await c.sql(`select parent from ${schema}.${table.name} order by parent`)).toEqual([{ parent: '1' }, { parent: '2' }])
    expect(await constraints(table.name)).toEqual([
      'CHECK ((parent < 100))',
      `FOREIGN KEY (parent) REFERENCES ${schema}.parents(id) ON DELETE SET NULL`,
      'PRIMARY KEY (id)',
      'UNIQUE (parent)',
    ])

    const undone = await api.updateColumn(REF, col.id, { isUnique: false, check: null, foreignKey: null, defaultValue: null, comment: null, isPrimaryKey: true })
    expect(undone).toMatchObject({ name: 'parent', default_value: null, is_nullable: false, check: null, comment: null })
    expect(await constraints(table.name)).toEqual(['PRIMARY KEY (id, parent)'])
    const unkeyed = await api.updateColumn(REF, col.id, { isPrimaryKey: false, isNullable: true })
    expect(unkeyed.is_nullable).toBe(true)
    expect(await constraints(table.name)).toEqual(['PRIMARY KEY (id)'])

    const identity = await api.updateColumn(REF, col.id, { isIdentity: true, isPrimaryKey: false })
    expect(identity).toMatchObject({ is_identity: true, identity_generation: 'BY DEFAULT', is_nullable: false })
    expect((await api.updateColumn(REF, col.id, { isIdentity: false, isPrimaryKey: false })).is_identity).toBe(false)
  })

  it('refuses a bad change and leaves the column as it was', async () => {
    const table = await newTable()
    const col = await api.createColumn(REF, { tableId: table.id, name: 'label', type: 'text' })
    await c.sql(`insert into ${schema}.${table.name} (label) values ('not a number')`)
    const patch = (body: object, id = col.id) => c.send('PATCH', `${base}/columns?id=${id}`, { isPrimaryKey: false, ...body })
    expect((await patch({ name: 'renamed', type: 'int4' })).body.message).toMatch(/invalid input syntax for type integer/)
    expect((await patch({ isIdentity: true })).body.message).toBe(MSG.identityIntegerOnly)
    expect((await patch({ name: 'x' }, `${table.id}.99`)).status).toBe(404)
    expect((await patch({ name: 'x' }, 'abc')).body.message).toBe('id must be <tableId>.<ordinal position>')
    expect((await c.send('PATCH', `${base}/columns?id=${col.id}`, { name: 'x' })).status).toBe(400) // isPrimaryKey is always sent
    expect(await catalog(table.name, 'label')).toEqual([{ type: 'text', not_null: false, identity: '', default: null, comment: null }])
  })

  it('drops a column, with cascade when asked, and answers it as it was', async () => {
    const table = await newTable()
    const col = await api.createColumn(REF, { tableId: table.id, name: 'gone', type: 'text' })
    await c.sql(`create view ${schema}.${table.name}_v as select gone from ${schema}.${table.name}`)
    const refused = await c.send('DELETE', `${base}/columns?id=${col.id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/depend/)
    expect((await api.deleteColumn(REF, col.id, true)).name).toBe('gone')
    expect((await api.table(REF, table.id)).columns?.map((x) => x.name)).toEqual(['id', 'created_at'])
    expect(await c.sql(`select to_regclass('${schema}.${table.name}_v') as v`)).toEqual([{ v: null }])
  })

  it('renames a table, sets its comment, toggles RLS, and refuses another id in the body', async () => {
    const table = await newTable()
    const name = unique('renamed')
    const changed = await api.updateTable(REF, table.id, { name, comment: 'New', rls_enabled: true })
    expect(changed).toMatchObject({ id: table.id, name, comment: 'New', rls_enabled: true })
    expect(await api.updateTable(REF, table.id, { id: table.id, rls_enabled: false })).toMatchObject({ rls_enabled: false, comment: 'New' })
    expect((await c.send('PATCH', `${base}/tables?id=${table.id}`, { id: table.id + 1, name: 'x' })).status).toBe(400)
    expect((await c.send('PATCH', `${base}/tables?id=${table.id}`, { name: '' })).body.message).toBe('Please provide a name for your table')
    expect((await api.table(REF, table.id)).name).toBe(name)
  })

  it('duplicates a table with its structure, rows and identity sequence, or without rows', async () => {
    const table = await api.createTable(REF, {
      schema, name: unique('src'),
      columns: [
        { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
        { name: 'label', type: 'text', isNullable: false, defaultValue: 'none', isUnique: true, check: 'length(label) < 10' },
      ],
    })
    await c.sql(`insert into ${schema}.${table.name} (label) values ('a'), ('b'); alter table ${schema}.${table.name} add column size int generated always as (length(label)) stored`)
    const copy = await api.duplicateTable(REF, { id: table.id, name: unique('copy') })
    expect(copy.columns?.map((col) => [col.name, col.default_value, col.is_identity, col.is_generated, col.is_unique, col.check])).toEqual([
      ['id', null, true, false, true, null],
      ['label', "'none'::text", false, false, true, 'length(label) < 10'],
      ['size', null, false, true, false, null],
    ])
    expect(copy.primary_keys.map((k) => k.name)).toEqual(['id'])
    await c.sql(`insert into ${schema}.${copy.name} (label) values ('c')`)
    expect(await c.sql(`select id::int, label, size from ${schema}.${copy.name} order by id`)).toEqual([
      { id: 1, label: 'a', size: 1 }, { id: 2, label: 'b', size: 1 }, { id: 3, label: 'c', size: 1 },
    ])
    const empty = await api.duplicateTable(REF, { id: table.id, name: unique('empty'), withData: false })
    expect(await c.sql(`select count(*)::int as n from ${schema}.${empty.name}`)).toEqual([{ n: 0 }])
    expect((await c.send('POST', `${base}/tables/duplicate`, { id: table.id, name: copy.name })).body.message).toMatch(/already exists/)
  })

  it('drops a table, with cascade when asked', async () => {
    const table = await newTable()
    await c.sql(`create view ${schema}.${table.name}_v as select id from ${schema}.${table.name}`)
    expect((await c.send('DELETE', `${base}/tables?id=${table.id}`)).status).toBe(400)
    expect((await api.deleteTable(REF, table.id, true)).name).toBe(table.name)
    expect(await c.sql(`select to_regclass('${schema}.${table.name}') as t`)).toEqual([{ t: null }])
  })

  it('refuses structure changes in a protected schema', async () => {
    const refusal = (schemaName: string) => ({ status: 403, body: { message: MSG.protectedSchema(schemaName), code: 403 } })
    const buckets = await c.oid('buckets', 'storage')
    expect(await c.send('POST', `${base}/tables`, { schema: 'auth', name: 'sneaky' })).toEqual(refusal('auth'))
    expect(await c.send('POST', `${base}/columns`, { tableId: buckets, name: 'x', type: 'text' })).toEqual(refusal('storage'))
    expect(await c.send('PATCH', `${base}/tables?id=${buckets}`, { rls_enabled: false })).toEqual(refusal('storage'))
    expect(await c.send('DELETE', `${base}/tables?id=${buckets}`)).toEqual(refusal('storage'))
    expect(await c.send('POST', `${base}/tables/duplicate`, { id: buckets, name: 'copy' })).toEqual(refusal('storage'))
    expect(await c.sql(`select to_regclass('auth.sneaky') as t, (select relrowsecurity from pg_class where oid = 'storage.buckets'::regclass) as rls`)).toEqual([
      { t: null, rls: true },
    ])
  })
})
