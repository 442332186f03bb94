/**
 * A small SQL tokenizer for reading what a script does (titles): comments dropped, strings and
 * dollar-quoted bodies kept whole, identifiers folded as Postgres folds them, split into statements at
 * top-level semicolons. It reads; it never validates.
 */
export interface Token {
  /** word: an unquoted identifier or keyword, lower-cased; name: a quoted identifier, as written */
  kind: 'word' | 'name' | 'string' | 'number' | 'symbol'
  text: string
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/
const DIGIT = /[0-9]/
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/

/** The index just past the (nested) block comment starting at `start`. */
function closeComment(sql: string, start: number): number {
  let depth = 0
  let i = start
  do {
    if (sql.startsWith('/*', i)) {
      depth++
      i += 2
    } else if (sql.startsWith('*/', i)) {
      depth--
      i += 2
    } else i++
  } while (depth > 0 && i < sql.length)
  return i
}

/** The statements of `sql`, each a non-empty list of tokens. */
export function statements(sql: string): Token[][] {
  const out: Token[][] = []
  let current: Token[] = []
  let i = 0
  const push = (kind: Token['kind'], text: string) => current.push({ kind, text })

  /** The index just past the quote closing a quoted run starting at `start` ('x' or "x"; doubled quotes escape). */
  const closeQuote = (start: number, quote: string, backslashes: boolean): number => {
    let j = start + 1
    while (j < sql.length) {
      if (backslashes && sql[j] === '\\') j += 2
      else if (sql[j] === quote && sql[j + 1] === quote) j += 2
      else if (sql[j] === quote) return j + 1
      else j++
    }
    return sql.length
  }

  while (i < sql.length) {
    const ch = sql[i]!
    const next = sql[i + 1]
    if (/\s/.test(ch)) i++
    else if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i)
      i = end < 0 ? sql.length : end + 1
    } else if (ch === '/' && next === '*') {
      i = closeComment(sql, i)
    } else if (ch === ';') {
      if (current.length) out.push(current)
      current = []
      i++
    } else if (ch === "'") {
      const end = closeQuote(i, "'", false)
      push('string', sql.slice(i, end))
      i = end
    } else if ((ch === 'e' || ch === 'E') && next === "'") {
      const end = closeQuote(i + 1, "'", true)
      push('string', sql.slice(i, end))
      i = end
    } else if (ch === '"') {
      const end = closeQuote(i, '"', false)
      push('name', sql.slice(i + 1, end - 1).replaceAll('""', '"'))
      i = end
    } else if (ch === '$' && DOLLAR_TAG.test(sql.slice(i, i + 64))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))![0]
      const close = sql.indexOf(tag, i + tag.length)
      const end = close < 0 ? sql.length : close + tag.length
      push('string', sql.slice(i, end))
      i = end
    } else if (WORD_START.test(ch)) {
      let j = i + 1
      while (j < sql.length && WORD_PART.test(sql[j]!)) j++
      push('word', sql.slice(i, j).toLowerCase())
      i = j
    } else if (DIGIT.test(ch) || (ch === '.' && DIGIT.test(next ?? ''))) {
      const number = /^[0-9]*\.?[0-9]+(e[+-]?[0-9]+)?/i.exec(sql.slice(i))?.[0] ?? ch
      push('number', number)
      i += number.length
    } else {
      push('symbol', ch)
      i++
    }
  }
  if (current.length) out.push(current)
  return out
}
