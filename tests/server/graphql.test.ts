/**
 * The project's GraphQL API (`/api/projects/{ref}/graphql/v1`, pg_graphql's shape) against a real studio on
 * PGlite and PostgreSQL: introspection builds a client schema; collections filter, order and page by cursor
 * both ways; links go to one and to many records; node() finds a record by nodeId; mutations insert,
 * update and delete within atMost (an error undoes the whole request); RLS decides what anon, a signed-in
 * user and service_role see and change; hostile values never reach SQL as text and hostile names are left
 * out of the schema. Inflection (`comment on schema public is '@graphql({"inflect_names": true})'`) runs on a
 * studio of its own, since the comment renames everything in the schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { createApi } from '../../src/web/data/api'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import type { ProjectApiSettings } from '../../src/shared/storage'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { keysOf } from '../support/auth-client'

const ref = DEFAULT_PROJECT_REF

interface Answer {
  data: Record<string, any> | null
  errors?: { message: string }[]
}

describe.each(targets())('GraphQL API on $name', (target) => {
  const s = Math.random().toString(36).slice(2, 8)
  const people = `gq_people_${s}`
  const todos = `gq_todos_${s}`
  const view = `gq_open_${s}`
  const hostile = `gq "x"; drop table ${todos}; -- ${s}`
  const api = createApi(target.url, AUTH)
  let settings: ProjectApiSettings
  let userToken: string
  let userId: string
  const url = `${target.url}/api/projects/${ref}/graphql/v1`

  async function gql(query: string, variables?: Record<string, unknown>, key: string = settings.service_role_key!): Promise<Answer> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as Answer
  }
  const ok = async (query: string, variables?: Record<string, unknown>, key?: string) => {
    const a = await gql(query, variables, key)
    expect(a.errors).toBeUndefined()
    return a.data!
  }
  const ids = (conn: { edges: { node: { id: number } }[] }) => conn.edges.map((e) => e.node.id)

  beforeAll(async () => {
    settings = await api.apiSettings(ref)
    const supabase = createClient(settings.api_url, settings.anon_key, {
      auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never },
    })
    const up = await supabase.auth.signUp({ email: `gq-${s}@example.com`, password: 'correct-horse-1' })
    expect(up.error).toBeNull()
    userToken = up.data.session!.access_token
    userId = up.data.user!.id
    await api.query(ref, `
      create table public.${people} (id serial primary key, name text not null);
      create table public.${todos} (
        id serial primary key, title text, done boolean not null default false,
        owner_id int references public.${people}(id), user_id uuid, big bigint, price numeric, meta jsonb, tags text[],
        due date
      );
      create table public."${hostile.replaceAll('"', '""')}" (id int primary key, "a""b" text);
      insert into public.${people} (name) values ('ada'), ('bob');
      insert into public.${todos} (title, done, owner_id, user_id, big, price, meta, tags, due) values
        ('public one', false, 1, null, 9007199254740993, 1.25, '{"a": 1}', '{x,y}', '2024-01-02'),
        ('public two', true, 2, null, 2, 2.5, null, '{}', null),
        ('mine', false, 1, '${userId}', 3, null, null, null, null),
        ('theirs', false, 2, gen_random_uuid(), 4, null, null, null, null),
        ('public three', false, null, null, 5, null, null, null, null);
      alter table public.${todos} enable row level security;
      create policy anon_reads on public.${todos} for select to anon using (title like 'public%');
      create policy users_read_own on public.${todos} for select to authenticated using (user_id = auth.uid() or title like 'public%');
      create policy users_insert_own on public.${todos} for insert to authenticated with check (user_id = auth.uid());
      grant select, insert, update, delete on public.${todos}, public.${people} to anon, authenticated, service_role;
      grant usage on all sequences in schema public to anon, authenticated, service_role;
      create view public.${view} as select id, title from public.${todos} where done = false;
      comment on view public.${view} is e'@graphql({"primary_key_columns": ["id"], "totalCount": {"enabled": true}})';
      grant select on public.${view} to service_role;
    `)
  })
  afterAll(async () => {
    await api.query(ref, `drop view if exists public.${view}; drop table if exists public.${todos}; drop table if exists public.${people}; drop table if exists public."${hostile.replaceAll('"', '""')}"`)
  })

  it('answers introspection with pg_graphql’s types, which GraphiQL can build a schema from', async () => {
    const data = (await ok(getIntrospectionQuery())) as unknown as IntrospectionQuery
    const schema = buildClientSchema(data)
    const t = schema.getType(todos) as any
    expect(t).toBeDefined()
    expect(t.getInterfaces().map((i: any) => i.name)).toEqual(['Node'])
    const fields = t.getFields()
    expect(String(fields.nodeId.type)).toBe('ID!')
    expect(String(fields.id.type)).toBe('Int!')
    expect(String(fields.big.type)).toBe('BigInt')
    expect(String(fields.price.type)).toBe('BigFloat')
    expect(String(fields.meta.type)).toBe('JSON')
    expect(String(fields.tags.type)).toBe('[String]')
    expect(String(fields.due.type)).toBe('Date')
    expect(String(fields.done.type)).toBe('Boolean!')
    expect(String(fields.owner.type)).toBe(people)
    expect(String((schema.getType(people) as any).getFields()[`${todos}Collection`].type)).toBe(`${todos}Connection`)
    const conn = (schema.getType(`${todos}Connection`) as any).getFields()
    expect(String(conn.edges.type)).toBe(`[${todos}Edge!]!`)
    expect(String(conn.pageInfo.type)).toBe('PageInfo!')
    const query = schema.getQueryType()!.getFields()
    expect(query[`${todos}Collection`]!.args.map((a) => a.name)).toEqual(['first', 'last', 'before', 'after', 'offset', 'filter', 'orderBy'])
    expect(String(query.node!.type)).toBe('Node')
    expect(Object.keys((schema.getType('IntFilter') as any).getFields()).sort()).toEqual(['eq', 'gt', 'gte', 'in', 'is', 'lt', 'lte', 'neq'])
    expect(Object.keys((schema.getType('StringFilter') as any).getFields())).toEqual(expect.arrayContaining(['like', 'ilike', 'startsWith', 'regex', 'iregex']))
    expect((schema.getType('OrderByDirection') as any).getValues().map((v: any) => v.name)).toEqual(['AscNullsFirst', 'AscNullsLast', 'DescNullsFirst', 'DescNullsLast'])
    const filter = Object.keys((schema.getType(`${todos}Filter`) as any).getFields())
    expect(filter).toEqual(expect.arrayContaining(['nodeId', 'id', 'title', 'and', 'or', 'not']))
    expect(filter).not.toContain('meta')
    const mutation = schema.getMutationType()!.getFields()
    expect(mutation[`insertInto${todos}Collection`]!.args.map((a) => String(a.type))).toEqual([`[${todos}InsertInput!]!`])
    expect(mutation[`update${todos}Collection`]!.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual([`set: ${todos}UpdateInput!`, `filter: ${todos}Filter`, 'atMost: Int!'])
    expect(mutation[`deleteFrom${todos}Collection`]!.args.map((a) => a.name)).toEqual(['filter', 'atMost'])
    // a name GraphQL cannot spell is left out, the rest of the schema stands
    expect(Object.keys(schema.getTypeMap()).some((n) => n.includes('drop table'))).toBe(false)
  })

  it('filters, orders and pages a collection forwards and backwards by cursor', async () => {
    const q = `query($after: Cursor, $before: Cursor, $first: Int, $last: Int) {
      c: ${todos}Collection(first: $first, last: $last, after: $after, before: $before, orderBy: [{big: DescNullsLast}]) {
        edges { cursor node { id big } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`
    const seen: number[] = []
    let after: string | null = null
    for (let page = 0; page < 5; page++) {
      const c: any = (await ok(q, { first: 2, after }))['c']
      seen.push(...ids(c))
      if (!c.pageInfo.hasNextPage) break
      after = c.pageInfo.endCursor
    }
    // row 1's big is 9007199254740993 (past a double's precision): first
    expect(seen).toEqual([1, 5, 4, 3, 2])
    const back: any = (await ok(q, { last: 2, before: (await ok(q, { first: 5 }))['c'].edges[4].cursor }))['c']
    expect(ids(back)).toEqual([4, 3])
    expect(back.pageInfo.hasPreviousPage).toBe(true)
    const big: any = await ok(`{ ${todos}Collection(filter: {id: {eq: 1}}) { edges { node { big price meta tags due } } } }`)
    expect(big[`${todos}Collection`].edges[0].node).toEqual({ big: '9007199254740993', price: '1.25', meta: '{"a": 1}', tags: ['x', 'y'], due: '2024-01-02' })
    const filtered: any = await ok(`{ c: ${todos}Collection(
      filter: { or: [{ title: { startsWith: "public t" } }, { id: { in: [3] } }], not: { done: { eq: true } } },
      orderBy: [{ id: AscNullsLast }]) { edges { node { id } } } }`)
    expect(ids(filtered.c)).toEqual([3, 5])
    const nulls: any = await ok(`{ c: ${todos}Collection(filter: {price: {is: NULL}, title: {ilike: "%E%"}}, offset: 1, first: 1, orderBy: [{id: AscNullsLast}]) { edges { node { id } } } }`)
    expect(ids(nulls.c)).toEqual([4])
    const both = await gql(`{ ${todos}Collection(first: 1, last: 1) { edges { cursor } } }`)
    expect(both).toEqual({ data: null, errors: [{ message: expect.stringContaining('first') }] })
  })

  it('follows foreign keys to one and to many records, and finds a record by nodeId', async () => {
    const d: any = await ok(`{
      t: ${todos}Collection(filter: {id: {lte: 2}}, orderBy: [{id: AscNullsLast}]) { edges { node { nodeId title owner { name } } } }
      p: ${people}Collection(orderBy: [{name: AscNullsLast}]) { edges { node { name ${todos}Collection(orderBy: [{id: AscNullsLast}]) { edges { node { id } } } } } }
    }`)
    expect(d.t.edges.map((e: any) => e.node.owner.name)).toEqual(['ada', 'bob'])
    expect(d.p.edges.map((e: any) => [e.node.name, ids(e.node[`${todos}Collection`])])).toEqual([['ada', [1, 3]], ['bob', [2, 4]]])
    const nodeId = d.t.edges[0].node.nodeId
    expect(Buffer.from(nodeId, 'base64').toString()).toBe(`["public", "${todos}", 1]`)
    const n: any = await ok(`query($id: ID!) { node(nodeId: $id) { nodeId ... on ${todos} { title } } }`, { id: nodeId })
    expect(n.node).toEqual({ nodeId, title: 'public one' })
    const byId: any = await ok(`query($id: ID!) { c: ${todos}Collection(filter: {nodeId: {eq: $id}}) { edges { node { id } } } }`, { id: nodeId })
    expect(ids(byId.c)).toEqual([1])
  })

  it('reflects a view by the key its comment names, with totalCount when the comment enables it', async () => {
    const d: any = await ok(`{ v: ${view}Collection(first: 2, orderBy: [{id: DescNullsLast}]) { totalCount edges { node { nodeId id title } } pageInfo { hasNextPage } } }`)
    expect(d.v.totalCount).toBe(4)
    expect(d.v.edges.map((e: any) => e.node.id)).toEqual([5, 4])
    expect(d.v.pageInfo.hasNextPage).toBe(true)
    expect(Buffer.from(d.v.edges[0].node.nodeId, 'base64').toString()).toBe(`["public", "${view}", 5]`)
    // no totalCount where the comment does not enable it, as pg_graphql
    expect((await gql(`{ ${todos}Collection { totalCount } }`)).errors?.[0]?.message).toContain('totalCount')
  })

  it('inserts, updates and deletes, and an update past atMost changes nothing', async () => {
    const ins: any = await ok(`mutation($objs: [${todos}InsertInput!]!) { insertInto${todos}Collection(objects: $objs) { affectedCount records { id title done tags big } } }`, {
      objs: [{ title: 'gq new a', tags: ['p', 'q'], big: '12345678901234567' }, { title: 'gq new b', done: true }],
    })
    expect(ins[`insertInto${todos}Collection`].affectedCount).toBe(2)
    expect(ins[`insertInto${todos}Collection`].records.map((r: any) => [r.title, r.done, r.tags, r.big])).toEqual([
      ['gq new a', false, ['p', 'q'], '12345678901234567'], ['gq new b', true, null, null],
    ])
    const tooMany = await gql(`mutation { update${todos}Collection(set: {title: "gq changed"}, filter: {title: {like: "gq new%"}}) { affectedCount } }`)
    expect(tooMany).toEqual({ data: null, errors: [{ message: 'update impacts too many records' }] })
    const upd: any = await ok(`mutation { update${todos}Collection(set: {title: "gq changed"}, filter: {title: {like: "gq new%"}}, atMost: 2) { affectedCount records { title } } }`)
    expect(upd[`update${todos}Collection`]).toEqual({ affectedCount: 2, records: [{ title: 'gq changed' }, { title: 'gq changed' }] })
    const tooManyDeletes = await gql(`mutation { deleteFrom${todos}Collection(filter: {title: {eq: "gq changed"}}) { affectedCount } }`)
    expect(tooManyDeletes.errors?.[0]?.message).toBe('delete impacts too many records')
    const del: any = await ok(`mutation { deleteFrom${todos}Collection(filter: {title: {eq: "gq changed"}}, atMost: 5) { affectedCount } }`)
    expect(del[`deleteFrom${todos}Collection`].affectedCount).toBe(2)
    const left = await api.query<{ n: number }>(ref, `select count(*)::int as n from public.${todos}`)
    expect(left[0]!.n).toBe(5)
  })

  it('runs as the caller: anon, a signed-in user and service_role see and change what RLS lets them', async () => {
    const q = `{ c: ${todos}Collection(orderBy: [{id: AscNullsLast}]) { edges { node { id } } } }`
    expect(ids((await ok(q, undefined, settings.anon_key))['c'])).toEqual([1, 2, 5])
    expect(ids((await ok(q, undefined, userToken))['c'])).toEqual([1, 2, 3, 5])
    expect(ids((await ok(q))['c'])).toEqual([1, 2, 3, 4, 5])
    const insert = `mutation($o: [${todos}InsertInput!]!) { insertInto${todos}Collection(objects: $o) { affectedCount } }`
    const refused = await gql(insert, { o: [{ title: 'not mine', user_id: '00000000-0000-0000-0000-000000000001' }] }, userToken)
    expect(refused.data).toBeNull()
    expect(refused.errors?.[0]?.message).toMatch(/row-level security/)
    const anonInsert = await gql(insert, { o: [{ title: 'anon' }] }, settings.anon_key)
    expect(anonInsert.errors?.[0]?.message).toMatch(/row-level security/)
    // the user's own row: inserted and read back in the same request (RETURNING is read under RLS too)
    const mine: any = await ok(`mutation($o: [${todos}InsertInput!]!) { insertInto${todos}Collection(objects: $o) { records { title user_id } } }`, { o: [{ title: 'mine too', user_id: userId }] }, userToken)
    expect(mine[`insertInto${todos}Collection`].records).toEqual([{ title: 'mine too', user_id: userId }])
    // anon updates nothing it cannot see
    const upd: any = await ok(`mutation { update${todos}Collection(set: {title: "hijacked"}, filter: {title: {eq: "mine too"}}) { affectedCount } }`, undefined, settings.anon_key)
    expect(upd[`update${todos}Collection`].affectedCount).toBe(0)
    await ok(`mutation { deleteFrom${todos}Collection(filter: {title: {eq: "mine too"}}) { affectedCount } }`)
    const noKey = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) })
    expect(noKey.status).toBe(401)
  })

  it('answers GET with a query parameter, refuses mutations over GET, and gives errors as { data: null, errors }', async () => {
    const get = await fetch(`${url}?query=${encodeURIComponent(`{ c: ${todos}Collection(first: 1) { edges { node { id } } } }`)}`, { headers: { apikey: settings.anon_key } })
    expect(await get.json()).toEqual({ data: { c: { edges: [{ node: { id: 1 } }] } } })
    const mutation = await fetch(`${url}?query=${encodeURIComponent(`mutation { deleteFrom${todos}Collection { affectedCount } }`)}`, { headers: { apikey: settings.service_role_key! } })
    expect((await mutation.json()).errors[0].message).toMatch(/POST/)
    expect(await gql('{ nothingHere }')).toEqual({ data: null, errors: [{ message: expect.stringContaining('nothingHere') }] })
    expect(await gql('{ broken')).toEqual({ data: null, errors: [{ message: expect.stringContaining('Syntax Error') }] })
  })

  it('never lets hostile values reach SQL as text: filters and inserts take them as data', async () => {
    const count = async () => (await api.query<{ n: number }>(ref, `select count(*)::int as n from public.${todos}`))[0]!.n
    const before = await count()
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }).filter((x) => !x.includes('\0')), async (text) => {
        const found: any = await ok(`query($t: String!, $l: [String!]) { c: ${todos}Collection(filter: {or: [{title: {eq: $t}}, {title: {like: $t}}, {title: {in: $l}}]}) { edges { node { id } } } }`, { t: `${text}'); drop table public.${people}; --`, l: [text, `"${text}`] })
        expect(found.c.edges).toEqual([])
        const ins: any = await ok(`mutation($o: [${todos}InsertInput!]!) { insertInto${todos}Collection(objects: $o) { records { id title tags } } }`, { o: [{ title: text, tags: [text, '{"},\\'] }] })
        const rec = ins[`insertInto${todos}Collection`].records[0]
        expect([rec.title, rec.tags]).toEqual([text, [text, '{"},\\']])
        await ok(`mutation($id: Int!) { deleteFrom${todos}Collection(filter: {id: {eq: $id}}) { affectedCount } }`, { id: rec.id })
      }),
      { numRuns: 25 },
    )
    expect(await count()).toBe(before)
    expect((await api.query<{ n: number }>(ref, `select count(*)::int as n from public.${people}`))[0]!.n).toBe(2)
  })

  it('keeps the schema valid whatever the catalog holds: reserved names, colliding names, enums, keys no one orders by', async () => {
    const mood = `gq_mood_${s}`
    await api.query(ref, `
      create type public.${mood} as enum ('happy', 'sad');
      create table public."PageInfo" (id int primary key);
      create table public.${mood}_t (id int primary key, m public.${mood}, ms public.${mood}[]);
      create table public."${mood}Filter" (id int primary key);
      create table public.gq_jsonkey_${s} (k jsonb primary key);
      insert into public.${mood}_t values (1, 'happy', '{happy,sad}'), (2, 'sad', null);
    `)
    try {
      const schema = buildClientSchema((await ok(getIntrospectionQuery())) as unknown as IntrospectionQuery)
      expect(String((schema.getType('PageInfo') as any).getFields().hasNextPage.type)).toBe('Boolean!')
      expect(schema.getQueryType()!.getFields()['pageInfoCollection']).toBeUndefined()
      // the enum and the table named like its filter cannot both be: whichever comes first in the catalog stays
      const enumType = schema.getType(mood) as any
      expect(!!enumType).not.toBe(!!schema.getQueryType()!.getFields()[`${mood}FilterCollection`])
      if (enumType) expect(enumType.getValues().map((v: any) => v.name)).toEqual(['happy', 'sad'])
      expect(schema.getQueryType()!.getFields()[`gq_jsonkey_${s}Collection`]!.args.map((a) => a.name)).not.toContain('orderBy')
      const t = enumType ? mood : 'String'
      const d: any = await ok(`query($m: [${t}!]) { c: ${mood}_tCollection(filter: {m: {in: $m}}) { edges { node { id m ms } } } }`, { m: ['sad'] })
      expect(d.c.edges).toEqual([{ node: { id: 2, m: 'sad', ms: null } }])
      const all: any = await ok(`query($m: ${t}) { c: ${mood}_tCollection(filter: {m: {eq: $m}}) { edges { node { ms } } } }`, { m: 'happy' })
      expect(all.c.edges).toEqual([{ node: { ms: ['happy', 'sad'] } }])
    } finally {
      await api.query(ref, `drop table public."PageInfo"; drop table public.${mood}_t; drop table public."${mood}Filter"; drop table public.gq_jsonkey_${s}; drop type public.${mood}`)
    }
  })

  it('quotes every name: tables and columns spelled like SQL keywords or with quotes are read as names', async () => {
    const quote = (n: string) => `"${n.replaceAll('"', '""')}"`
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/).filter((n) => !n.startsWith('__')),
        fc.constantFrom('select', 'Order', 'from', 'a"b', 'x; drop table y', 'nodeId'),
        async (name, col) => {
          const tableName = `gqh_${name}_${s}`
          await api.query(ref, `create table public.${quote(tableName)} (id int primary key, ${quote(col)} text);
            insert into public.${quote(tableName)} values (1, 'v');`)
          try {
            const valid = /^[_A-Za-z][_0-9A-Za-z]*$/.test(col) && col !== 'nodeId'
            const d: any = await ok(`{ c: ${tableName}Collection(orderBy: [{id: AscNullsLast}]) { edges { node { id ${valid ? col : ''} } } } }`)
            expect(d.c.edges).toEqual([{ node: valid ? { id: 1, [col]: 'v' } : { id: 1 } }])
          } finally {
            await api.query(ref, `drop table public.${quote(tableName)}`)
          }
        },
      ),
      { numRuns: 6 },
    )
  })
})

describe.each(targets())('GraphQL inflection on $name', (target) => {
  let own: OwnStudio
  let url: string
  let key: string

  const gql = async (query: string) => {
    const res = await fetch(url, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: JSON.stringify({ query }) })
    return (await res.json()) as { data: any; errors?: { message: string }[] }
  }

  beforeAll(async () => {
    own = await ownStudio(target, 'graphql-inflection')
    const keys = await keysOf(own.studio)
    url = `${keys.apiUrl}/graphql/v1`
    key = keys.serviceRoleKey
    await own.studio.db.exec(`
      comment on schema public is '@graphql({"inflect_names": true})';
      create table public.blog (id serial primary key, name text not null);
      create table public.blog_post (id serial primary key, blog_id int not null references public.blog(id), created_at date not null default '2024-05-06', body_text text);
      comment on column public.blog_post.body_text is '@graphql({"name": "content"})';
      create table public.odd_name (id int primary key);
      comment on table public.odd_name is '@graphql({"name": "Renamed"})';
      insert into public.blog (name) values ('b');
      insert into public.blog_post (blog_id, body_text) values (1, 'hello');
    `)
  })
  afterAll(() => own?.close())

  it('names types PascalCase and fields camelCase, and takes names from comments', async () => {
    const a = await gql(`{
      blogPostCollection { edges { node { __typename id blogId createdAt content blog { __typename name blogPostCollection { edges { node { id } } } } } } }
      renamedCollection { edges { node { __typename } } }
    }`)
    expect(a.errors).toBeUndefined()
    expect(a.data.blogPostCollection.edges[0].node).toEqual({
      __typename: 'BlogPost', id: 1, blogId: 1, createdAt: '2024-05-06', content: 'hello',
      blog: { __typename: 'Blog', name: 'b', blogPostCollection: { edges: [{ node: { id: 1 } }] } },
    })
    expect(a.data.renamedCollection.edges).toEqual([])
    const m = await gql(`mutation { insertIntoBlogPostCollection(objects: [{blogId: 1, content: "two"}]) { records { content createdAt } } }`)
    expect(m.data.insertIntoBlogPostCollection.records).toEqual([{ content: 'two', createdAt: '2024-05-06' }])
  })
})
