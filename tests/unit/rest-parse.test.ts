/**
 * The PostgREST 12 request grammar (src/server/rest/parse*.ts): select, filters with every operator, logic
 * trees, order, limit/offset, columns/on_conflict, RPC arguments, Prefer and Range; errors are PGRST100 worded
 * as PostgREST words them, and no input throws anything else.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Condition, FilterNode, SelectItem } from '../../src/server/rest/ast'
import { RestError } from '../../src/server/rest/errors'
import { parsePrefer, parseQuery, parseRange } from '../../src/server/rest/parse'

const q = (...pairs: [string, string][]) => parseQuery(pairs)
const select = (s: string) => q(['select', s]).select
const filter = (key: string, value: string): FilterNode => q([key, value]).filters[0]!.node
const cond = (value: string, key = 'c') => filter(key, value) as Condition
const col = (name: string, extra: object = {}): SelectItem => ({ kind: 'column', field: { name, json: [] }, ...extra })

function error(fn: () => unknown): RestError {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(RestError)
    return e as RestError
  }
  throw new Error('expected an error')
}

describe('select', () => {
  it('is * when absent and nothing when empty', () => {
    expect(q().select).toEqual([{ kind: 'star' }])
    expect(select('')).toEqual([])
  })

  it('reads columns, aliases, casts and JSON paths', () => {
    expect(select('id, full_name:name,age::text')).toEqual([col('id'), col('name', { alias: 'full_name' }), col('age', { cast: 'text' })])
    expect(select('data->a->>b,data->0->>-1,x:data->>"a,b"::int')).toEqual([
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] } },
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->', key: 0 }, { arrow: '->>', key: -1 }] } },
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->>', key: 'a,b' }] }, alias: 'x', cast: 'int' },
    ])
  })

  it('reads quoted names, names with blanks, dashes and $', () => {
    expect(select('"a,b","x(y)":"c:d",first name,my-col,$x')).toEqual([
      col('a,b'),
      col('c:d', { alias: 'x(y)' }),
      col('first name'),
      col('my-col'),
      col('$x'),
    ])
    expect(select('"say \\"hi\\""')).toEqual([col('say "hi"')])
  })

  it('reads embedded resources, hints, inner joins, spreads, nested to any depth', () => {
    expect(select('*,author:authors!books_author_fkey!inner(name,...publisher(id)),films(actors(roles(*)))')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed', relation: 'authors', alias: 'author', hint: 'books_author_fkey', inner: true, spread: false,
        select: [col('name'), { kind: 'embed', relation: 'publisher', inner: false, spread: true, select: [col('id')] }],
      },
      {
        kind: 'embed', relation: 'films', inner: false, spread: false,
        select: [{ kind: 'embed', relation: 'actors', inner: false, spread: false, select: [{ kind: 'embed', relation: 'roles', inner: false, spread: false, select: [{ kind: 'star' }] }] }],
      },
    ])
    expect(select('a!inner(*)')[0]).toMatchObject({ relation: 'a', inner: true })
    expect(select('a!inner!hint(*)')[0]).toMatchObject({ relation: 'a', inner: true, hint: 'hint' })
    expect(select('a!left(*)')[0]).toMatchObject({ relation: 'a', inner: false })
    expect(select('title,actors()')[1]).toMatchObject({ relation: 'actors', select: [] })
    expect(select(' id , author ( name ) ')).toEqual([col('id'), { kind: 'embed', relation: 'author', inner: false, spread: false, select: [col('name')] }])
  })

  it('reads aggregates', () => {
    expect(select('count(),total:count()::int,amount.sum(),n:amount::numeric.avg()::int,x.max(),x.min(),x.count()')).toEqual([
      col('*', { aggregate: 'count' }),
      col('*', { alias: 'total', aggregate: 'count', aggregateCast: 'int' }),
      col('amount', { aggregate: 'sum' }),
      col('amount', { alias: 'n', cast: 'numeric', aggregate: 'avg', aggregateCast: 'int' }),
      col('x', { aggregate: 'max' }),
      col('x', { aggregate: 'min' }),
      col('x', { aggregate: 'count' }),
    ])
  })

  it('refuses what PostgREST refuses, with its wording', () => {
    const e = error(() => select('id,clients(name[])'))
    expect(e.statusCode).toBe(400)
    expect(e.code).toBe('PGRST100')
    expect(e.message).toBe('"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)')
    expect(e.details).toMatch(/^unexpected "\[" expecting/)
    expect(error(() => select('data->>-78xy')).details).toMatch(/^unexpected "x" expecting digit/)
    for (const bad of ['id,', 'a(', 'a(b', 'a)', '*!x', 'name!hint', 'name::', 'x.foo()', 'alias:...rel(*)', 'a,,b', '"open', 'a->', 'a:b:c']) {
      expect(error(() => select(bad)).code, bad).toBe('PGRST100')
    }
  })
})

describe('filters', () => {
  it('reads every operator', () => {
    for (const op of ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts']) {
      expect(cond(`${op}.a.b`), op).toEqual({ kind: 'condition', field: { name: 'c', json: [] }, negate: false, op, value: 'a.b' })
    }
    expect(cond('like.*a*b').value).toBe('%a%b')
    expect(cond('ilike.A*').value).toBe('A%')
    expect(cond('cs.{1,2}').value).toBe('{1,2}')
    expect(cond('ov.[1,5)').value).toBe('[1,5)')
    expect(cond('eq.').value).toBe('')
  })

  it('reads not, quantifiers and text search languages', () => {
    expect(cond('not.eq.1')).toMatchObject({ negate: true, op: 'eq', value: '1' })
    expect(cond('eq(any).{1,"2,3", 4 }')).toMatchObject({ op: 'eq', quantifier: 'any', value: ['1', '2,3', '4'] })
    expect(cond('not.like(all).{a*,*b}')).toMatchObject({ negate: true, op: 'like', quantifier: 'all', value: ['a%', '%b'] })
    expect(cond('gt(any).{}')).toMatchObject({ quantifier: 'any', value: [] })
    expect(cond('fts(english).cat & dog')).toMatchObject({ op: 'fts', language: 'english', value: 'cat & dog' })
    expect(cond('not.wfts(simple).x')).toMatchObject({ negate: true, op: 'wfts', language: 'simple', value: 'x' })
    expect(error(() => cond('eq(any).1')).code).toBe('PGRST100')
    expect(error(() => cond('fts().x')).code).toBe('PGRST100')
    expect(error(() => cond('is(any).null')).code).toBe('PGRST100')
  })

  it('reads in lists with quotes and backslash escapes', () => {
    expect(cond('in.(a,"b,c",d)').value).toEqual(['a', 'b,c', 'd'])
    expect(cond('in.("a\\"b","x\\\\y","(p)")').value).toEqual(['a"b', 'x\\y', '(p)'])
    expect(cond('not.in.(1, 2)')).toMatchObject({ negate: true, value: ['1', ' 2'] })
    expect(cond('in.()').value).toEqual([])
    expect(cond('in.("a"b)').value).toEqual(['"a"b'])
    for (const bad of ['in.1,2', 'in.(1,2', 'in.(1)x']) expect(error(() => cond(bad)).code, bad).toBe('PGRST100')
  })

  it('reads is values in any case and refuses others', () => {
    for (const v of ['null', 'NULL', 'Not_Null', 'true', 'FALSE', 'unknown']) expect(cond(`is.${v}`).value).toBe(v.toLowerCase())
    const e = error(() => cond('is.maybe'))
    expect(e.code).toBe('PGRST100')
    expect(e.details).toMatch(/null or trilean value/)
    expect(error(() => cond('is.nullx')).code).toBe('PGRST100')
  })

  it('reads keys with JSON paths and embedded paths, and keeps repeated keys', () => {
    expect(q(['data->a->>b', 'eq.1']).filters[0]).toEqual({
      path: [],
      node: { kind: 'condition', field: { name: 'data', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, negate: false, op: 'eq', value: '1' },
    })
    expect(q(['actors.roles.name', 'eq.x']).filters[0]!.path).toEqual(['actors', 'roles'])
    expect(q(['age', 'gt.1'], ['age', 'lt.5']).filters.map((f) => (f.node as Condition).op)).toEqual(['gt', 'lt'])
  })

  it('refuses a value without an operator, with PostgREST wording', () => {
    const e = error(() => cond('val', 'id'))
    expect(e.message).toBe('"failed to parse filter (val)" (line 1, column 1)')
    expect(e.details).toBe('unexpected "v" expecting "not" or operator (eq, gt, ...)')
    for (const bad of ['', 'eq', 'eq1', 'not.val', 'xx.1', 'not.']) expect(error(() => cond(bad)).code, bad).toBe('PGRST100')
    expect(error(() => q(['a..b', 'eq.1'])).message).toMatch(/^"failed to parse tree path \(a\.\.b\)"/)
  })
})

describe('logic trees', () => {
  it('reads nested and/or with not, quotes, lists and arrays', () => {
    expect(q(['or', '(a.eq.1, and(b.gt.2,c.is.null),not.or(d.in.(1,"2,3"),e.cs.{1,2}),f.eq."x,y",g->>h.like.*z)']).filters[0]).toEqual({
      path: [],
      node: {
        kind: 'logic', op: 'or', negate: false,
        children: [
          { kind: 'condition', field: { name: 'a', json: [] }, negate: false, op: 'eq', value: '1' },
          {
            kind: 'logic', op: 'and', negate: false,
            children: [
              { kind: 'condition', field: { name: 'b', json: [] }, negate: false, op: 'gt', value: '2' },
              { kind: 'condition', field: { name: 'c', json: [] }, negate: false, op: 'is', value: 'null' },
            ],
          },
          {
            kind: 'logic', op: 'or', negate: true,
            children: [
              { kind: 'condition', field: { name: 'd', json: [] }, negate: false, op: 'in', value: ['1', '2,3'] },
              { kind: 'condition', field: { name: 'e', json: [] }, negate: false, op: 'cs', value: '{1,2}' },
            ],
          },
          { kind: 'condition', field: { name: 'f', json: [] }, negate: false, op: 'eq', value: 'x,y' },
          { kind: 'condition', field: { name: 'g', json: [{ arrow: '->>', key: 'h' }] }, negate: false, op: 'like', value: '%z' },
        ],
      },
    })
  })

  it('reads not.or, and, embedded trees and quantifiers inside', () => {
    expect(q(['not.or', '(a.eq.1)']).filters[0]!.node).toMatchObject({ op: 'or', negate: true })
    expect(q(['and', '(a.eq.1,b.not.eq(any).{1,2})']).filters[0]!.node).toMatchObject({
      op: 'and', children: [{ op: 'eq' }, { negate: true, quantifier: 'any', value: ['1', '2'] }],
    })
    expect(q(['actors.or', '(a.eq.1)']).filters[0]).toMatchObject({ path: ['actors'], node: { op: 'or', negate: false } })
    expect(q(['actors.not.and', '(a.eq.1)']).filters[0]).toMatchObject({ path: ['actors'], node: { op: 'and', negate: true } })
    expect(q(['or', '(and.eq.1,not.eq.2)']).filters[0]!.node).toMatchObject({ children: [{ field: { name: 'and' } }, { field: { name: 'not' } }] })
  })

  it('refuses broken trees, with PostgREST wording', () => {
    const e = error(() => q(['or', '()']))
    expect(e.message).toMatch(/^"failed to parse logic tree \(\(\)\)" \(line 1, column 2\)$/)
    expect(e.details).toMatch(/^unexpected "\)" expecting field name/)
    for (const bad of ['a.eq.1', '(a.eq.1', '(a.eq.1))', '(id.in.1,2)', '(a.xx.1)', '(not.xor(a.eq.1))', '(a)', '(a.eq.1,)']) {
      expect(error(() => q(['or', bad])).code, bad).toBe('PGRST100')
    }
  })
})

describe('order, limit, offset, columns, on_conflict', () => {
  it('reads order terms on the relation and on embedded ones', () => {
    expect(q(['order', 'a.desc.nullslast, b,c.nullsfirst,d->e.asc,"x,y"'], ['actors.order', 'name']).order).toEqual([
      {
        path: [],
        terms: [
          { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
          { field: { name: 'b', json: [] } },
          { field: { name: 'c', json: [] }, nulls: 'first' },
          { field: { name: 'd', json: [{ arrow: '->', key: 'e' }] }, direction: 'asc' },
          { field: { name: 'x,y', json: [] } },
        ],
      },
      { path: ['actors'], terms: [{ field: { name: 'name', json: [] } }] },
    ])
    expect(q(['order', 'author(name).desc']).order[0]!.terms).toEqual([{ relation: 'author', field: { name: 'name', json: [] }, direction: 'desc' }])
  })

  it('refuses bad order terms, with PostgREST wording', () => {
    const e = error(() => q(['order', 'id.ac']))
    expect(e.message).toBe('"failed to parse order (id.ac)" (line 1, column 4)')
    expect(e.details).toBe('unexpected "a" expecting "asc", "desc", "nullsfirst" or "nullslast"')
    for (const bad of ['', 'id.descc', 'id.asc.nls', 'id.nullslasttt', 'a(b,c)', 'a,', 'a.desc.asc']) {
      expect(error(() => q(['order', bad])).code, bad).toBe('PGRST100')
    }
  })

  it('reads limit and offset per embedded path', () => {
    expect(q(['limit', '10'], ['offset', '5'], ['actors.limit', '2'], ['actors.roles.offset', '0']).ranges).toEqual([
      { path: [], limit: 10, offset: 5 },
      { path: ['actors'], limit: 2 },
      { path: ['actors', 'roles'], offset: 0 },
    ])
    for (const bad of ['abc', '1.5', '', ' 1']) expect(error(() => q(['limit', bad])).code, bad).toBe('PGRST100')
    expect(error(() => q(['offset', '-1'])).code).toBe('PGRST100')
    const neg = error(() => q(['limit', '-1']))
    expect([neg.statusCode, neg.code, neg.details]).toEqual([416, 'PGRST103', 'Limit should be greater than or equal to zero.'])
  })

  it('reads columns and on_conflict, quoted too', () => {
    expect(q(['columns', 'a, b,"c,d"'], ['on_conflict', 'x,y']).columns).toEqual(['a', 'b', 'c,d'])
    expect(q(['on_conflict', 'x , "y z"']).onConflict).toEqual(['x', 'y z'])
    expect(error(() => q(['columns', 'a,'])).message).toMatch(/^"failed to parse columns parameter \(a,\)"/)
    expect(error(() => q(['on_conflict', ''])).message).toMatch(/^"failed to parse on_conflict parameter/)
  })

  it('never reads reserved keys as filters; the first select wins', () => {
    const p = q(['select', 'id'], ['select', 'name'], ['columns', 'a'], ['on_conflict', 'a'], ['or', '(a.eq.1)'], ['and', '(a.eq.1)'], ['not.or', '(a.eq.1)'], ['not.and', '(a.eq.1)'])
    expect(p.select).toEqual([col('id')])
    expect(p.filters.map((f) => f.node.kind)).toEqual(['logic', 'logic', 'logic', 'logic'])
  })
})

describe('RPC arguments', () => {
  it('sends keys that are argument names to args, repeated ones as lists, the rest to filters', () => {
    const p = parseQuery(
      [['a', '1'], ['tags', 'x'], ['tags', 'y'], ['name', 'eq.z'], ['select', 'id'], ['limit', '1']],
      { argNames: new Set(['a', 'tags', 'limit']) },
    )
    expect(p.args).toEqual({ a: '1', tags: ['x', 'y'] })
    expect(p.filters).toHaveLength(1)
    expect(p.ranges).toEqual([{ path: [], limit: 1 }])
    expect(parseQuery([['a', 'eq.1']], { argNames: new Set(['a']) }).args).toEqual({ a: 'eq.1' })
  })
})

describe('Prefer', () => {
  it('reads every preference from one or several headers; the first of a kind wins', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates')).toEqual({
      return: 'representation', count: 'exact', resolution: 'merge-duplicates',
    })
    expect(parsePrefer(['missing=default,tx=rollback', 'handling=lenient', 'max-affected=5', 'params=single-object', 'return=minimal', 'return=headers-only'])).toEqual({
      missing: 'default', tx: 'rollback', handling: 'lenient', maxAffected: 5, params: 'single-object', return: 'minimal',
    })
    expect(parsePrefer('count=planned, resolution=ignore-duplicates, missing=null, tx=commit')).toEqual({
      count: 'planned', resolution: 'ignore-duplicates', missing: 'null', tx: 'commit',
    })
    expect(parsePrefer('return=headers-only,count=estimated').count).toBe('estimated')
    expect(parsePrefer(undefined)).toEqual({})
    expect(parsePrefer('foo, return=everything, timezone=UTC')).toEqual({})
  })

  it('refuses unknown or invalid preferences with handling=strict (PGRST122)', () => {
    const e = error(() => parsePrefer('handling=strict, foo=bar, return=everything, count=exact'))
    expect([e.statusCode, e.code, e.message, e.details]).toEqual([400, 'PGRST122', 'Invalid preferences given with handling=strict', 'Invalid preferences: foo=bar, return=everything'])
    expect(parsePrefer('handling=strict, max-affected=10, timezone=UTC')).toEqual({ handling: 'strict', maxAffected: 10 })
  })
})

describe('Range', () => {
  it('reads from-to and from-', () => {
    expect(parseRange('0-9')).toEqual({ from: 0, to: 9 })
    expect(parseRange('10-')).toEqual({ from: 10 })
    expect(parseRange('5-5')).toEqual({ from: 5, to: 5 })
  })

  it('ignores what it cannot read and refuses an end before the start (416)', () => {
    for (const h of [undefined, '', 'items=0-9', 'a-b', '-5', '1-2-3']) expect(parseRange(h), String(h)).toBeUndefined()
    const e = error(() => parseRange('9-2'))
    expect([e.statusCode, e.code, e.message]).toEqual([416, 'PGRST103', 'Requested range not satisfiable'])
  })
})

describe('any input', () => {
  const keys = fc.constantFrom('select', 'order', 'or', 'and', 'not.or', 'x.or', 'limit', 'offset', 'columns', 'on_conflict', 'c', 'a.b', 'd->e')
  const chars = fc.constantFrom(...'abc()[]{},.:!*"\\ ->=_$0129eqinotslfrdayl'.split(''), 'eq.', 'in.(', 'not.', 'is.', 'and(', 'or(', '->>', '::', '...', '!inner', 'fts(', '(any)')
  const text = fc.oneof(fc.string(), fc.array(chars, { maxLength: 30 }).map((a) => a.join('')))

  it('is parsed or refused with PGRST100/PGRST103, never anything else', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(keys, text), text), { maxLength: 4 }), (pairs) => {
        try {
          parseQuery(pairs)
        } catch (e) {
          expect(e).toBeInstanceOf(RestError)
          expect(['PGRST100', 'PGRST103']).toContain((e as RestError).code)
        }
      }),
      { numRuns: 5000 },
    )
    fc.assert(
      fc.property(text, (h) => {
        try {
          parsePrefer(h)
          parseRange(h)
        } catch (e) {
          expect(e).toBeInstanceOf(RestError)
        }
      }),
    )
  })
})
