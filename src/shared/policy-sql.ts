/**
 * The SQL a policy change runs. Shared: the policy editor's review step shows exactly what the server
 * then runs. Names go through the quoting helper; USING and WITH CHECK are SQL expressions the user
 * writes, so each must be one expression that cannot close the parentheses it is put in.
 */
import { PUBLIC_ROLE, type Policy, type PolicyAction, type PolicyCommand } from './policies'
import { SqlInputError, quoteIdent, quoteQualified } from './sql-quote'
import { continuesWord, dollarTagAt, lex, type OpenAtEnd, type Token } from './sql/tokens'

/** Postgres' whitespace (JS's trim() removes more, e.g. U+00A0, which Postgres reads as part of a name). */
const SPACE = /^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g

interface Check {
  problem: string | null
  /** the expression ends inside a line comment, so what follows it must start on a new line */
  endsInComment: boolean
}

/**
 * Where Postgres' reading of token `t` depends on the token before, which a lexer run on the expression
 * alone cannot know, and the readings differ: a string right after an `e` that may end a name or number
 * (ée'…', 1e'…': a plain string or E'…'?) holding a backslash; a dollar-quote delimiter right after a name
 * or number (a$$, 1$a$: does the name go on, or a dollar quote start?).
 */
function ambiguity(expr: string, t: Token): string | null {
  if (t.kind === 'string' && !t.text.startsWith('$') && t.text.includes('\\')) {
    const quote = t.start + t.text.indexOf("'")
    const before = expr[quote - 1] ?? ''
    if (/[eE]/.test(before) && continuesWord(expr[quote - 2])) {
      return `The expression has a string after "${before}" that reads differently as an escape string: put a space before the quote or E before the string`
    }
  }
  const opensDollarQuote = t.kind === 'string' && t.text.startsWith('$')
  const dollar = t.kind === 'word' ? dollarInWord(expr, t) : opensDollarQuote && continuesWord(expr[t.start - 1]) ? t.start : -1
  return dollar < 0 ? null : `The expression has "$" after "${expr[dollar - 1]}" that could start a dollar-quoted string: put a space before it`
}

/** Where in word `t` a dollar-quote delimiter starts ($ goes on a word: Postgres reads a$$ as one name), or -1. */
function dollarInWord(expr: string, t: Token): number {
  for (let i = t.start + 1; i < t.end; i++) if (expr[i] === '$' && dollarTagAt(expr, i)) return i
  return -1
}

const UNTERMINATED: Record<Exclude<OpenAtEnd, 'line comment'>, string> = {
  string: 'The expression has an unterminated string',
  'quoted name': 'The expression has an unterminated quoted name',
  'dollar-quoted string': 'The expression has an unterminated dollar-quoted string',
  comment: 'The expression has an unterminated comment',
}

/**
 * Reads `expr` with the SQL tokenizer: its parentheses must balance, with no semicolon outside strings,
 * nothing left open but a line comment, and no token Postgres could read two ways (see ambiguity).
 */
function check(expr: string): Check {
  const fail = (problem: string): Check => ({ problem, endsInComment: false })
  // the protocol ends a query at NUL, so it may not appear anywhere, strings included
  if (expr.includes('\0')) return fail('The expression may not contain the NUL character')
  const { tokens, openAtEnd } = lex(expr)
  let depth = 0
  for (const t of tokens) {
    const problem = ambiguity(expr, t)
    if (problem) return fail(problem)
    if (t.kind !== 'symbol') continue
    if (t.text === '(') depth++
    if (t.text === ')' && --depth < 0) return fail('The expression closes a parenthesis it did not open')
    if (t.text === ';') return fail('The expression may not contain a semicolon: it must be a single expression')
  }
  if (openAtEnd && openAtEnd !== 'line comment') return fail(UNTERMINATED[openAtEnd])
  return { problem: depth > 0 ? 'The expression leaves a parenthesis open' : null, endsInComment: openAtEnd === 'line comment' }
}

/**
 * Why `expr` is not one self-contained expression (a parenthesis closed before it opened, one left open,
 * an unterminated string, quoted name or comment, a semicolon outside strings, a quote or dollar sign
 * Postgres could read two ways), or null.
 */
export function expressionProblem(expr: string): string | null {
  return check(expr).problem
}

/** `(expr)`: the expression as written, Postgres' whitespace trimmed; a closing line comment gets its own line. */
function wrap(expr: string): string {
  const trimmed = expr.replace(SPACE, '')
  const { problem, endsInComment } = check(trimmed)
  if (problem) throw new SqlInputError(problem)
  return `(${trimmed}${endsInComment ? '\n' : ''})`
}

const present = (expr: string | null | undefined): expr is string => Boolean(expr?.trim())

/**
 * `a, b` with each role quoted, once; `public` when there are none, or when public is among them (it
 * holds every role: Postgres too ignores the others then).
 */
function rolesClause(roles: readonly string[]): string {
  if (!roles.length || roles.includes(PUBLIC_ROLE)) return PUBLIC_ROLE
  return [...new Set(roles)].map(quoteIdent).join(', ')
}

export interface PolicyCreate {
  name: string
  schema: string
  table: string
  action?: PolicyAction
  command: PolicyCommand
  definition?: string | null
  check?: string | null
  roles?: readonly string[]
}

export function createPolicySql(p: PolicyCreate): string {
  const lines = [
    `create policy ${quoteIdent(p.name)}`,
    `on ${quoteQualified(p.schema, p.table)}`,
    `as ${(p.action ?? 'PERMISSIVE').toLowerCase()}`,
    `for ${p.command.toLowerCase()}`,
    `to ${rolesClause(p.roles ?? [])}`,
  ]
  if (p.command !== 'INSERT' && present(p.definition)) lines.push(`using ${wrap(p.definition)}`)
  if (p.command !== 'SELECT' && p.command !== 'DELETE' && present(p.check)) lines.push(`with check ${wrap(p.check)}`)
  return `${lines.join('\n')};`
}

export interface PolicyChange {
  name?: string
  definition?: string | null
  check?: string | null
  roles?: readonly string[]
}

/**
 * The statements that turn `current` into `current` + `change`, in order; none when nothing changes. The
 * rename comes last, so the earlier statements can name the policy as it is. ALTER POLICY can replace an
 * expression but not remove one: clearing one drops the policy and creates it again. An expression the
 * policy's command does not take (USING for INSERT, WITH CHECK for SELECT and DELETE) is left out, as
 * createPolicySql leaves it out.
 */
export function updatePolicyStatements(current: Policy, requested: PolicyChange): string[] {
  const change: PolicyChange = {
    ...requested,
    definition: current.command === 'INSERT' ? undefined : requested.definition,
    check: current.command === 'SELECT' || current.command === 'DELETE' ? undefined : requested.check,
  }
  const clears = (next: string | null | undefined, now: string | null) => next !== undefined && !present(next) && present(now)
  if (clears(change.definition, current.definition) || clears(change.check, current.check)) {
    const merged: PolicyCreate = {
      ...current,
      name: change.name ?? current.name,
      definition: change.definition !== undefined ? change.definition : current.definition,
      check: change.check !== undefined ? change.check : current.check,
      roles: change.roles ?? current.roles,
    }
    return [dropPolicySql(current), createPolicySql(merged)]
  }
  const target = `${quoteIdent(current.name)} on ${quoteQualified(current.schema, current.table)}`
  const clauses: string[] = []
  if (change.roles !== undefined) clauses.push(`to ${rolesClause(change.roles)}`)
  if (present(change.definition)) clauses.push(`using ${wrap(change.definition)}`)
  if (present(change.check)) clauses.push(`with check ${wrap(change.check)}`)
  const statements = clauses.length ? [`alter policy ${target}\n${clauses.join('\n')};`] : []
  if (change.name !== undefined && change.name !== current.name) {
    statements.push(`alter policy ${target} rename to ${quoteIdent(change.name)};`)
  }
  return statements
}

/** updatePolicyStatements as one text, as the review step shows it; '' when nothing changes. */
export function updatePolicySql(current: Policy, change: PolicyChange): string {
  return updatePolicyStatements(current, change).join('\n')
}

export function dropPolicySql(p: Pick<Policy, 'name' | 'schema' | 'table'>): string {
  return `drop policy ${quoteIdent(p.name)} on ${quoteQualified(p.schema, p.table)};`
}
