/**
 * The endpoint table (src/shared/contract) on its own: one route per method and path, paths and query
 * strings built as the server reads them, and the client's `call` typed from it (the @ts-expect-error lines
 * are the test: tsc fails if one of them compiles).
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { Table, ViewLike } from '../../src/shared/api'
import { endpoints, pathOf, searchOf, type CallArgs, type QueryOf } from '../../src/shared/contract'
import type { Policy } from '../../src/shared/policies'
import { createApi } from '../../src/web/data/api'

const all = Object.entries(endpoints)

/** What the server's query parser hands a schema for a query string (repeated keys aside). */
const parsedSearch = (search: string) => Object.fromEntries(new URLSearchParams(search.slice(1)))

describe('the endpoint table', () => {
  it('has one endpoint per method and path, each under the dashboard API', () => {
    const keys = all.map(([, e]) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const [name, e] of all) {
      expect(e.path, name).toMatch(/^\/(platform\/|api\/ai\/|health$)/)
      expect(e.path, name).not.toMatch(/\/$|\/\/|\?/)
    }
  })

  it('marks the streams: uploads and the import carry a raw body, downloads, the export and the SQL result download answer bytes, the import and the SQL run lines', () => {
    const streams = Object.fromEntries(all.filter(([, e]) => e.stream).map(([name, e]) => [name, e.stream]))
    expect(streams).toEqual({
      exportRows: { answer: 'bytes' },
      resultDownload: { answer: 'bytes' },
      importRows: { body: 'csv', answer: 'ndjson' },
      runQueryLines: { answer: 'ndjson' },
      downloadObject: { answer: 'bytes' },
      uploadObject: { body: 'bytes' },
    })
    // a streamed body is never JSON: the endpoint has no body schema, only its query
    for (const [name, e] of all) if (e.stream && 'body' in e.stream) expect(e.body, name).toBeUndefined()
  })

  it('has no body on GET and DELETE-by-query, and JSON bodies elsewhere as schemas', () => {
    for (const [name, e] of all) {
      if (e.method === 'GET') expect(e.body, name).toBeUndefined()
      for (const schema of [e.query, e.body]) if (schema) expect(schema, name).toBeInstanceOf(z.ZodType)
    }
  })

  it('fills path parameters, URI-encoded, and refuses a missing one', () => {
    expect(pathOf(endpoints.bucket.path, { ref: 'default', id: 'a b/c' })).toBe('/platform/storage/default/buckets/a%20b%2Fc')
    expect(pathOf(endpoints.tables.path, { ref: 'de fault' })).toBe('/platform/pg-meta/de%20fault/tables')
    expect(() => pathOf(endpoints.bucket.path, { ref: 'default' })).toThrow(':id')
  })

  it('encodes a query as before: undefined left out, lists joined with commas, objects as JSON', () => {
    expect(searchOf(undefined)).toBe('')
    expect(searchOf({ a: undefined })).toBe('')
    expect(searchOf({ id: 3, include_columns: true, included_schemas: ['a', 'b c'] })).toBe('?id=3&include_columns=true&included_schemas=a%2Cb+c')
    expect(searchOf({ tableId: 1, mapping: { 'a,b': 'c' } })).toBe(`?tableId=1&mapping=${encodeURIComponent('{"a,b":"c"}').replace(/%20/g, '+')}`)
  })

  it('sends queries the server parses back to what the client meant', () => {
    const roundTrip = <E extends (typeof endpoints)[keyof typeof endpoints]>(e: E, q: QueryOf<E>) =>
      (e.query as z.ZodType).parse(parsedSearch(searchOf(q)))
    expect(roundTrip(endpoints.tables, { id: 7, include_columns: true, excluded_schemas: ['x', 'y'] })).toEqual({
      id: 7, include_columns: true, excluded_schemas: ['x', 'y'],
    })
    expect(roundTrip(endpoints.policies, { id: 9, included_schemas: ['public'] })).toEqual({ id: 9, included_schemas: ['public'] })
    expect(roundTrip(endpoints.searchEntities, { search: 'ord', limit: 5, types: ['table', 'partitioned table'] })).toEqual({
      search: 'ord', limit: 5, types: ['table', 'partitioned table'],
    })
    expect(roundTrip(endpoints.importRows, { tableId: 3, mapping: { 'a,"b"': 'c' } })).toEqual({ tableId: 3, mapping: { 'a,"b"': 'c' } })
    expect(roundTrip(endpoints.uploadObject, { path: 'a/b.txt', upsert: true })).toEqual({ path: 'a/b.txt', upsert: true })
    expect(roundTrip(endpoints.deleteContents, { ids: ['7d4f3c1e-3b7a-4c1e-9d1a-2b6f0e6c9a11'] })).toEqual({
      ids: ['7d4f3c1e-3b7a-4c1e-9d1a-2b6f0e6c9a11'],
    })
    expect(roundTrip(endpoints.entities, {})).toEqual({ schema: 'public', sort: 'alphabetical', limit: 100, offset: 0 })
  })
})

describe('the client is typed from the table', () => {
  const api = createApi('http://127.0.0.1:1')

  it('answers one item for a by-id read, and the list otherwise', () => {
    expectTypeOf(api.table).returns.resolves.toEqualTypeOf<Table>()
    expectTypeOf(api.tables).returns.resolves.toEqualTypeOf<Table[]>()
    expectTypeOf(api.policy).returns.resolves.toEqualTypeOf<Policy>()
    expectTypeOf(api.policies).returns.resolves.toEqualTypeOf<Policy[]>()
    expectTypeOf(api.views).returns.resolves.toEqualTypeOf<ViewLike[]>()
    expectTypeOf(api.createPolicies).returns.resolves.toEqualTypeOf<Policy[]>()
  })

  it('needs the params, query and body an endpoint has, and refuses others', () => {
    expectTypeOf<CallArgs<typeof endpoints.studio>>().toEqualTypeOf<{ params?: never; query?: never; body?: never; reportUnauthorized?: boolean }>()
    expectTypeOf<CallArgs<typeof endpoints.bucket>['params']>().toEqualTypeOf<{ ref: string; id: string }>()
    // Only type-checked: a function that is never called sends nothing.
    const typed = () => {
      void api.call(endpoints.studio)
      void api.call(endpoints.createPolicy, { params: { ref: 'default' }, body: { name: 'p', schema: 's', table: 't', command: 'SELECT' } })
      // @ts-expect-error the ref is missing
      void api.call(endpoints.schemas)
      // @ts-expect-error a bucket needs its id
      void api.call(endpoints.bucket, { params: { ref: 'default' } })
      // @ts-expect-error the command is not one of Postgres'
      void api.call(endpoints.createPolicy, { params: { ref: 'default' }, body: { name: 'p', schema: 's', table: 't', command: 'TRUNCATE' } })
      // @ts-expect-error the body is required
      void api.call(endpoints.createRole, { params: { ref: 'default' } })
      // @ts-expect-error tables take no body
      void api.call(endpoints.schemas, { params: { ref: 'default' }, body: {} })
      // @ts-expect-error an id is a number
      void api.call(endpoints.updateRole, { params: { ref: 'default' }, query: { id: '1' }, body: {} })
      // @ts-expect-error a stream is not a JSON call: use the api's upload helpers
      void api.call(endpoints.uploadObject, { params: { ref: 'default', id: 'b' }, query: { path: 'x' } })
    }
    expect(typed).toBeTypeOf('function')
  })
})
