/**
 * Which statements of a script change or remove data for good, for the SQL editor's confirmation before a
 * run (it runs in the browser on every run, so it reads tokens rather than loading a parser).
 */
import { isWord, statements, topLevel } from './statements'
import { tokenize, type Token } from './tokens'

export interface Destructive {
  kind: 'update' | 'delete' | 'drop' | 'truncate'
  /** what the confirmation lists: 'DELETE without a WHERE clause', 'DROP TABLE' */
  label: string
}

const VERBS = new Set(['select', 'insert', 'update', 'delete', 'drop', 'truncate', 'merge', 'values', 'table', 'alter', 'create'])

/** ALTER … DROP that removes something (not `drop not null`, `drop default`, `drop identity`, `drop expression`). */
const KEEPS_DATA_AFTER_DROP = new Set(['not', 'default', 'identity', 'expression'])

/** What makes one statement (or one CTE body) destructive, judged from its top-level words. */
function classify(statement: readonly Token[]): Destructive[] {
  const words = topLevel(statement).filter((t) => t.kind === 'word')
  const verbAt = words.findIndex((t) => VERBS.has(t.text))
  const verb = words[verbAt]?.text
  const rest = words.slice(verbAt + 1)
  if (verb === 'update' || verb === 'delete') {
    return rest.some((t) => t.text === 'where') ? [] : [{ kind: verb, label: `${verb.toUpperCase()} without a WHERE clause` }]
  }
  if (verb === 'drop') return [{ kind: 'drop', label: `DROP ${rest[0]?.text.toUpperCase() ?? ''}`.trim() }]
  if (verb === 'truncate') return [{ kind: 'truncate', label: 'TRUNCATE' }]
  if (verb === 'alter') {
    const drops = rest.flatMap((t, i) => (t.text === 'drop' && !KEEPS_DATA_AFTER_DROP.has(rest[i + 1]?.text ?? '') ? [rest[i + 1]?.text ?? ''] : []))
    return drops.map((what) => ({ kind: 'drop' as const, label: `ALTER ${rest[0]?.text.toUpperCase() ?? ''} … DROP ${what.toUpperCase()}`.trim() }))
  }
  return []
}

/** The bodies of a WITH statement's CTEs (`name AS [NOT] [MATERIALIZED] ( … )`), each as its own tokens. */
function cteBodies(statement: readonly Token[]): Token[][] {
  if (!isWord(statement[0], 'with')) return []
  const bodies: Token[][] = []
  let depth = 0
  let body: Token[] | null = null
  statement.forEach((t, i) => {
    const open = t.kind === 'symbol' && t.text === '('
    const close = t.kind === 'symbol' && t.text === ')'
    if (depth === 0 && open) {
      const [a, b, c] = [statement[i - 3], statement[i - 2], statement[i - 1]]
      if (isWord(c, 'as') || (isWord(c, 'materialized') && (isWord(a, 'as') || isWord(b, 'as')))) body = []
    } else if (depth === 1 && close && body) {
      bodies.push(body)
      body = null
    } else if (depth >= 1 && body) body.push(t)
    if (open) depth++
    else if (close) depth = Math.max(0, depth - 1)
  })
  return bodies
}

function destructiveIn(statement: readonly Token[]): Destructive[] {
  return [...cteBodies(statement).flatMap(destructiveIn), ...classify(statement)]
}

/**
 * The statements that change or remove data for good: UPDATE or DELETE without a WHERE clause, DROP,
 * ALTER … DROP and TRUNCATE, also inside a WITH statement's CTEs. A statement's verb is its first
 * top-level one, so CTEs (WITH … AS (…)) are looked past for it. Function and rule bodies do not run
 * now, so what they hold is not counted.
 */
export function destructiveStatements(sql: string): Destructive[] {
  return statements(tokenize(sql)).flatMap(destructiveIn)
}
