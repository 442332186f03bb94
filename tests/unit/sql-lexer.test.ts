/**
 * The one SQL tokenizer (src/shared/sql) that titles and the destructive check share: where the two it
 * replaced disagreed, and where both read a script differently from PostgreSQL (each case checked against
 * PGlite), it reads as Postgres does.
 */
import { describe, expect, it } from 'vitest'
import { titleOf } from '../../src/server/content/title'
import { destructiveStatements } from '../../src/shared/sql/destructive'
import { statements } from '../../src/shared/sql/statements'
import { tokenize, type Token } from '../../src/shared/sql/tokens'

const kinds = (sql: string) => destructiveStatements(sql).map((d) => d.kind)
const shapes = (tokens: Token[]) => tokens.map((t) => [t.kind, t.text])
const texts = (sql: string) => statements(sql).map((s) => s.map((t) => t.text))

describe('tokens', () => {
  it('keeps numbers and dots (the editor dropped them) and the offsets of every token (titles had none)', () => {
    const sql = 'u.id = 1.5e3 + .5 + 1_000 + 0x1F'
    expect(shapes(tokenize(sql))).toEqual([
      ['word', 'u'], ['symbol', '.'], ['word', 'id'], ['symbol', '='], ['number', '1.5e3'], ['symbol', '+'],
      ['number', '.5'], ['symbol', '+'], ['number', '1_000'], ['symbol', '+'], ['number', '0x1F'],
    ])
    for (const t of tokenize(sql)) expect(sql.slice(t.start, t.end).toLowerCase()).toBe(t.text.toLowerCase())
  })

  it('reads a quoted name as Postgres names it (the editor kept the quotes), U&"…" escapes included', () => {
    expect(shapes(tokenize('"Big ""Orders""" U&"d\\0061t\\+000061"'))).toEqual([['name', 'Big "Orders"'], ['name', 'data']])
  })

  it('folds ASCII letters only, as Postgres does in UTF-8 (ÄRGER is Ärger, not ärger)', () => {
    expect(shapes(tokenize('CREATE TABLE ÄRGER'))).toEqual([['word', 'create'], ['word', 'table'], ['word', 'Ärger']])
  })

  it('takes only Postgres whitespace as a separator: U+00A0 belongs to the word', () => {
    expect(shapes(tokenize('a\u00a0b c'))).toEqual([['word', 'a\u00a0b'], ['word', 'c']])
  })

  it('keeps prefixed literals whole: B, X, N, U& and E strings', () => {
    expect(shapes(tokenize("b'1;0' x'1f' n'n;' U&'d\\0061t' e'\\';'"))).toEqual([
      ['string', "b'1;0'"], ['string', "x'1f'"], ['string', "n'n;'"], ['string', "U&'d\\0061t'"], ['string', "e'\\';'"],
    ])
  })

  it('reads a string continued on the next line as one, in its E mode', () => {
    // Postgres: E'a' ⏎ '\'' is the string a' ; then `drop table t` runs
    expect(shapes(tokenize("select E'a'\n'\\'';drop"))).toEqual([['word', 'select'], ['string', "E'a'\n'\\''"], ['symbol', ';'], ['word', 'drop']])
    expect(shapes(tokenize("'a' -- note\n 'b' 'c'"))).toEqual([['string', "'a' -- note\n 'b'"], ['string', "'c'"]])
  })
})

describe('statements', () => {
  it('reads dollar quotes with any tag: non-ASCII, and longer than 62 characters (titles missed those)', () => {
    const tag = `$${'t'.repeat(70)}$`
    expect(texts(`select ${tag};${tag}; select $é$;$é$`)).toHaveLength(2)
    expect(titleOf(`update t set a = ${tag};${tag} where id = 1`)).toEqual({ title: 'Update t', description: 'Updates rows in t.' })
  })

  it('ends a line comment at a carriage return too', () => {
    expect(texts('select 1; --note\rdrop table t')).toEqual([['select', '1'], ['drop', 'table', 't']])
    expect(kinds('select 1; --note\rdrop table t')).toEqual(['drop'])
  })

  it('does not split inside parentheses: a rule with several actions is one statement', () => {
    const rule = 'create rule r as on insert to t do also (insert into log values (1); delete from x); select 1'
    expect(statements(rule)).toHaveLength(2)
    expect(kinds(rule)).toEqual([])
    expect(titleOf(rule).description).toBe('Creates rule r on t and selects values.')
  })

  it('does not split inside BEGIN ATOMIC … END, as psql', () => {
    const fn = 'create function f() returns void language sql begin atomic insert into a values (1); delete from b; select case when true then 1 end; end; delete from c'
    expect(texts(fn).map((s) => s.slice(0, 2))).toEqual([['create', 'function'], ['delete', 'from']])
    expect(destructiveStatements(fn)).toEqual([{ kind: 'delete', label: 'DELETE without a WHERE clause' }])
    expect(titleOf(fn).description).toBe('Creates function f and deletes rows from c.')
    expect(texts('begin; delete from t where id = 1; end')).toHaveLength(3)
  })

  it('takes a quoted "as" for a name, not the keyword, when finding CTE bodies', () => {
    expect(kinds('with "as" as (delete from t returning *) select * from "as"')).toEqual(['delete'])
    expect(kinds('with x as (select "as" ("delete from t")) select 1')).toEqual([])
  })
})

describe('titles of rules', () => {
  it('name the table after TO (CREATE RULE … AS ON event TO t) or ON (DROP RULE r ON t)', () => {
    expect(titleOf('create rule r as on insert to t do instead nothing').title).toBe('Create rule r on t')
    expect(titleOf('drop rule if exists r on t').title).toBe('Drop rule r on t')
  })
})
