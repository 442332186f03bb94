/** The policy SQL builders and the expression check that keeps USING and WITH CHECK inside their parentheses. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Policy } from '../../src/shared/policies'
import {
  createPolicySql, dropPolicySql, expressionProblem, updatePolicySql, updatePolicyStatements,
} from '../../src/shared/policy-sql'

const policy: Policy = {
  id: 1, name: 'own rows', schema: 'public', table: 'todos', table_id: 2, action: 'PERMISSIVE', command: 'UPDATE',
  definition: '(user_id = auth.uid())', check: '(user_id = auth.uid())', roles: ['authenticated'],
}

describe('expressionProblem', () => {
  it.each([
    'true',
    'user_id = auth.uid()',
    "name = 'it''s (not) closed; really'",
    "body ~ '^\\d+$'",
    "body = E'a \\' ) ; still a string'",
    "body = e'\\\\'",
    'body = $$ ) ; $$',
    'body = $tag$ $$ ) $tag$',
    'body = $ä$ ) ; $ä$',
    '"weird ) ; name" = 1',
    'U&"d\\0061t\\+000061" = 1',
    'a /* ) ; /* nested ) */ still ; */ = 1',
    'a = 1 -- trailing ) comment ;',
    'a = 1 -- ) ;\n and b = 2',
    '(a = 1) and (b = 2)',
    'a$b = 1',
    'x = $1',
    "x = 'a' 'b'",
    "x = U&'\\0041'",
    "x = 1e5",
    // a string goes on after a line break, in its own mode: here E'…' reads \' as a quote
    "x = 'a'\n'b'",
    "x = E'a'\n'\\' still in the string'",
    "x = E'a' -- c\n -- d\n'\\' ) ; '",
    // keywords, semicolons and parentheses inside strings, names, comments and dollar quotes are text
    "note = 'x); drop table t; select (1'",
    "note = E'\\'); drop table t; --'",
    '"drop table t; (" is not null',
    'a = 1 /* ); drop table t; create ( */',
    'a = 1 -- ); drop table t;\n and b = 2',
    'body = $fn$ begin; drop table t; end ) $fn$',
    "body = $$ ' ); delete from t; -- $$",
  ])('accepts %j', (expr) => {
    expect(expressionProblem(expr)).toBeNull()
  })

  it.each([
    ['true); drop table t; --', 'closes a parenthesis'],
    ['true) or (true', 'closes a parenthesis'],
    ['true; drop table t', 'semicolon'],
    ['(true', 'parenthesis open'],
    ["'open", 'unterminated string'],
    ["E'\\'", 'unterminated string'],
    ['"open', 'unterminated quoted name'],
    ['/* open', 'unterminated comment'],
    ['/* /* nested */ still open', 'unterminated comment'],
    ['$$ open', 'unterminated dollar-quoted string'],
    ['$a$ open $b$', 'unterminated dollar-quoted string'],
    ['a\0', 'NUL'],
    // a line comment ends at a carriage return too: what follows is code
    ['true --\r); drop table t; --\n', 'closes a parenthesis'],
    // non-ASCII letters continue a name, so ée'…' is a name then a plain string, not E'…'
    ["ée'\\' ) ; --'", 'reads differently as an escape string'],
    ["a$e'\\' ) ; --'", 'reads differently as an escape string'],
    // 1e'…': Postgres 14 reads an integer then an escape string
    ["1e'\\' ); drop table t; --'", 'reads differently as an escape string'],
    // a dollar tag may be non-ASCII
    ["$é$ ' $é$ ); drop table t; -- '", 'closes a parenthesis'],
    // after a name or number, $a$ may end that token or start a dollar quote
    ["1$a$ ' $a$ ); drop table t; -- '", 'could start a dollar-quoted string'],
    ["é$a$ ' $a$ ' ) '", 'could start a dollar-quoted string'],
    ['a$$ x $$', 'could start a dollar-quoted string'],
    ['$1$a$ x $a$', 'could start a dollar-quoted string'],
    // a backslash is a plain character in U&'…' and in "…": the quote ends them
    ["U&'\\' ) ; '", 'closes a parenthesis'],
    // E'…' then a continuation: the second part reads \' as a quote too, so ') or (true' is code
    ["E'x'\n'\\' = ' is not null) or (true --'", 'closes a parenthesis'],
    ["E'x'\r\n  '\\' = ' ) with check (false) --'", 'closes a parenthesis'],
    ['U&"\\" ) ; "', 'closes a parenthesis'],
    // the protocol ends a query at NUL: refused inside a string too
    ["x = 'a\0b'", 'NUL'],
    // the same words outside a string are code
    ["note = 'x'); drop table t; select ('", 'closes a parenthesis'],
    ['a = 1 /* ); */ ); drop table t', 'closes a parenthesis'],
    ['body = $fn$ x $fn$; drop table t', 'semicolon'],
  ])('refuses %j', (expr, problem) => {
    expect(expressionProblem(expr)).toContain(problem)
  })

  const pieces = fc.constantFrom(
    '(', ')', ';', "'", "''", '"', '""', '$$', '$a$', '$é$', 'e', 'E', 'é', '\\', '--', '\n', '\r', '/*', '*/', '*', '/', ' ', 'a', '1', '$',
  )
  const expressions = fc.array(pieces, { maxLength: 14 }).map((p) => p.join(''))

  it('never lets an accepted expression be closed early by a parenthesis after it', () => {
    fc.assert(
      fc.property(expressions, (expr) => {
        if (expressionProblem(expr) !== null) return
        // the wrapped expression is itself one expression, and nothing after it is swallowed unless on a new line
        expect(expressionProblem(`(${expr}\n)`)).toBeNull()
        expect(expressionProblem(`${expr}\n)`)).not.toBeNull()
      }),
      { numRuns: 3000 },
    )
  })

  it('puts every accepted expression into create policy with its parentheses intact', () => {
    fc.assert(
      fc.property(expressions, (expr) => {
        const accepted = expressionProblem(expr) === null && expr.trim() !== ''
        const build = () => createPolicySql({ name: 'p', schema: 's', table: 't', command: 'SELECT', definition: expr })
        if (!accepted) return void (expr.trim() && expect(build).toThrow())
        const using = build().split('\nusing ')[1]!
        expect(using.endsWith(');')).toBe(true)
        expect(expressionProblem(using.slice(0, -1))).toBeNull()
      }),
      { numRuns: 3000 },
    )
  })
})

describe('createPolicySql', () => {
  it('quotes names, lists roles and wraps the expressions the command takes', () => {
    expect(
      createPolicySql({
        name: 'own "rows"', schema: 'my schema', table: 'to"dos', command: 'ALL', action: 'RESTRICTIVE',
        definition: ' a = 1 ', check: 'b = 2', roles: ['authenticated', 'we"ird'],
      }),
    ).toBe(
      'create policy "own ""rows"""\non "my schema"."to""dos"\nas restrictive\nfor all\nto "authenticated", "we""ird"\nusing (a = 1)\nwith check (b = 2);',
    )
  })

  it('applies to public when no role (or only public) is named, and leaves out the expression a command does not take', () => {
    expect(createPolicySql({ name: 'p', schema: 's', table: 't', command: 'SELECT', definition: 'true', check: 'x', roles: ['public'] })).toBe(
      'create policy "p"\non "s"."t"\nas permissive\nfor select\nto public\nusing (true);',
    )
    expect(createPolicySql({ name: 'p', schema: 's', table: 't', command: 'INSERT', definition: 'x', check: 'true' })).toBe(
      'create policy "p"\non "s"."t"\nas permissive\nfor insert\nto public\nwith check (true);',
    )
  })

  it('names each role once, and only public when public is among them', () => {
    const to = (roles: string[]) => createPolicySql({ name: 'p', schema: 's', table: 't', command: 'SELECT', definition: 'true', roles }).split('\n')[4]
    expect(to(['anon', 'anon', 'authenticated'])).toBe('to "anon", "authenticated"')
    expect(to(['anon', 'public'])).toBe('to public')
  })

  it('ends a closing line comment before the parenthesis', () => {
    expect(createPolicySql({ name: 'p', schema: 's', table: 't', command: 'DELETE', definition: 'true -- everyone' })).toContain(
      'using (true -- everyone\n);',
    )
  })

  it('refuses an expression that would escape its parentheses', () => {
    expect(() => createPolicySql({ name: 'p', schema: 's', table: 't', command: 'SELECT', definition: 'true) or (true' })).toThrow(
      'closes a parenthesis',
    )
  })
})

describe('updatePolicyStatements', () => {
  it('is nothing when nothing changes', () => {
    expect(updatePolicyStatements(policy, {})).toEqual([])
    expect(updatePolicySql(policy, { name: policy.name })).toBe('')
  })

  it('alters roles and expressions, then renames', () => {
    expect(updatePolicyStatements(policy, { name: 'new', roles: [], definition: 'a', check: 'b' })).toEqual([
      'alter policy "own rows" on "public"."todos"\nto public\nusing (a)\nwith check (b);',
      'alter policy "own rows" on "public"."todos" rename to "new";',
    ])
    expect(updatePolicySql(policy, { roles: ['anon', 'authenticated'] })).toBe('alter policy "own rows" on "public"."todos"\nto "anon", "authenticated";')
  })

  it('leaves out an expression the command does not take, as create does', () => {
    expect(updatePolicyStatements({ ...policy, command: 'INSERT', definition: null, check: 'true' }, { definition: 'a' })).toEqual([])
    expect(updatePolicyStatements({ ...policy, command: 'SELECT', check: null }, { check: 'b', definition: 'a' })).toEqual([
      'alter policy "own rows" on "public"."todos"\nusing (a);',
    ])
  })

  it('re-creates the policy when an expression is cleared, under its new name', () => {
    const statements = updatePolicyStatements(policy, { name: 'new', check: '' })
    expect(statements).toEqual([
      dropPolicySql(policy),
      'create policy "new"\non "public"."todos"\nas permissive\nfor update\nto "authenticated"\nusing ((user_id = auth.uid()));',
    ])
    expect(updatePolicySql(policy, { name: 'new', check: '' })).toBe(statements.join('\n'))
  })

  it('does not re-create for clearing an expression the policy does not have', () => {
    expect(updatePolicyStatements({ ...policy, check: null }, { check: null })).toEqual([])
  })
})
