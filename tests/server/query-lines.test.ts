/**
 * POST query/run/lines, the SQL editor's run read a part at a time: the same answer as query/run (every
 * statement, converted values, multi-byte text across chunk edges, the row limit's flags), in NDJSON lines
 * of bounded size, compressed when accepted; an error answers as query/run's does.
 */
import { describe, expect, it } from 'vitest'
import type { RunQueryLine } from '../../src/shared/content'
import { endpoints } from '../../src/shared/contract'
import { pathOf } from '../../src/shared/contract/endpoint'
import { ApiError } from '../../src/web/data/api'
import { AUTH } from '../support/auth'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

const withoutDuration = <T extends { duration_ms: number }>({ duration_ms: _, ...rest }: T) => rest

describe.each(targets())('query/run/lines on $name', (target) => {
  const { api } = client(target.url)
  const linesUrl = `${target.url}${pathOf(endpoints.runQueryLines.path, { ref: REF })}`

  /** The raw answer: status, headers and its lines parsed. */
  async function raw(body: object, encoding: string) {
    const res = await fetch(linesUrl, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'accept-encoding': encoding },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    const lines = text.split('\n')
    return { status: res.status, type: res.headers.get('content-type'), encoding: res.headers.get('content-encoding'), lines, text }
  }

  it('answers what query/run answers: every statement, its values converted, 30,000 rows in many lines', async () => {
    const t = unique('lines')
    const query = `
      create table ${t} (id int, name text, price numeric(6, 2), tags text[], meta jsonb, at timestamptz, ok boolean, big bigint);
      insert into ${t} select g, 'héllo ✓ 𝄞 ' || g, g / 100.0, array['x', 'y' || g], jsonb_build_object('g', g, 'nested', jsonb_build_array(g, null)),
        timestamptz '2024-01-02 03:04:05+00' + g * interval '1 second', g % 2 = 0, 9007199254740993 + g
        from generate_series(1, 30000) g;
      insert into ${t} values (0, null, null, null, null, null, null, null);
      select * from ${t} order by id;
      select count(*)::int as n, 'Ω' as "ünïcode column" from ${t};
      drop table ${t}`
    const lines = await api.runQueryLines(REF, { query })
    const plain = await api.runQuery(REF, { query })
    expect(withoutDuration(lines)).toEqual(withoutDuration(plain))
    expect(lines.results.map((r) => [r.command, r.rowCount, r.rows.length])).toEqual([
      ['CREATE', 0, 0], ['INSERT', 30000, 0], ['INSERT', 1, 0], ['SELECT', 30001, 30001], ['SELECT', 1, 1], ['DROP', 0, 0],
    ])
    expect(lines.results[3]!.rows[1]).toEqual({
      id: 1, name: 'héllo ✓ 𝄞 1', price: '0.01', tags: ['x', 'y1'], meta: { g: 1, nested: [1, null] }, at: '2024-01-02 03:04:06+00', ok: false,
      big: '9007199254740994',
    })
    expect(lines.results[4]!.rows).toEqual([{ n: 30001, 'ünïcode column': 'Ω' }])
    expect(lines.duration_ms).toBeGreaterThanOrEqual(0)
  })

  it('keeps the row limit: the first N rows, truncated and the statement place, as query/run', async () => {
    const query = 'select 1 as one;\nselect g, md5(g::text) as h from generate_series(1, 100000) g'
    const lines = await api.runQueryLines(REF, { query, limit: 1000 })
    expect(withoutDuration(lines)).toEqual(withoutDuration(await api.runQuery(REF, { query, limit: 1000 })))
    expect(lines.results[1]).toMatchObject({ command: 'SELECT', rowCount: 1000, truncated: true, statement: { from: 17, to: query.length } })
    expect(lines.results[1]!.rows).toHaveLength(1000)
    expect(lines.results[1]!.rows[999]).toEqual({ g: 1000, h: 'a9b7ba70783b617e9998dc4dd82eb3c5' })
  })

  it('sends NDJSON: each result without its rows, rows in lines of about 64 KB, the duration last; gzip when accepted', async () => {
    const query = `select g as id, repeat('x', 100) || g as filler from generate_series(1, 20000) g`
    for (const encoding of ['gzip', 'identity']) {
      const answer = await raw({ query }, encoding)
      expect(answer.status).toBe(200)
      expect(answer.type).toMatch(/^application\/x-ndjson/)
      expect(answer.encoding).toBe(encoding === 'gzip' ? 'gzip' : null)
      expect(answer.lines.at(-1)).toBe('') // every line ends with a line break
      const parsed = answer.lines.slice(0, -1).map((l) => JSON.parse(l) as RunQueryLine)
      expect(parsed[0]).toEqual({ result: { command: 'SELECT', columns: [{ name: 'id', dataTypeID: 23 }, { name: 'filler', dataTypeID: 25 }], rowCount: 20000 } })
      expect(Object.keys(parsed.at(-1)!)).toEqual(['duration_ms'])
      const rowLines = parsed.slice(1, -1)
      expect(rowLines.length).toBeGreaterThan(20) // ~2.3 MB of rows
      expect(rowLines.flatMap((l) => ('rows' in l ? l.rows : []))).toHaveLength(20000)
      for (const l of answer.lines.slice(1, -2)) expect(l.length).toBeLessThan(64 * 1024 + 200)
    }
  })

  it('answers a failing statement as query/run does: 400, its SQLSTATE and its position', async () => {
    const query = 'select 1;\nselect nope from generate_series(1, 3) g'
    const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e)
    const viaLines = await failure(api.runQueryLines(REF, { query }))
    const viaRun = await failure(api.runQuery(REF, { query }))
    expect(viaLines).toBeInstanceOf(ApiError)
    expect(viaLines).toMatchObject({ code: 400, pgCode: '42703', position: 18, message: (viaRun as ApiError).message })
    expect(viaRun).toMatchObject({ code: 400, pgCode: '42703', position: 18 })
  })
})
