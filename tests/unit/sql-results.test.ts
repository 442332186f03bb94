/** Results as text: CSV quoting, JSON, Markdown escaping; and error positions as line:column. */
import { describe, expect, it } from 'vitest'
import { toCsv, toJson, toMarkdown } from '../../src/web/model/sql-editor/results/format'
import { lineColumn, offsetOfPosition } from '../../src/web/model/sql-editor/editor/position'

const result = {
  columns: [{ name: 'id', dataTypeID: 23 }, { name: 'note', dataTypeID: 25 }, { name: 'meta', dataTypeID: 3802 }],
  rows: [
    { id: 1, note: 'plain', meta: { a: 1 } },
    { id: 2, note: 'has, comma "and" quotes\nand a line', meta: null },
    { id: 3, note: 'a | pipe', meta: [1, 2] },
  ],
}

describe('copy formats', () => {
  it('CSV quotes what needs it and leaves NULL empty', () => {
    expect(toCsv(result)).toBe(
      'id,note,meta\r\n1,plain,"{""a"":1}"\r\n2,"has, comma ""and"" quotes\nand a line",\r\n3,a | pipe,"[1,2]"\r\n',
    )
  })

  it('JSON is the rows as they came', () => {
    expect(JSON.parse(toJson(result))).toEqual(result.rows)
  })

  it('Markdown escapes pipes and line breaks and shows NULL', () => {
    expect(toMarkdown(result).split('\n')).toEqual([
      '| id | note | meta |',
      '| --- | --- | --- |',
      '| 1 | plain | {"a":1} |',
      '| 2 | has, comma "and" quotes<br>and a line | NULL |',
      '| 3 | a \\| pipe | [1,2] |',
    ])
  })
})

describe('error positions', () => {
  it('turns a 1-based character position into an offset and line:column', () => {
    const text = 'select 1;\nselect nope\nfrom x'
    const at = offsetOfPosition(text, 18)
    expect(text.slice(at, at + 4)).toBe('nope')
    expect(lineColumn(text, at)).toEqual({ line: 2, column: 8 })
  })

  it('counts characters as PostgreSQL does, past astral ones', () => {
    const text = "select '😀', oops"
    const at = offsetOfPosition(text, 13)
    expect(text.slice(at, at + 4)).toBe('oops')
    expect(lineColumn(text, at)).toEqual({ line: 1, column: 13 })
  })
})
