/**
 * The SQL a policy change runs. Shared: the policy editor's review step shows exactly what the server
 * then runs. Names go through the quoting helper; USING and WITH CHECK are SQL expressions the user
 * writes, so each must be one expression that cannot close the parentheses it is put in.
 */
import { PUBLIC_ROLE, type Policy, type PolicyAction, type PolicyCommand } from './policies'
import { SqlInputError, quoteIdent, quoteQualified } from './sql-quote'

/** A character Postgres may continue an identifier or a number with: the token before it goes on. */
const WORD = /[A-Za-z0-9_$\u0080-\uffff]/
/** Postgres' whitespace (JS's trim() removes more, e.g. U+00A0, which Postgres reads as part of a name). */
const SPACE = /^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g
/** A dollar-quote delimiter, $$ or $tag$ (a tag as Postgres scans it, any non-ASCII character included). */
/**
 * What lets a string go on after its closing quote: whitespace with a line break (and line comments), then
 * a quote. Postgres reads 'a'⏎'b' as one string 'ab', in the first part's mode (E'…' escapes included).
 */
const STRING_CONTINUES = /^(?:[ \t\f]|--[^\n\r]*)*[\n\r](?:[ \t\n\r\f\v]|--[^\n\r]*[\n\r])*'/
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/

interface Scan {
  problem: string | null
  /** the expression ends inside a line comment, so what follows it must start on a new line */
  endsInComment: boolean
}

/**
 * Scans `expr` as Postgres' lexer would, tracking strings, quoted names, comments and parentheses. Where
 * the lexer's reading depends on the token before (is `e'` an escape string, is `$a$` a dollar quote or
 * the end of a name or number?), an expression that reads differently either way is refused.
 */
function scan(expr: string): Scan {
  const fail = (problem: string): Scan => ({ problem, endsInComment: false })
  let depth = 0
  let i = 0
  const n = expr.length
  while (i < n) {
    const c = expr[i]!
    const next = expr[i + 1]
    const before = expr[i - 1] ?? ''
    if (c === '\0') return fail('The expression may not contain the NUL character')
    if (c === '-' && next === '-') {
      // a line comment ends at either line break
      const end = expr.slice(i).search(/[\n\r]/)
      if (end < 0) return { problem: depth > 0 ? 'The expression leaves a parenthesis open' : null, endsInComment: true }
      i += end + 1
    } else if (c === '/' && next === '*') {
      let level = 0
      do {
        if (expr.startsWith('/*', i)) (level++, (i += 2))
        else if (expr.startsWith('*/', i)) (level--, (i += 2))
        else i++
      } while (level > 0 && i < n)
      if (level > 0) return fail('The expression has an unterminated comment')
    } else if (c === "'") {
      // E'…' reads backslash escapes; after a name or number (xe'…', 1e'…') the e may belong to that token
      const afterE = /[eE]/.test(before)
      const escapes = afterE && !WORD.test(expr[i - 2] ?? '')
      const ambiguous = afterE && !escapes
      i++
      for (;;) {
        if (i >= n) return fail('The expression has an unterminated string')
        if (expr[i] === '\\' && ambiguous) return fail(`The expression has a string after "${before}" that reads differently as an escape string: put a space before the quote or E before the string`)
        if (escapes && expr[i] === '\\') i += 2
        else if (expr[i] === "'" && expr[i + 1] === "'") i += 2
        else if (expr[i] === "'") {
          const more = STRING_CONTINUES.exec(expr.slice(i + 1))
          if (!more) break
          i += 1 + more[0].length
        } else i++
      }
      i++
    } else if (c === '"') {
      const end = expr.indexOf('"', i + 1)
      if (end < 0) return fail('The expression has an unterminated quoted name')
      i = end + 1
    } else if (c === '$' && DOLLAR_TAG.test(expr.slice(i))) {
      if (WORD.test(before)) return fail(`The expression has "$" after "${before}" that could start a dollar-quoted string: put a space before it`)
      const tag = DOLLAR_TAG.exec(expr.slice(i))![0]
      const end = expr.indexOf(tag, i + tag.length)
      if (end < 0) return fail('The expression has an unterminated dollar-quoted string')
      i = end + tag.length
    } else {
      if (c === '(') depth++
      if (c === ')' && --depth < 0) return fail('The expression closes a parenthesis it did not open')
      if (c === ';') return fail('The expression may not contain a semicolon: it must be a single expression')
      i++
    }
  }
  return { problem: depth > 0 ? 'The expression leaves a parenthesis open' : null, endsInComment: false }
}

/**
 * Why `expr` is not one self-contained expression (a parenthesis closed before it opened, one left open,
 * an unterminated string, quoted name or comment, a semicolon outside strings, a quote or dollar sign
 * Postgres could read two ways), or null.
 */
export function expressionProblem(expr: string): string | null {
  return scan(expr).problem
}

/** `(expr)`: the expression as written, Postgres' whitespace trimmed; a closing line comment gets its own line. */
function wrap(expr: string): string {
  const trimmed = expr.replace(SPACE, '')
  const { problem, endsInComment } = scan(trimmed)
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
