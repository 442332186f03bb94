/** Reads through @supabase/supabase-js, unchanged, against the project's REST API (PostgREST 12 compatible). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH } from '../support/auth'
import { REF } from '../support/auth-client'
import { targets } from '../support/context'
import { restFixture, type RestFixture } from '../support/rest-fixture'

describe.each(targets())('REST reads on $name', (target) => {
  let f: RestFixture

  beforeAll(async () => {
    f = await restFixture(target, 'rest-read')
  }, 60_000)
  afterAll(() => f?.close())

  const ids = (rows: { id: number }[] | null) => rows?.map((r) => r.id)

  it('selects columns, renames, casts and JSON paths', async () => {
    const { data, error, status } = await f.anon.from('books').select('id, name:title, pages::text, rating:data->rating, lang:data->meta->>lang').order('id').limit(2)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      { id: 1, name: 'The Left Hand of Darkness', pages: '304', rating: 5, lang: 'en' },
      { id: 2, name: 'The Dispossessed', pages: '387', rating: 4, lang: 'en' },
    ])
    const all = await f.anon.from('authors').select().order('id')
    expect(all.data).toEqual([
      { id: 1, name: 'Ursula K. Le Guin', born: '1929-10-21', country: 'US' },
      { id: 2, name: 'Stanisław Lem', born: '1921-09-12', country: 'PL' },
      { id: 3, name: 'Octavia E. Butler', born: '1947-06-22', country: null },
    ])
  })

  it('answers with the database-built JSON, Content-Range and Content-Profile', async () => {
    const res = await f.rest('/books?select=id&order=id&limit=2&offset=1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('content-range')).toBe('1-2/*')
    expect(res.headers.get('content-profile')).toBe('public')
    expect(res.headers.get('content-location')).toBe('/books?limit=2&offset=1&order=id&select=id')
    expect(await res.json()).toEqual([{ id: 2 }, { id: 3 }])
    const none = await f.rest('/books?id=eq.99')
    expect(none.headers.get('content-range')).toBe('*/*')
    expect(await none.json()).toEqual([])
  })

  it('embeds to-one, to-many, many-to-many and through a view', async () => {
    const toOne = await f.anon.from('books').select('title, author:authors(name)').eq('id', 3).single()
    expect(toOne.data).toEqual({ title: 'Solaris', author: { name: 'Stanisław Lem' } })
    const byColumn = await f.anon.from('books').select('title, author_id(name)').eq('id', 5).single()
    expect(byColumn.data).toEqual({ title: 'Kindred', author_id: { name: 'Octavia E. Butler' } })
    const toMany = await f.anon.from('authors').select('name, books(title)').eq('id', 1).order('id', { referencedTable: 'books' })
    expect(toMany.data).toEqual([{ name: 'Ursula K. Le Guin', books: [{ title: 'The Left Hand of Darkness' }, { title: 'The Dispossessed' }] }])
    const m2m = await f.anon.from('films').select('title, actors(name)').eq('id', 2).order('name', { referencedTable: 'actors' })
    expect(m2m.data).toEqual([{ title: 'Aliens', actors: [{ name: 'Lance Henriksen' }, { name: 'Sigourney Weaver' }] }])
    const back = await f.anon.from('actors').select('name, films(title)').eq('id', 1).order('id', { referencedTable: 'films' })
    expect(back.data).toEqual([{ name: 'Sigourney Weaver', films: [{ title: 'Alien' }, { title: 'Aliens' }] }])
    const view = await f.anon.from('book_list').select('title, authors(name)').eq('id', 1)
    expect(view.data).toEqual([{ title: 'The Left Hand of Darkness', authors: { name: 'Ursula K. Le Guin' } }])
    const nested = await f.anon.from('authors').select('name, books(title, authors(id))').eq('id', 3)
    expect(nested.data).toEqual([{ name: 'Octavia E. Butler', books: [{ title: 'Kindred', authors: { id: 3 } }] }])
    const empty = await f.anon.from('authors').select('id, books(*)').eq('id', 99)
    expect(empty.data).toEqual([])
  })

  it('filters, orders and limits embedded resources; !inner and not-null filters filter the parent', async () => {
    const filtered = await f.anon.from('authors').select('id, books(id)').eq('books.mood', 'sad').order('id').order('id', { referencedTable: 'books' })
    expect(filtered.data).toEqual([{ id: 1, books: [] }, { id: 2, books: [{ id: 3 }] }, { id: 3, books: [{ id: 5 }] }])
    const inner = await f.anon.from('authors').select('id, books!inner(id)').eq('books.mood', 'sad').order('id')
    expect(inner.data).toEqual([{ id: 2, books: [{ id: 3 }] }, { id: 3, books: [{ id: 5 }] }])
    const limited = await f.anon.from('authors').select('id, books(id)').eq('id', 1).order('id', { referencedTable: 'books', ascending: false }).limit(1, { referencedTable: 'books' })
    expect(limited.data).toEqual([{ id: 1, books: [{ id: 2 }] }])
    const notNull = await f.anon.from('books').select('id, authors(name)').eq('authors.country', 'PL').not('authors', 'is', null).order('id')
    expect(ids(notNull.data)).toEqual([3, 4])
    const isNull = await f.anon.from('books').select('id, authors(name)').eq('authors.country', 'PL').is('authors', null).order('id')
    expect(ids(isNull.data)).toEqual([1, 2, 5])
    const emptyEmbed = await f.anon.from('films').select('title, actors!inner()').eq('actors.name', 'Harrison Ford')
    expect(emptyEmbed.data).toEqual([{ title: 'Blade Runner' }])
    const toOneOrder = await f.rest('/books?select=id,authors(name)&authors.order=name&id=eq.1')
    expect(await toOneOrder.json()).toEqual([{ id: 1, authors: { name: 'Ursula K. Le Guin' } }])
    const related = await f.rest('/books?select=id,authors(name)&order=authors(name).desc,id.asc&limit=3')
    expect((await related.json()).map((r: { id: number }) => r.id)).toEqual([1, 2, 3])
  })

  it('spreads a to-one embedded resource, picks relationships by hint, and words ambiguity and absence as PostgREST', async () => {
    const spread = await f.anon.from('books').select('title, ...authors(author:name, country)').eq('id', 1).single()
    expect(spread.data).toEqual({ title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', country: 'US' })
    const hinted = await f.anon.from('articles').select('headline, writer:authors!writer_id(name), editor:authors!articles_editor_id_fkey(name)').eq('id', 1).single()
    expect(hinted.data).toEqual({ headline: 'On Lem', writer: { name: 'Octavia E. Butler' }, editor: { name: 'Ursula K. Le Guin' } })
    const ambiguous = await f.anon.from('articles').select('headline, authors(name)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'articles' and 'authors'",
      hint: "Try changing 'authors' to one of the following: 'authors!articles_editor_id_fkey', 'authors!articles_writer_id_fkey'. Find the desired relationship in the 'details' key.",
      details: [
        { cardinality: 'many-to-one', embedding: 'articles with authors', relationship: 'articles_editor_id_fkey using articles(editor_id) and authors(id)' },
        { cardinality: 'many-to-one', embedding: 'articles with authors', relationship: 'articles_writer_id_fkey using articles(writer_id) and authors(id)' },
      ],
    })
    const none = await f.anon.from('films').select('title, authors(name)')
    expect(none.status).toBe(400)
    expect(none.error).toMatchObject({
      code: 'PGRST200', message: "Could not find a relationship between 'films' and 'authors' in the schema cache",
      details: "Searched for a foreign key relationship between 'films' and 'authors' in the schema 'public', but no matches were found.",
    })
    const spreadMany = await f.anon.from('authors').select('name, ...books(title)')
    expect(spreadMany.error).toMatchObject({ code: 'PGRST119' })
    const notEmbedded = await f.anon.from('authors').select('name').eq('books.id', 1)
    expect(notEmbedded.error).toMatchObject({ code: 'PGRST108' })
  })

  it('applies every operator family', async () => {
    const q = () => f.anon.from('books').select('id').order('id')
    expect(ids((await q().eq('author_id', 1)).data)).toEqual([1, 2])
    expect(ids((await q().neq('author_id', 1)).data)).toEqual([3, 4, 5])
    expect(ids((await q().gt('pages', 300)).data)).toEqual([1, 2])
    expect(ids((await q().gte('pages', 295).lt('pages', 304)).data)).toEqual([4])
    expect(ids((await q().lte('published', '1961-06-01')).data)).toEqual([3])
    expect(ids((await q().like('title', '%Dis%')).data)).toEqual([2])
    expect(ids((await q().ilike('title', 'the *')).data)).toEqual([1, 2, 4])
    expect(ids((await q().match({ author_id: 2, pages: 204 })).data)).toEqual([3])
    expect(ids((await f.anon.from('books').select('id').filter('title', 'match', '^The [CD]').order('id')).data)).toEqual([2, 4])
    expect(ids((await f.anon.from('books').select('id').filter('title', 'imatch', '^the c').order('id')).data)).toEqual([4])
    expect(ids((await q().in('id', [5, 1, 99])).data)).toEqual([1, 5])
    expect(ids((await q().in('title', ['Solaris', 'a,b "c"', 'Kindred'])).data)).toEqual([3, 5])
    expect(ids((await q().in('id', [])).data)).toEqual([])
    expect(ids((await q().is('published', null)).data)).toEqual([4])
    expect(ids((await q().not('published', 'is', null)).data)).toEqual([1, 2, 3, 5])
    expect(ids((await f.anon.from('books').select('id').filter('mood', 'isdistinct', 'sad').order('id')).data)).toEqual([1, 2, 4])
    expect(ids((await q().eq('mood', 'happy')).data)).toEqual([1])
    // arrays, ranges, jsonb
    expect(ids((await q().contains('tags', ['scifi', 'classic'])).data)).toEqual([1])
    expect(ids((await q().containedBy('tags', ['scifi', 'humor'])).data)).toEqual([3, 4, 5])
    expect(ids((await q().overlaps('tags', ['utopia', 'humor'])).data)).toEqual([2, 4])
    expect(ids((await q().contains('data', { meta: { lang: 'en' } })).data)).toEqual([1, 2])
    expect(ids((await q().eq('data->>rating', '5')).data)).toEqual([1, 3])
    expect(ids((await q().gt('data->rating', 3)).data)).toEqual([1, 2, 3])
    expect(ids((await q().rangeLt('during', '[1975,1976)')).data)).toEqual([1, 3])
    expect(ids((await q().rangeGt('during', '[1962,1965)')).data)).toEqual([2, 5])
    expect(ids((await q().rangeGte('during', '[1970,1971)')).data)).toEqual([2, 5])
    expect(ids((await q().rangeLte('during', '[1961,1963)')).data)).toEqual([3])
    expect(ids((await q().rangeAdjacent('during', '[1980,1990)')).data)).toEqual([2, 5])
    expect(ids((await q().overlaps('during', '[1965,1971)')).data)).toEqual([1, 2])
    expect(ids((await q().contains('during', '[1979,1980)')).data)).toEqual([2, 5])
    // full-text search
    expect(ids((await q().textSearch('fts', 'darkness')).data)).toEqual([1])
    expect(ids((await q().textSearch('fts', 'left & hand', { config: 'english' })).data)).toEqual([1])
    expect(ids((await q().textSearch('fts', 'the dispossessed', { type: 'plain' })).data)).toEqual([2])
    expect(ids((await q().textSearch('fts', 'left hand', { type: 'phrase', config: 'english' })).data)).toEqual([1])
    expect(ids((await q().textSearch('title', '"hand of" or solaris', { type: 'websearch' })).data)).toEqual([1, 3])
    // logic trees and quantifiers
    expect(ids((await q().or('id.eq.1,and(author_id.eq.2,pages.lt.250)')).data)).toEqual([1, 3])
    expect(ids((await q().not('id', 'in', '(1,2,3)')).data)).toEqual([4, 5])
    expect(ids((await q().or('title.ilike.*solaris*,pages.gt.380', { referencedTable: undefined })).data)).toEqual([2, 3])
    expect(ids((await q().likeAnyOf('title', ['%Cyber%', 'Kin%'])).data)).toEqual([4, 5])
    expect(ids((await q().likeAllOf('title', ['The %', '%s'])).data)).toEqual([1])
    expect(ids((await f.anon.from('books').select('id').filter('id', 'gt(all)', '{1,2}').order('id')).data)).toEqual([3, 4, 5])
    expect(ids((await f.anon.from('books').select('id').filter('id', 'eq(any)', '{2,4}').order('id')).data)).toEqual([2, 4])
  })

  it('orders with nulls first or last, and pages with range, limit, offset and the Range header', async () => {
    const nullsFirst = await f.anon.from('books').select('id').order('published', { ascending: false, nullsFirst: true })
    expect(ids(nullsFirst.data)).toEqual([4, 5, 2, 1, 3])
    const nullsLast = await f.anon.from('books').select('id').order('published', { ascending: false, nullsFirst: false })
    expect(ids(nullsLast.data)).toEqual([5, 2, 1, 3, 4])
    const page = await f.anon.from('books').select('id').order('id').range(1, 2)
    expect(ids(page.data)).toEqual([2, 3])
    const header = await f.rest('/books?select=id&order=id', { headers: { range: '3-10', 'range-unit': 'items' } })
    expect(header.headers.get('content-range')).toBe('3-4/*')
    expect(await header.json()).toEqual([{ id: 4 }, { id: 5 }])
  })

  it('counts exactly, by the planner, or estimated; HEAD answers only headers', async () => {
    const exact = await f.anon.from('books').select('id', { count: 'exact' }).order('id').range(0, 1)
    expect(exact.count).toBe(5)
    expect(exact.status).toBe(206)
    const all = await f.anon.from('books').select('id', { count: 'exact' })
    expect(all.status).toBe(200)
    expect(all.count).toBe(5)
    const planned = await f.anon.from('books').select('id', { count: 'planned' })
    expect(typeof planned.count).toBe('number')
    const estimated = await f.anon.from('books').select('id', { count: 'estimated' }).eq('author_id', 1)
    expect(estimated.count).toBe(2)
    const head = await f.anon.from('books').select('*', { count: 'exact', head: true }).eq('author_id', 2)
    expect(head).toMatchObject({ count: 2, data: null, error: null, status: 200 })
    const raw = await f.rest('/books?select=id', { method: 'HEAD', headers: { prefer: 'count=exact' } })
    expect(raw.headers.get('content-range')).toBe('0-4/5')
    expect(await raw.text()).toBe('')
    expect(raw.headers.get('preference-applied')).toBe('count=exact')
    const past = await f.rest('/books?offset=7', { headers: { prefer: 'count=exact' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('*/5')
    expect(await past.json()).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 7 was requested, but there are only 5 rows.' })
    const end = await f.rest('/books?offset=5', { headers: { prefer: 'count=exact' } })
    expect(end.headers.get('content-range')).toBe('*/5')
  })

  it('answers one object, or null with maybeSingle, or PGRST116', async () => {
    const one = await f.anon.from('authors').select('name').eq('id', 2).single()
    expect(one.data).toEqual({ name: 'Stanisław Lem' })
    const maybe = await f.anon.from('authors').select('name').eq('id', 9).maybeSingle()
    expect(maybe).toMatchObject({ data: null, error: null })
    const many = await f.anon.from('authors').select('name').single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 3 rows' })
    const none = await f.anon.from('authors').select('name').eq('id', 9).single()
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
  })

  it('answers CSV', async () => {
    const { data, error } = await f.anon.from('authors').select('id, name, country').order('id').csv()
    expect(error).toBeNull()
    // values as Postgres prints a row (quoted when they hold a space, comma or quote), as PostgREST does
    expect(data).toBe('id,name,country\n1,"Ursula K. Le Guin",US\n2,"Stanisław Lem",PL\n3,"Octavia E. Butler",')
    const quoted = await f.anon.from('books').select('title, tags').eq('id', 1).csv()
    expect(quoted.data).toBe('title,tags\n"The Left Hand of Darkness","{scifi,classic}"')
    const stripped = await f.rest('/authors?select=id,country&id=eq.3', { headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' } })
    expect(await stripped.json()).toEqual([{ id: 3 }])
    const unknown = await f.rest('/books', { headers: { accept: 'application/xml' } })
    expect(unknown.status).toBe(406)
    expect(await unknown.json()).toMatchObject({ code: 'PGRST107' })
  })

  it('reads another exposed schema by Accept-Profile, and refuses one not exposed', async () => {
    const other = await f.anon.schema('rest_other').from('notes').select()
    expect(other.data).toEqual([{ id: 1, body: 'in the other schema' }])
    const res = await f.rest('/notes', { headers: { 'accept-profile': 'rest_other' } })
    expect(res.headers.get('content-profile')).toBe('rest_other')
    const hidden = await f.anon.schema('auth').from('users').select()
    expect(hidden.status).toBe(406)
    expect(hidden.error).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public, graphql_public, rest_other' })
  })

  it('answers unknown tables and columns with PostgREST codes', async () => {
    const table = await f.anon.from('nope').select()
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache", hint: null })
    const typo = await f.anon.from('book').select()
    expect(typo.error).toMatchObject({ code: 'PGRST205', hint: "Perhaps you meant the table 'public.books'" })
    const embedTypo = await f.anon.from('authors').select('bookz(id)')
    expect(embedTypo.error).toMatchObject({ code: 'PGRST200', hint: "Perhaps you meant 'books' instead of 'bookz'." })
    const column = await f.anon.from('books').select('id, nope')
    expect(column.status).toBe(400)
    expect(column.error).toMatchObject({ code: '42703', message: 'column books.nope does not exist' })
    const filter = await f.anon.from('books').select('id').eq('nope', 1)
    expect(filter.error).toMatchObject({ code: '42703' })
    const value = await f.anon.from('books').select('id').eq('id', 'abc')
    expect(value.status).toBe(400)
    expect(value.error).toMatchObject({ code: '22P02' })
    const noKey = await fetch(`${f.restUrl}/books`)
    expect(noKey.status).toBe(401)
  })

  it('runs as the caller: RLS decides what anon and each user see', async () => {
    const anon = await f.anon.from('todos').select('task').order('id')
    expect(anon.data).toEqual([{ task: 'alice public' }])
    const alice = await f.alice.client.from('todos').select('task').order('id')
    expect(alice.data).toEqual([{ task: 'alice private' }, { task: 'alice public' }])
    const bob = await f.bob.client.from('todos').select('task').order('id')
    expect(bob.data).toEqual([{ task: 'bob private' }, { task: 'alice public' }])
    const service = await f.service.from('todos').select('task', { count: 'exact', head: true })
    expect(service.count).toBe(3)
    await f.sql('revoke select on public.films from anon')
    const denied = await f.anon.from('films').select()
    expect(denied.status).toBe(401)
    expect(denied.error).toMatchObject({ code: '42501' })
    const user = await f.alice.client.from('films').select('id').order('id').limit(1)
    expect(user.data).toEqual([{ id: 1 }])
    await f.sql('grant select on public.films to anon')
  })

  it('sees a table, column or relationship created after start', async () => {
    await f.anon.from('books').select('id').limit(1)
    await f.sql(`create table public.late (id int primary key, label text); insert into public.late values (1, 'new');
      grant select on public.late to anon`)
    const late = await f.anon.from('late').select()
    expect(late.data).toEqual([{ id: 1, label: 'new' }])
    await f.sql(`alter table public.late add column extra int default 7, add column author_id int references public.authors (id)`)
    const column = await f.anon.from('late').select('extra, authors(name)')
    expect(column.data).toEqual([{ extra: 7, authors: null }])
    // a change the request does not name is seen within about a second (the background check)
    await f.sql(`comment on table public.late is 'late one'`)
    await new Promise((r) => setTimeout(r, 1200))
    await f.anon.from('late').select()
    await new Promise((r) => setTimeout(r, 300))
    const cache = await f.own.studio.rest.cache(REF)
    expect(cache.relations.get('public.late')?.comment).toBe('late one')
  })

  it('keeps relations, columns, keys, foreign keys and functions in the schema cache', async () => {
    await f.sql(`
      create table public.cached (
        id bigint generated always as identity primary key, code varchar(12) unique, m public.mood default 'ok',
        twice int generated always as (id * 2) stored, note text not null);
      comment on column public.cached.code is 'the code';
      create materialized view public.cached_mv as select id, code from public.cached;
      create table public.parted (id int, at date, primary key (id, at)) partition by range (at);
      create view public.cached_view as select c.id, c.code as label from public.cached c;
      create function public.add_them(a int, b int default 2, out total int) language sql immutable as 'select a + b';
      comment on function public.add_them is 'adds';
      create function public.books_by(author int) returns setof public.books language sql stable as 'select * from public.books where author_id = author';
      create function public.touch(variadic xs text[]) returns void language sql as 'select';
      comment on schema rest_other is '@graphql({"inflect_names": true})';`)
    const cache = await f.own.studio.rest.cache(REF, { reload: true })
    const cached = cache.relations.get('public.cached')!
    expect(cached).toMatchObject({ kind: 'table', primaryKey: ['id'], insertable: true, updatable: true, deletable: true })
    const col = (name: string) => cached.columns.find((c) => c.name === name)!
    expect(col('id')).toMatchObject({ type: 'bigint', udtName: 'int8', nullable: false, hasDefault: true, generated: true, position: 1 })
    expect(col('code')).toMatchObject({ type: 'character varying(12)', maxLength: 12, comment: 'the code', nullable: true })
    expect(col('m')).toMatchObject({ type: 'public.mood', udtName: 'mood', udtSchema: 'public', enumValues: ['sad', 'ok', 'happy'], hasDefault: true, generated: false })
    expect(col('twice')).toMatchObject({ generated: true, hasDefault: true })
    expect(col('note')).toMatchObject({ nullable: false, hasDefault: false, default: null })
    expect(cache.relations.get('public.cached_mv')).toMatchObject({ kind: 'materialized_view', insertable: false })
    expect(cache.relations.get('public.parted')).toMatchObject({ kind: 'partitioned_table', primaryKey: ['id', 'at'] })
    expect(cache.relations.get('public.cached_view')).toMatchObject({ kind: 'view', primaryKey: ['id'], insertable: true, updatable: true })
    expect(cache.relations.get('public.book_list')).toMatchObject({ kind: 'view', primaryKey: ['id'], insertable: false })
    expect(cache.relations.get('public.books')?.comment).toBe('Books and their authors')
    expect(cache.foreignKeys).toEqual(expect.arrayContaining([
      { name: 'books_author_id_fkey', schema: 'public', table: 'books', columns: ['author_id'], refSchema: 'public', refTable: 'authors', refColumns: ['id'] },
      { name: 'books_author_id_fkey', schema: 'public', table: 'book_list', columns: ['author_id'], refSchema: 'public', refTable: 'authors', refColumns: ['id'] },
    ]))
    const [add] = cache.functions.get('public.add_them')!
    expect(add).toMatchObject({
      returnType: 'integer', returnsSet: false, returnsRelation: null, volatility: 'i', comment: 'adds',
      args: [
        { name: 'a', type: 'integer', mode: 'in', hasDefault: false },
        { name: 'b', type: 'integer', mode: 'in', hasDefault: true },
        { name: 'total', type: 'integer', mode: 'out', hasDefault: false },
      ],
    })
    expect(cache.functions.get('public.books_by')![0]).toMatchObject({ returnsSet: true, returnType: 'SETOF public.books', returnsRelation: { schema: 'public', name: 'books' }, volatility: 's' })
    expect((cache as typeof cache & { schemaComments: Map<string, string | null> }).schemaComments.get('rest_other')).toBe('@graphql({"inflect_names": true})')
    expect(cache.functions.get('public.touch')![0]).toMatchObject({ returnType: 'void', volatility: 'v', args: [{ name: 'xs', type: 'text[]', mode: 'variadic', hasDefault: false }] })
  })

  it('limits every answer to the max rows setting', async () => {
    const set = (maxRows: number | null) => fetch(`${f.own.studio.url}/platform/projects/${REF}/config/postgrest`, {
      method: 'PATCH', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ max_rows: maxRows }),
    })
    expect((await set(2)).status).toBe(200)
    try {
      const capped = await f.anon.from('books').select('id', { count: 'exact' }).order('id')
      expect(ids(capped.data)).toEqual([1, 2])
      expect(capped.count).toBe(5)
      expect(capped.status).toBe(206)
      const estimated = await f.anon.from('books').select('id', { count: 'estimated' })
      expect(estimated.count).toBeGreaterThan(2)
    } finally {
      await set(1000)
    }
  })
})
