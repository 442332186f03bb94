/**
 * A small SQL tokenizer (words, quoted names, strings, dollar quotes, comments, punctuation) and what
 * the editor learns from it: the statements of a script and which of them are destructive.
 */

export interface Token {
  kind: 'word' | 'quoted' | 'string' | 'punct'
  /** words lower-cased; everything else as written */
  text: string
  /** UTF-16 offset in the text */
  start: number
}

const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y
const NUMBER = /[0-9.][0-9.eE]*/y
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y

/** Comments and whitespace are skipped; an unterminated string or comment runs to the end. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  const match = (re: RegExp): RegExpExecArray | null => {
    re.lastIndex = i
    return re.exec(sql)
  }
  const until = (end: string, from: number): number => {
    const at = sql.indexOf(end, from)
    return at < 0 ? sql.length : at + end.length
  }
  while (i < sql.length) {
    const c = sql[i]!
    const next = sql[i + 1]
    if (/\s/.test(c)) {
      i++
    } else if (c === '-' && next === '-') {
      i = until('\n', i)
    } else if (c === '/' && next === '*') {
      i = blockCommentEnd(sql, i)
    } else if (c === "'" || ((c === 'E' || c === 'e') && next === "'")) {
      const start = i
      i = stringEnd(sql, c === "'" ? i : i + 1, c !== "'")
      tokens.push({ kind: 'string', text: sql.slice(start, i), start })
    } else if (c === '"') {
      const start = i
      i = quotedEnd(sql, i)
      tokens.push({ kind: 'quoted', text: sql.slice(start, i), start })
    } else if (c === '$' && match(DOLLAR_TAG)) {
      const tag = match(DOLLAR_TAG)![0]
      const start = i
      i = until(tag, i + tag.length)
      tokens.push({ kind: 'string', text: sql.slice(start, i), start })
    } else if (match(WORD)) {
      const word = match(WORD)![0]
      tokens.push({ kind: 'word', text: word.toLowerCase(), start: i })
      i += word.length
    } else if (match(NUMBER)) {
      i += match(NUMBER)![0].length
    } else {
      tokens.push({ kind: 'punct', text: c, start: i })
      i++
    }
  }
  return tokens
}

/** Block comments nest in PostgreSQL. */
function blockCommentEnd(sql: string, from: number): number {
  let depth = 0
  let i = from
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth++
      i += 2
    } else if (sql.startsWith('*/', i)) {
      depth--
      i += 2
      if (depth === 0) return i
    } else {
      i++
    }
  }
  return sql.length
}

/** '' is a quote inside a string; E'' strings also take backslash escapes. */
function stringEnd(sql: string, quote: number, backslashes: boolean): number {
  let i = quote + 1
  while (i < sql.length) {
    const c = sql[i]
    if (backslashes && c === '\\') i += 2
    else if (c === "'" && sql[i + 1] === "'") i += 2
    else if (c === "'") return i + 1
    else i++
  }
  return sql.length
}

function quotedEnd(sql: string, quote: number): number {
  let i = quote + 1
  while (i < sql.length) {
    if (sql[i] === '"' && sql[i + 1] === '"') i += 2
    else if (sql[i] === '"') return i + 1
    else i++
  }
  return sql.length
}

/** The tokens of each statement (split at top-level semicolons), empty statements left out. */
export function statements(tokens: Token[]): Token[][] {
  const out: Token[][] = [[]]
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ';') out.push([])
    else out.at(-1)!.push(t)
  }
  return out.filter((s) => s.length > 0)
}

/** The tokens outside any parentheses. */
function topLevel(statement: Token[]): Token[] {
  let depth = 0
  const out: Token[] = []
  for (const t of statement) {
    if (t.kind === 'punct' && t.text === '(') depth++
    else if (t.kind === 'punct' && t.text === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0) out.push(t)
  }
  return out
}

const VERBS = new Set(['select', 'insert', 'update', 'delete', 'drop', 'truncate', 'merge', 'values', 'table', 'alter', 'create'])

export interface Destructive {
  kind: 'update' | 'delete' | 'drop' | 'truncate'
  /** what the confirmation lists: 'DELETE without a WHERE clause', 'DROP TABLE' */
  label: string
}

/** ALTER … DROP that removes something (not `drop not null`, `drop default`, `drop identity`, `drop expression`). */
const KEEPS_DATA_AFTER_DROP = new Set(['not', 'default', 'identity', 'expression'])

/** What makes one statement (or one CTE body) destructive, judged from its top-level words. */
function classify(statement: Token[]): Destructive[] {
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
function cteBodies(statement: Token[]): Token[][] {
  if (statement[0]?.text !== 'with') return []
  const bodies: Token[][] = []
  let depth = 0
  let body: Token[] | null = null
  statement.forEach((t, i) => {
    const open = t.kind === 'punct' && t.text === '('
    const close = t.kind === 'punct' && t.text === ')'
    if (depth === 0 && open) {
      const before = statement.slice(Math.max(0, i - 3), i).map((b) => b.text)
      if (before.at(-1) === 'as' || (before.at(-1) === 'materialized' && before.includes('as'))) body = []
    } else if (depth === 1 && close && body) {
      bodies.push(body)
      body = null
    } else if (depth >= 1 && body) body.push(t)
    if (open) depth++
    else if (close) depth = Math.max(0, depth - 1)
  })
  return bodies
}

function destructiveIn(statement: Token[]): Destructive[] {
  return [...cteBodies(statement).flatMap(destructiveIn), ...classify(statement)]
}

/**
 * The statements that change or remove data for good: UPDATE or DELETE without a WHERE clause, DROP,
 * ALTER … DROP and TRUNCATE, also inside a WITH statement's CTEs. A statement's verb is its first
 * top-level one, so CTEs (WITH … AS (…)) are looked past for it.
 */
export function destructiveStatements(sql: string): Destructive[] {
  return statements(tokenize(sql)).flatMap(destructiveIn)
}
