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

/**
 * The statements that change or remove data for good: UPDATE or DELETE without a WHERE clause, DROP and
 * TRUNCATE. A statement's verb is its first top-level one, so CTEs (WITH … AS (…)) are looked past.
 */
export function destructiveStatements(sql: string): Destructive[] {
  const found: Destructive[] = []
  for (const statement of statements(tokenize(sql))) {
    const words = topLevel(statement).filter((t) => t.kind === 'word')
    const verbAt = words.findIndex((t) => VERBS.has(t.text))
    const verb = words[verbAt]?.text
    const rest = words.slice(verbAt + 1)
    if (verb === 'update' || verb === 'delete') {
      if (!rest.some((t) => t.text === 'where')) found.push({ kind: verb, label: `${verb.toUpperCase()} without a WHERE clause` })
    } else if (verb === 'drop') {
      found.push({ kind: 'drop', label: `DROP ${rest[0]?.text.toUpperCase() ?? ''}`.trim() })
    } else if (verb === 'truncate') {
      found.push({ kind: 'truncate', label: 'TRUNCATE' })
    }
  }
  return found
}
