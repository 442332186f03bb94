import { describe, expect, it } from 'vitest'
import { parseFilter, parseFilters, parseSort, parseSorts, formatFilter, formatSort } from '../../src/shared/filters'
import {
  gridSearchParams, gridSearchSchema, hasUnreadFilters, ignoredParts, pageCount, patchGridSearch, readGridSearch,
} from '../../src/web/model/table-editor/search'
import { MSG } from '../../src/shared/messages'
import { parseSearch, stringifySearch } from '../../src/web/model/app/search-params'

describe('URL filters', () => {
  it('parses every operator', () => {
    for (const op of ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'like', 'ilike', 'in']) {
      expect(parseFilter(`age:${op}:3`)).toEqual({ column: 'age', operator: op, value: '3' })
    }
    expect(parseFilter('id:in:1,2,3')).toEqual({ column: 'id', operator: 'in', value: '1,2,3' })
  })

  it('keeps colons inside the value', () => {
    expect(parseFilter('at:gt:2024-01-01 10:00:00')).toEqual({ column: 'at', operator: 'gt', value: '2024-01-01 10:00:00' })
  })

  it("takes only null, not null, true or false after 'is'", () => {
    for (const v of ['null', 'not null', 'true', 'false']) expect(parseFilter(`x:is:${v}`)?.value).toBe(v)
    expect(parseFilter('x:is:abc')).toBeNull()
  })

  it('ignores malformed entries', () => {
    expect(parseFilters(['name:eq:a', 'nonsense', ':eq:1', 'x:zz:1', 'x:eq', 'y:is:maybe', 'b:neq:'])).toEqual([
      { column: 'name', operator: 'eq', value: 'a' },
      { column: 'b', operator: 'neq', value: '' },
    ])
  })

  it('round-trips through format', () => {
    const f = { column: 'title', operator: 'ilike' as const, value: '%a:b%' }
    expect(parseFilter(formatFilter(f))).toEqual(f)
  })

  it("reads back a column whose name holds ':' or '%', never as another column and operator", () => {
    for (const column of ['a:b', 'a:eq:b', '50%', '%3A', 'x%25:y']) {
      const f = { column, operator: 'eq' as const, value: '1:2' }
      expect(formatFilter(f)).toMatch(/^[^:]+:eq:1:2$/)
      expect(parseFilter(formatFilter(f))).toEqual(f)
      expect(parseFilters(stringifyAndBack(formatFilter(f)))).toEqual([f])
    }
    expect(formatFilter({ column: 'a:b', operator: 'eq', value: 'x' })).toBe('a%3Ab:eq:x')
    // the unencoded form is not silently read as column 'a'
    expect(parseFilter('a:b:eq:x')).toBeNull()
  })
})

describe('URL sorts', () => {
  it('parses asc and desc', () => {
    expect(parseSort('name:asc')).toEqual({ column: 'name', ascending: true })
    expect(parseSort('created_at:desc')).toEqual({ column: 'created_at', ascending: false })
  })

  it('ignores entries with missing or unknown parts', () => {
    expect(parseSorts(['name', ':asc', 'name:', 'name:up', 'id:desc'])).toEqual([{ column: 'id', ascending: false }])
  })

  it('round-trips a column name holding a colon', () => {
    const s = { column: 'a:b', ascending: false }
    expect(parseSort(formatSort(s))).toEqual(s)
    expect(parseSort('a:b:asc')).toEqual({ column: 'a:b', ascending: true })
    expect(parseSort(formatSort({ column: '50%', ascending: true }))).toEqual({ column: '50%', ascending: true })
  })
})

describe('gridSearchSchema', () => {
  it('reads an empty URL as the defaults, adding nothing to the URL', () => {
    expect(stringifySearch(gridSearchSchema.parse({}))).toBe('')
    expect(readGridSearch({})).toEqual({ filters: [], sorts: [], view: 'data', page: 1, rows: 100, schema: undefined })
  })

  it('reads repeatable keys as they come from the URL', () => {
    const search = parseSearch('?filter=a:eq:1&filter=b:gt:2&sort=a:desc&view=definition&page=3&rows=500&schema=auth')
    expect(gridSearchSchema.parse(search)).toEqual({
      filter: ['a:eq:1', 'b:gt:2'],
      sort: ['a:desc'],
      view: 'definition',
      page: '3',
      rows: '500',
      schema: 'auth',
    })
    expect(readGridSearch(search)).toMatchObject({ view: 'definition', page: 3, rows: 500, schema: 'auth' })
    expect(gridSearchSchema.parse(parseSearch('?filter=a:eq:1')).filter).toEqual(['a:eq:1'])
  })

  it('falls back field by field on bad values, never throwing, and keeps what the URL gave to tell it', () => {
    const bad = { filter: 42, sort: { x: 1 }, view: 'chart', page: '-2', rows: '250', schema: '' }
    // kept as given: the router writes the schema's answer back into the URL, where the notice reads it
    expect(gridSearchSchema.parse(bad)).toEqual({ filter: [], sort: [], view: 'chart', page: '-2', rows: '250', schema: undefined })
    expect(gridSearchSchema.parse({ view: { x: 1 }, page: [1, 2] })).toMatchObject({ view: undefined, page: undefined })
    expect(readGridSearch(bad)).toMatchObject({ view: 'data', page: 1, rows: 100 })
    expect(ignoredParts(bad)).toHaveLength(3)
    expect(readGridSearch({ page: 'abc', rows: 'lots' })).toMatchObject({ page: 1, rows: 100 })
    expect(readGridSearch({ page: '2.5' }).page).toBe(1)
    expect(readGridSearch({ rows: '1000' }).rows).toBe(1000)
    expect(gridSearchSchema.parse({ filter: ['a:eq:1', 7, null] }).filter).toEqual(['a:eq:1'])
  })

  it('leaves malformed filters in the raw list for parseFilters to ignore', () => {
    const v = readGridSearch(parseSearch('?filter=bad&filter=a:eq:1&sort=oops&sort=a:asc'))
    expect(v.filters).toEqual([{ column: 'a', operator: 'eq', value: '1' }])
    expect(v.sorts).toEqual([{ column: 'a', ascending: true }])
  })
})

describe('parts of the URL the grid cannot read', () => {
  it('are each told, with what the part should look like', () => {
    expect(ignoredParts(parseSearch('?sort=id'))).toEqual([MSG.urlPartIgnored('sort=id', 'a sort is column:asc or column:desc')])
    expect(ignoredParts(parseSearch('?view=garbage'))).toEqual([MSG.urlPartIgnored('view=garbage', 'view is data or definition')])
    const [filter] = ignoredParts(parseSearch('?filter=foo&filter=a:eq:1'))
    expect(filter).toMatch(/^Ignored "filter=foo" in the address: a filter is column:operator:value/)
    expect(ignoredParts(parseSearch('?page=abc&rows=7'))).toHaveLength(2)
  })

  it('are none for a URL the grid reads whole', () => {
    expect(ignoredParts(parseSearch('?filter=a%253Ab:eq:1&sort=id:desc&view=definition&page=3&rows=500&schema=auth'))).toEqual([])
    expect(ignoredParts({})).toEqual([])
  })

  it('mark a URL whose filters were not all read, so nothing runs unfiltered', () => {
    expect(hasUnreadFilters(parseSearch('?filter=foo'))).toBe(true)
    expect(hasUnreadFilters(parseSearch('?filter=a:b:eq:1'))).toBe(true)
    expect(hasUnreadFilters(parseSearch('?filter=a%253Ab:eq:1'))).toBe(false)
    expect(hasUnreadFilters(parseSearch('?sort=id'))).toBe(false)
  })
})

describe('writing the grid search back', () => {
  it('leaves defaults out of the URL', () => {
    const params = gridSearchParams({ filters: [], sorts: [], view: 'data', page: 1, rows: 100 })
    expect(stringifySearch(params)).toBe('')
  })

  it('writes filters and sorts as repeatable keys', () => {
    const params = gridSearchParams({
      filters: [{ column: 'a', operator: 'eq', value: '1' }, { column: 'b', operator: 'is', value: 'not null' }],
      sorts: [{ column: 'a', ascending: false }],
      page: 2,
      rows: 500,
      view: 'definition',
    })
    expect(stringifySearch(params)).toBe('?filter=a%3Aeq%3A1&filter=b%3Ais%3Anot+null&sort=a%3Adesc&view=definition&page=2&rows=500')
  })

  it('patches one field, keeping the rest and unknown keys', () => {
    const prev = parseSearch('?filter=a:eq:1&page=4&schema=auth&other=x')
    expect(patchGridSearch(prev, { page: 1 })).toMatchObject({ filter: ['a:eq:1'], page: undefined, schema: 'auth', other: 'x' })
    expect(patchGridSearch(prev, { filters: [] }).filter).toBeUndefined()
  })
})

describe('pageCount', () => {
  it('is at least one and rounds up', () => {
    expect(pageCount(0, 100)).toBe(1)
    expect(pageCount(100, 100)).toBe(1)
    expect(pageCount(101, 100)).toBe(2)
    expect(pageCount(1_000_000, 1000)).toBe(1000)
  })
})

/** An entry through the URL and back, as the router writes and reads it. */
function stringifyAndBack(entry: string): unknown {
  return parseSearch(stringifySearch({ filter: [entry] })).filter
}
