/** The postgres source's statements: literals out, parameters and names kept, on one line, cut. */
import { describe, expect, it } from 'vitest'
import { LOG_SQL_QUERY_CHARS } from '../../src/shared/constants'
import { commandOf, sqlShape } from '../../src/server/logs/sql-shape'

describe('sqlShape', () => {
  it('replaces strings, numbers and dollar-quoted bodies with ?', () => {
    expect(sqlShape(`select * from users where email = 'a@b.c' and age > 41.5`)).toBe('select * from users where email = ? and age > ?')
    expect(sqlShape(`select E'it\\'s', x'ff', interval '1 day'`)).toBe('select ?, ?, interval ?')
    expect(sqlShape(`do $body$ begin perform 'secret'; end $body$`)).toBe('do ?')
    expect(sqlShape(`select 1e10, -3, 0x1F`)).toBe('select ?, -?, ?')
  })

  it('keeps bind parameters, quoted names, casts and operators as written', () => {
    expect(sqlShape(`select "Weird ""Name""".id::int from s.t where id = $1 and tags @> $2::text[]`)).toBe(
      'select "Weird ""Name""".id::int from s.t where id = $1 and tags @> $2::text[]',
    )
  })

  it('drops comments and folds whitespace to one line', () => {
    expect(sqlShape(`select a, -- the password is 'x'\n  b /* 'y' */\n\tfrom t`)).toBe('select a, b from t')
  })

  it('reads an unterminated literal as a literal', () => {
    expect(sqlShape(`select 'never closed`)).toBe('select ?')
  })

  it('cuts a long statement with …', () => {
    const long = `select ${Array.from({ length: 2000 }, (_, i) => `c${i}`).join(', ')} from t`
    const shape = sqlShape(long)
    expect(shape).toHaveLength(LOG_SQL_QUERY_CHARS)
    expect(shape.endsWith('…')).toBe(true)
    expect(sqlShape(long, 100)).toHaveLength(100)
  })

  it('names the command of a statement', () => {
    expect(commandOf('insert into t values (?)')).toBe('INSERT')
    expect(commandOf('(select 1)')).toBe('')
  })
})
