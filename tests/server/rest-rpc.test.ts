/**
 * RPC (/rest/v1/rpc/{function}) with @supabase/supabase-js, unchanged from npm: scalar results, functions
 * returning rows (filtered, ordered, limited, embedded, counted like a table), GET for stable functions and
 * a volatile one refused, void, overloads chosen by argument names, unknown functions, json arguments,
 * OUT/TABLE results, profiles, and raw calls for what supabase-js does not send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targets } from '../support/context'
import { restFixture, type RestFixture } from '../support/rest-write-fixture'

const SCHEMA = `
  create table public.authors (id int primary key, name text not null);
  create table public.books (id int primary key, title text not null, author_id int references public.authors (id), pages int);
  insert into public.authors values (1, 'Le Guin'), (2, 'Lem');
  insert into public.books values (1, 'The Dispossessed', 1, 387), (2, 'The Left Hand of Darkness', 1, 304), (3, 'Lavinia', 1, 279), (4, 'Solaris', 2, 204);
  create table public.counters (id int primary key, n int not null default 0);
  insert into public.counters values (1, 0);

  create function public.add(a int, b int) returns int language sql immutable as 'select a + b';
  create function public.greet(name text default 'world') returns text language sql stable as $$select 'hello ' || name$$;
  create function public.books_by(author int) returns setof public.books language sql stable
    as 'select * from public.books where author_id = author';
  create function public.first_book(author int) returns public.books language sql stable
    as 'select * from public.books where author_id = author order by id limit 1';
  create function public.bump(step int default 1) returns int language sql volatile
    as 'update public.counters set n = n + step where id = 1 returning n';
  create function public.reset() returns void language plpgsql as $$begin update public.counters set n = 0 where id = 1; end$$;
  create function public.over(a int) returns text language sql immutable as $$select 'one'$$;
  create function public.over(a int, b int) returns text language sql immutable as $$select 'two'$$;
  create function public.amb(x int) returns text language sql immutable as $$select 'int'$$;
  create function public.amb(x text) returns text language sql immutable as $$select 'text'$$;
  create function public.keys_of(data jsonb) returns setof text language sql immutable as 'select jsonb_object_keys(data) order by 1';
  create function public.echo(jsonb) returns jsonb language sql immutable as 'select $1';
  create function public.whole(payload json) returns json language sql immutable as 'select payload';
  create function public.sum_all(nums int[]) returns int language sql immutable as 'select sum(n)::int from unnest(nums) n';
  create function public.stats(out books int, out pages int) language sql stable
    as 'select count(*)::int, sum(pages)::int from public.books';
  create function public.titles() returns table (title text, pages int) language sql stable as 'select title, pages from public.books';
  create function public.teapot() returns int language plpgsql as $$begin raise exception 'short and stout' using errcode = 'PT418'; end$$;
  create function public.shout(text) returns text language sql immutable as 'select upper($1)';
  create function public.byte_count(bytea) returns int language sql immutable as 'select length($1)';
  create function public.vsum(variadic v int[]) returns int language sql immutable as 'select sum(n)::int from unnest(v) n';
  create function public.divide(a int, b int) returns int language sql immutable as 'select a / b';

  create schema rest_more;
  grant usage on schema rest_more to anon, authenticated, service_role;
  create function rest_more.where_am_i() returns text language sql stable as $$select 'rest_more'$$;
  grant execute on function rest_more.where_am_i() to anon, authenticated, service_role;
`

describe.each(targets())('REST RPC on $name', (target) => {
  let f: RestFixture
  beforeAll(async () => {
    f = await restFixture(target, 'rest-rpc', SCHEMA, { schemas: 'public, graphql_public, rest_more' })
  })
  afterAll(() => f?.close())

  it('answers a scalar as its JSON value, over POST, GET and HEAD', async () => {
    expect(await f.anon.rpc('add', { a: 1, b: 2 })).toMatchObject({ error: null, data: 3, status: 200 })
    expect(await f.anon.rpc('add', { a: 4, b: 5 }, { get: true })).toMatchObject({ error: null, data: 9 })
    expect(await f.anon.rpc('greet')).toMatchObject({ error: null, data: 'hello world' })
    expect(await f.anon.rpc('greet', { name: 'you' }, { get: true })).toMatchObject({ error: null, data: 'hello you' })
    expect(await f.anon.rpc('add', { a: 1, b: 1 }, { head: true })).toMatchObject({ error: null, data: null, status: 200 })
  })

  it('reads a set of rows like a table: filters, order, limit, select, embedding and counts', async () => {
    const long = await f.anon.rpc('books_by', { author: 1 }).select('title, pages').gte('pages', 300).order('pages', { ascending: false })
    expect(long).toMatchObject({ error: null, data: [{ title: 'The Dispossessed', pages: 387 }, { title: 'The Left Hand of Darkness', pages: 304 }] })
    const embedded = await f.anon.rpc('books_by', { author: 2 }).select('title, author:authors(name)')
    expect(embedded.data).toEqual([{ title: 'Solaris', author: { name: 'Lem' } }])
    const page = await f.anon.rpc('books_by', { author: 1 }, { count: 'exact' }).select('id').order('id').range(1, 1)
    expect(page).toMatchObject({ error: null, data: [{ id: 2 }], count: 3, status: 206 })
    const one = await f.anon.rpc('books_by', { author: 2 }).select('title').single()
    expect(one).toMatchObject({ error: null, data: { title: 'Solaris' } })
    const many = await f.anon.rpc('books_by', { author: 1 }).single()
    expect(many.error).toMatchObject({ code: 'PGRST116' })
    const byGet = await f.anon.rpc('books_by', { author: 1 }, { get: true }).select('id').lt('pages', 300)
    expect(byGet.data).toEqual([{ id: 3 }])
  })

  it('answers one row as an object, and OUT and TABLE results as rows', async () => {
    expect((await f.anon.rpc('first_book', { author: 1 }).select('title')).data).toEqual({ title: 'The Dispossessed' })
    expect((await f.anon.rpc('stats')).data).toEqual({ books: 4, pages: 1174 })
    const titles = await f.anon.rpc('titles').lt('pages', 300).order('title')
    expect(titles.data).toEqual([{ title: 'Lavinia', pages: 279 }, { title: 'Solaris', pages: 204 }])
  })

  it('runs a volatile function over POST, refuses its writes over GET, and answers void with 204', async () => {
    expect(await f.service.rpc('bump', { step: 2 })).toMatchObject({ error: null, data: 2 })
    const get = await f.service.rpc('bump', { step: 5 }, { get: true })
    expect(get.status).toBe(405)
    expect(get.error).toMatchObject({ code: '25006', message: 'cannot execute UPDATE in a read-only transaction' })
    expect(await f.sql('select n from public.counters')).toEqual([{ n: 2 }])
    expect(await f.service.rpc('reset')).toMatchObject({ error: null, data: null, status: 204 })
    expect(await f.sql('select n from public.counters')).toEqual([{ n: 0 }])
    const rolledBack = await f.rest('POST', '/rpc/bump', { json: {}, headers: { prefer: 'tx=rollback' } })
    expect(rolledBack.json).toBe(1)
    expect(await f.sql('select n from public.counters')).toEqual([{ n: 0 }])
  })

  it('chooses an overload by the arguments’ names, and refuses an ambiguous call (300)', async () => {
    expect((await f.anon.rpc('over', { a: 1 })).data).toBe('one')
    expect((await f.anon.rpc('over', { a: 1, b: 2 })).data).toBe('two')
    const amb = await f.anon.rpc('amb', { x: 1 })
    expect(amb.status).toBe(300)
    expect(amb.error).toMatchObject({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.amb(x => integer), public.amb(x => text)',
    })
  })

  it('answers an unknown function or argument with 404 PGRST202 and a hint', async () => {
    const none = await f.anon.rpc('no_such_function', { a: 1 })
    expect(none.status).toBe(404)
    expect(none.error).toMatchObject({
      code: 'PGRST202', message: 'Could not find the function public.no_such_function(a) in the schema cache',
      details: 'Searched for the function public.no_such_function with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    })
    expect((await f.anon.rpc('ad', { a: 1, b: 2 })).error).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.add' })
    expect((await f.anon.rpc('add', { a: 1 })).error).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.add(a, b)' })
    expect((await f.anon.rpc('add', { a: 1, b: 2, c: 3 })).error).toMatchObject({ code: 'PGRST202' })
  })

  it('passes json and array arguments, and the whole body to a single json parameter', async () => {
    expect((await f.anon.rpc('keys_of', { data: { x: 1, y: [2, { z: null }] } })).data).toEqual(['x', 'y'])
    expect((await f.anon.rpc('echo', { any: ['thing', 1] } as never)).data).toEqual({ any: ['thing', 1] })
    expect((await f.anon.rpc('sum_all', { nums: [1, 2, 3] })).data).toBe(6)
    expect((await f.anon.rpc('sum_all', { nums: [4, 5] }, { get: true })).data).toBe(9)
    const single = await f.rest('POST', '/rpc/whole', { json: { a: 1, b: [true] }, headers: { prefer: 'params=single-object' } })
    expect(single.json).toEqual({ a: 1, b: [true] })
    expect(single.headers.get('preference-applied')).toBe('params=single-object')
    const big = await f.rest('POST', '/rpc/echo', { body: '{"n": 123456789012345678901234567890}', headers: { 'content-type': 'application/json' } })
    expect(big.text).toBe('{"n": 123456789012345678901234567890}')
  })

  it('reads form bodies, repeated variadic arguments, and raw text and bytes for a single unnamed parameter', async () => {
    const form = await f.rest('POST', '/rpc/add', { body: 'a=1&b=41', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form.json).toBe(42)
    expect((await f.rest('GET', '/rpc/vsum?v=1&v=2&v=3')).json).toBe(6)
    expect((await f.anon.rpc('vsum', { v: [4, 5] })).data).toBe(9)
    const text = await f.rest('POST', '/rpc/shout', { body: 'hi there', headers: { 'content-type': 'text/plain' } })
    expect(text.json).toBe('HI THERE')
    const bytes = await f.rest('POST', '/rpc/byte_count', { body: Buffer.from([0, 1, 2, 255]), headers: { 'content-type': 'application/octet-stream' } })
    expect(bytes.json).toBe(4)
    const noText = await f.rest('POST', '/rpc/add', { body: 'x', headers: { 'content-type': 'text/plain' } })
    expect(noText.json).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.add in the schema cache' })
  })

  it('calls the schema of Content-Profile / Accept-Profile, and refuses one not exposed', async () => {
    expect(await f.anon.schema('rest_more').rpc('where_am_i')).toMatchObject({ error: null, data: 'rest_more' })
    expect(await f.anon.schema('rest_more').rpc('where_am_i', {}, { get: true })).toMatchObject({ error: null, data: 'rest_more' })
    const hidden = await f.anon.schema('auth').rpc('uid')
    expect(hidden.status).toBe(406)
    expect(hidden.error).toMatchObject({ code: 'PGRST106' })
  })

  it('answers errors raised by functions with PostgREST’s statuses', async () => {
    const teapot = await f.anon.rpc('teapot')
    expect(teapot.status).toBe(418)
    expect(teapot.error).toMatchObject({ code: 'PT418', message: 'short and stout' })
    const zero = await f.anon.rpc('divide', { a: 1, b: 0 })
    expect(zero.status).toBe(400)
    expect(zero.error).toMatchObject({ code: '22012', message: 'division by zero' })
    const badArg = await f.anon.rpc('add', { a: 'one', b: 2 })
    expect(badArg.error).toMatchObject({ code: '22P02' })
    const put = await f.rest('PUT', '/rpc/add', { json: { a: 1, b: 2 } })
    expect(put.status).toBe(405)
    expect(put.json).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PUT method on RPC' })
  })
})
