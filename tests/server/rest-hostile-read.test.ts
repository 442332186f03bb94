/**
 * Property tests of the REST reads with hostile input: table and column names made of quotes, spaces, dots,
 * commas, parentheses, unicode and `;--`, and hostile filter values, select strings and headers. The answer
 * is always the right rows or a PostgREST error (4xx with a code): never a 500, never a statement the client
 * wrote (a canary table stays as it was).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteIdent } from '../../src/shared/sql-quote'
import { targets } from '../support/context'
import { restFixture, type RestFixture } from '../support/rest-fixture'

const tricky = ['"', "'", ' ', '.', ',', '(', ')', ';--', ':', '!', '*', 'é', '😀', '\\', '$1', '-', '>', '{', '}', '[', ']', '&', '=', '+', 'a', 'Z', '_', '0', 'or', 'not.', 'eq.', '\n']
/** a name usable as a table name in a URL path (no '/', '?', '#', '%', '\\', not only dots) */
const tableName = fc
  .string({ unit: fc.constantFrom(...tricky.filter((u) => !/[\\\n]/.test(u))), minLength: 1, maxLength: 8 })
  .filter((s) => !/^\.+$/.test(s) && Buffer.byteLength(s) <= 63)
const columnName = fc.string({ unit: fc.constantFrom(...tricky), minLength: 1, maxLength: 8 }).filter((s) => Buffer.byteLength(s) <= 63)
const value = fc.oneof(fc.string({ unit: fc.constantFrom(...tricky, '%', '_', '\t'), maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 }))

/** A name as PostgREST's query grammar quotes it: `"…"` with `"` and `\` escaped. */
const q = (name: string) => `"${name.replace(/["\\]/g, '\\$&')}"`

const VALUES = ['plain', "O'Brien", 'say "hi"', 'a,b', '(x)', 'back\\slash', ';-- drop', 'é😀', '', ' ', 'null', 'NULL', '*', '%', '{a,b}']

describe.each(targets())('REST reads with hostile input on $name', (target) => {
  let f: RestFixture
  let n = 0

  beforeAll(async () => {
    f = await restFixture(target, 'rest-hostile')
    await f.sql(`create table public.canary (id int primary key); insert into public.canary values (1), (2), (3);
      create table public.hv (id int primary key, t text, j jsonb, arr text[]);
      grant select on public.canary, public.hv to anon`)
    const rows = VALUES.map((_, i) => `(${i + 1}, $${i + 1}, jsonb_build_object($${i + 1}::text, $${i + 1}::text), array[$${i + 1}::text])`)
    await f.own.studio.db.query(`insert into public.hv values ${rows.join(', ')}`, VALUES)
  }, 60_000)
  afterAll(() => f?.close())

  /** The answer is a PostgREST error: 4xx with a code (never a 500). */
  const isRestError = (status: number, body: unknown) =>
    status >= 400 && status < 500 && typeof (body as { code?: unknown })?.code === 'string'

  async function canaryIntact() {
    const { rows } = await f.own.studio.db.query<{ n: number }>('select count(*)::int as n from public.canary')
    expect(rows[0]!.n).toBe(3)
  }

  it('filters text, JSON keys and arrays by hostile values: the right rows, or a PostgREST error', async () => {
    await fc.assert(
      fc.asyncProperty(value, fc.constantFrom(...VALUES), value, async (v, known, key) => {
        const idsOf = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id).sort((a, b) => a - b)
        const expected = (pred: (t: string) => boolean) => VALUES.map((t, i) => [t, i + 1] as const).filter(([t]) => pred(t)).map(([, id]) => id)
        for (const x of [v, known]) {
          const eq = await f.anon.from('hv').select('id').eq('t', x)
          if (eq.error) expect(eq.status).toBeLessThan(500)
          else expect(idsOf(eq.data)).toEqual(expected((t) => t === x))
          const list = await f.anon.from('hv').select('id').filter('t', 'in', `(${[x, 'plain'].map(q).join(',')})`)
          expect(list.error).toBeNull()
          expect(idsOf(list.data)).toEqual(expected((t) => t === x || t === 'plain'))
          const or = await f.anon.from('hv').select('id').or(`t.eq.${q(x)},id.eq.1`)
          expect(or.error).toBeNull()
          expect(idsOf(or.data)).toEqual(expected((t) => t === x || t === 'plain'))
          const path = await f.anon.from('hv').select('id').eq(`j->>${q(x)}`, x)
          expect(path.error).toBeNull()
          expect(idsOf(path.data)).toEqual(expected((t) => t === x))
          const arr = await f.anon.from('hv').select('id').filter('arr', 'cs', `{${q(x)}}`)
          if (arr.error) expect(arr.status).toBeLessThan(500)
          else expect(idsOf(arr.data)).toEqual(expected((t) => t === x))
        }
        // operators whose matching rules are Postgres' own: never a 500
        for (const [op, operand] of [['like', v], ['ilike', v], ['match', v], ['imatch', v], ['fts', v], ['wfts', v], ['plfts', key], ['phfts', v], ['is', v], ['isdistinct', v], ['cs', v], ['ov', v], ['sl', v], ['adj', v], [`${key}`, v]] as const) {
          const res = await f.anon.from('hv').select('id').filter('t', op, operand)
          if (res.error) expect(res.status).toBeLessThan(500)
        }
      }),
      { numRuns: 25 },
    )
    await canaryIntact()
  })

  it('reads tables and columns with hostile names: the right rows, or a PostgREST error', async () => {
    await fc.assert(
      fc.asyncProperty(tableName, fc.uniqueArray(columnName, { minLength: 2, maxLength: 3 }), value, async (table, columns, v) => {
        const name = `${table}${++n}`
        const [first, second] = columns as [string, string]
        await f.sql(`create table public.${quoteIdent(name)} (${columns.map((c) => `${quoteIdent(c)} text`).join(', ')});
          grant select on public.${quoteIdent(name)} to anon`)
        await f.own.studio.db.query(`insert into public.${quoteIdent(name)} (${quoteIdent(first)}, ${quoteIdent(second)}) values ($1, 'one'), ('other', $2)`, [v, v])
        const all = await f.anon.from(name).select('*')
        expect(all.error).toBeNull()
        const row = (a: string | null, b: string | null) => Object.fromEntries(columns.map((c) => [c, c === first ? a : c === second ? b : null]))
        expect(all.data).toEqual([row(v, 'one'), row('other', v)])
        // exactly as written (supabase-js drops blanks outside what it takes for quotes, so `"\" \""` would change)
        const get = async (params: [string, string][]) => {
          const res = await f.rest(`/${encodeURIComponent(name)}?${new URLSearchParams(params)}`)
          return { status: res.status, body: await res.json() }
        }
        const picked = await get([['select', `${q(second)},renamed:${q(first)}`], [q(first), `eq.${v}`]])
        expect(picked.status).toBe(200)
        expect(picked.body).toEqual(v === 'other' ? [{ [second]: 'one', renamed: v }, { [second]: v, renamed: 'other' }] : [{ [second]: 'one', renamed: v }])
        const ordered = await get([['select', q(first)], ['order', `${q(second)}.desc.nullslast`], [`or`, `(${q(first)}.eq.${q(v)},${q(first)}.eq.other)`]])
        expect(ordered.status).toBe(200)
        expect((ordered.body as Record<string, string>[]).map((r) => r[first]).sort()).toEqual([v, 'other'].sort())
        // through supabase-js: the same rows, or a PostgREST error where its own quoting changed the names
        const js = await f.anon.from(name).select(q(first)).eq(q(second), 'one')
        if (js.error) expect(js.status).toBeLessThan(500)
        else expect(js.data).toEqual([{ [first]: v }])
        // unquoted, the names are whatever the grammar makes of them: a PostgREST error or a read of real columns
        const raw = await f.rest(`/${encodeURIComponent(name)}?select=${encodeURIComponent(columns.join(','))}&${encodeURIComponent(first)}=eq.${encodeURIComponent(v)}`)
        const body = await raw.json().catch(() => null)
        if (raw.status !== 200) expect(isRestError(raw.status, body)).toBe(true)
        await f.sql(`drop table public.${quoteIdent(name)}`)
      }),
      { numRuns: 20 },
    )
    await canaryIntact()
  })

  it('answers hostile select strings, filters, orders and headers with a PostgREST error at worst', async () => {
    const anything = fc.string({ unit: fc.constantFrom(...tricky, '(', ')', '!inner', '...', '::', '->', '->>', 'books', 'authors', 'id', 'title', 'canary', '\0'), maxLength: 24 })
    await fc.assert(
      fc.asyncProperty(anything, anything, anything, anything, async (select, key, val, header) => {
        const params = new URLSearchParams({ select, order: val })
        params.append(key || 'id', val)
        const ascii = header.replace(/[^\x20-\x7e]/g, '')
        const res = await f.rest(`/books?${params}`, { headers: { prefer: `count=${ascii}`, range: ascii } })
        const body = await res.json().catch(() => null)
        if (res.status >= 300) expect(isRestError(res.status, body) || res.status === 300).toBe(true)
        else expect(Array.isArray(body)).toBe(true)
      }),
      { numRuns: 150 },
    )
    for (const query of ['limit=99999999999999999999999&offset=99999999999999999999', 'limit=1e3', 'offset=-1', 'books.limit=9'.repeat(3), 'select=id::int;drop', 'select=id::text)from(canary', 'order=id.desc;drop']) {
      const res = await f.rest(`/books?${query}`, { headers: { range: '0-99999999999999999999999' } })
      const body = await res.json()
      if (res.status !== 200) expect(isRestError(res.status, body)).toBe(true)
      else expect(Array.isArray(body)).toBe(true)
    }
    for (const header of ['"public"', 'public;drop', 'pg_catalog', '']) {
      const res = await f.rest('/books', { headers: { 'accept-profile': header } })
      expect(res.status).toBe(406)
    }
    await canaryIntact()
  })
})
