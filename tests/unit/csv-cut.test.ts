/** The import's CSV cutter: whole records for COPY, however the upload is split, and COPY's line numbers. */
import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { RecordCutter, recordAtLine, type LineBreak } from '../../src/server/rows/csv-cut'

const field = (cell: string) => (/[",\r\n]/.test(cell) || cell === '' ? `"${cell.replaceAll('"', '""')}"` : cell)

/** Cuts `bytes` split at `splits` and answers the records and bytes COPY would get. */
function cut(bytes: Uint8Array, splits: number[], layout: ConstructorParameters<typeof RecordCutter>[0]) {
  const cutter = new RecordCutter(layout)
  const parts: Uint8Array[] = []
  let records = 0
  let from = 0
  for (const at of [...splits.filter((s) => s < bytes.length).sort((a, b) => a - b), bytes.length]) {
    const piece = cutter.push(bytes.subarray(from, at))
    parts.push(...piece.chunks)
    records += piece.records
    from = at
  }
  const last = cutter.end()
  parts.push(...last.chunks)
  return { records: records + last.records, text: Buffer.concat(parts).toString('utf8') }
}

describe('RecordCutter', () => {
  it('passes well-formed records through untouched, split anywhere, and keeps chosen cells otherwise', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', ' ', 'é', '😀', '\\', '.'), maxLength: 6 })
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((columns) =>
          fc.record({
            columns: fc.constant(columns),
            rows: fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 12 }),
            keep: fc.subarray([...Array(columns).keys()], { minLength: 1 }),
            lineBreak: fc.constantFrom<LineBreak>('\n', '\r\n'),
            splits: fc.array(fc.nat(400), { maxLength: 6 }),
            closed: fc.boolean(),
          }),
        ),
        ({ columns, rows, keep, lineBreak, splits, closed }) => {
          const lines = rows.map((r) => r.map(field).join(','))
          const bytes = Buffer.from(lines.join(lineBreak) + (closed && lines.length ? lineBreak : ''))
          const { records, text } = cut(bytes, splits, { delimiter: ',', lineBreak, columns, keep })
          expect(records).toBe(rows.length)
          if (keep.length === columns) expect(text).toBe(lines.map((l) => (l === '\\.' ? '"\\."' : l) + lineBreak).join(''))
          const parsed = Papa.parse<string[]>(text, { newline: lineBreak }).data.filter((r, i, all) => i < all.length - 1 || r.join('') !== '')
          expect(parsed).toEqual(rows.map((r) => keep.map((k) => r[k]!)))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('skips empty lines, pads short records, drops extra cells and quotes a lone \\.', () => {
    const csv = '1;a\r\n\r\n2\r\n3;c;extra\r\n\\.;x\r\n'
    expect(cut(Buffer.from(csv), [3, 9], { delimiter: ';', lineBreak: '\r\n', columns: 2, keep: [0, 1] })).toEqual({
      records: 4,
      text: '1;a\r\n2;\r\n3;c\r\n\\.;x\r\n',
    })
    expect(cut(Buffer.from('a\n\\.\n\nb'), [], { delimiter: ',', lineBreak: '\n', columns: 1, keep: [0] })).toEqual({
      records: 3,
      text: 'a\n"\\."\nb\n',
    })
  })
})

describe('recordAtLine', () => {
  it('maps the line in COPY’s error context to the record, as PostgreSQL counts quoted line breaks', () => {
    // pairs checked against PostgreSQL 15 and PGlite (17): the data, the line COPY named, the bad record
    const seen: [string, number, number][] = [
      ['"x\ny",1\nq,zz\n', 2, 2],
      ['"x\n\ny",1\nq,zz\n', 2, 2],
      ['a,1\n"x\ny",1\n"p\n\nq",2\nq,zz\n', 7, 4],
      ['"x\ny",zz\n', 1, 1],
      ['"x\ny",1\n"x\ny",zz\n', 3, 2],
      ['a,1\r\n"x\r\ny",1\r\nq,zz\r\n', 4, 3],
      ['"x\ry",1\nq,zz\n', 3, 2],
    ]
    for (const [data, line, record] of seen) expect(recordAtLine([Buffer.from(data)], line)).toBe(record)
  })
})
