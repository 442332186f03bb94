/** Which SQL asks for confirmation before it runs: the tokenizer sees past strings, comments and CTEs. */
import { describe, expect, it } from 'vitest'
import { destructiveStatements } from '../../src/shared/sql/destructive'
import { statements } from '../../src/shared/sql/statements'
import { continuesWord, dollarTagAt, lex, tokenize } from '../../src/shared/sql/tokens'

const kinds = (sql: string) => destructiveStatements(sql).map((d) => d.kind)

describe('destructive statement detection', () => {
  it('flags UPDATE and DELETE without WHERE, DROP and TRUNCATE', () => {
    expect(kinds('delete from orders')).toEqual(['delete'])
    expect(kinds('UPDATE orders SET paid = true')).toEqual(['update'])
    expect(kinds('drop table orders')).toEqual(['drop'])
    expect(kinds('truncate orders cascade')).toEqual(['truncate'])
    expect(destructiveStatements('drop table x; delete from y')).toEqual([
      { kind: 'drop', label: 'DROP TABLE' },
      { kind: 'delete', label: 'DELETE without a WHERE clause' },
    ])
  })

  it('lets filtered writes and reads through', () => {
    expect(kinds('delete from orders where id = 1')).toEqual([])
    expect(kinds('update orders set paid = true where id in (select id from x)')).toEqual([])
    expect(kinds('select * from orders; insert into t values (1)')).toEqual([])
    expect(kinds('create table drop_me (id int)')).toEqual([])
  })

  it('ignores words in strings, quoted names, dollar quotes and comments', () => {
    expect(kinds("select 'delete from orders'")).toEqual([])
    expect(kinds('select 1 -- drop table orders')).toEqual([])
    expect(kinds('/* truncate /* nested */ orders */ select 1')).toEqual([])
    expect(kinds('select $body$ drop table x; $body$')).toEqual([])
    expect(kinds("select E'it\\'s; drop table x'")).toEqual([])
    expect(kinds('delete from orders -- where id = 1')).toEqual(['delete'])
    expect(kinds("delete from orders where note = 'a;b'")).toEqual([])
  })

  it('does not count a WHERE inside parentheses, and looks past CTEs', () => {
    expect(kinds('update t set a = (select 1 from u where u.id = 2)')).toEqual(['update'])
    expect(kinds('with old as (select id from t where x) delete from t')).toEqual(['delete'])
    expect(kinds('with old as (select id from t) delete from t where id in (select id from old)')).toEqual([])
  })

  it('flags data-modifying CTEs without WHERE, and ALTER … DROP that removes something', () => {
    expect(destructiveStatements('with gone as (delete from t returning *) select count(*) from gone')).toEqual([
      { kind: 'delete', label: 'DELETE without a WHERE clause' },
    ])
    expect(kinds('with a as materialized (update t set x = 1 returning id), b as (select 1) select * from a')).toEqual(['update'])
    expect(kinds('with gone as (delete from t where id = 1 returning *) select * from gone')).toEqual([])
    expect(kinds("with s as (select '(delete from t)' as q) select * from s")).toEqual([])
    expect(destructiveStatements('alter table orders drop column note, add column x int')).toEqual([
      { kind: 'drop', label: 'ALTER TABLE … DROP COLUMN' },
    ])
    expect(kinds('ALTER TABLE orders ALTER COLUMN note DROP NOT NULL')).toEqual([])
    expect(kinds('alter table orders alter column note drop default')).toEqual([])
    expect(kinds('alter table orders add column drop_reason text')).toEqual([])
  })
})

describe('tokenize', () => {
  it('splits statements at top-level semicolons only', () => {
    const parts = statements(tokenize("select ';'; select 2;; select 3"))
    expect(parts).toHaveLength(3)
    expect(parts[0]?.map((t) => t.text)).toEqual(['select', "';'"])
  })
})

describe('lex', () => {
  it('says what the text ends inside: nothing, a string, a quoted name, a dollar quote, a comment or a line comment', () => {
    expect(lex("select 'a'").openAtEnd).toBeNull()
    expect(lex("select 'it''").openAtEnd).toBe('string')
    expect(lex("select E'\\'").openAtEnd).toBe('string')
    expect(lex("select 'a'\n'b").openAtEnd).toBe('string')
    expect(lex('select "a""').openAtEnd).toBe('quoted name')
    expect(lex('select $x$ a $y$').openAtEnd).toBe('dollar-quoted string')
    expect(lex('select /* a /* b */').openAtEnd).toBe('comment')
    expect(lex('select 1 -- done').openAtEnd).toBe('line comment')
    expect(lex('select 1 -- done\n').openAtEnd).toBeNull()
    expect(lex('select 1 /* a /* b */ */').openAtEnd).toBeNull()
  })

  it('reads the same tokens as tokenize, an open string or comment running to the end', () => {
    const sql = "select 'a', \"b\" /* c */ $$ d"
    expect(lex(sql).tokens).toEqual(tokenize(sql))
    expect(lex(sql).tokens.map((t) => t.text)).toEqual(['select', "'a'", ',', 'b', '$$ d'])
  })

  it('finds dollar-quote delimiters and the characters a word goes on with', () => {
    expect(dollarTagAt('a $tag$ b', 2)).toBe('$tag$')
    expect(dollarTagAt('a $1$ b', 2)).toBeUndefined()
    expect(dollarTagAt('$é$', 0)).toBe('$é$')
    expect(['a', 'Z', '0', '_', '$', 'é'].map(continuesWord)).toEqual([true, true, true, true, true, true])
    expect([' ', '(', "'", '"', '.', undefined].map(continuesWord)).toEqual([false, false, false, false, false, false])
  })
})
