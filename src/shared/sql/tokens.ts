/**
 * The one SQL tokenizer, for the server (snippet titles) and the browser (the check before a destructive
 * run). It reads as PostgreSQL's lexer (scan.l) does: comments dropped (block comments nest, a line comment
 * ends at \n or \r), strings kept whole ('…', E'…' with backslash escapes, B'…', X'…', N'…', U&'…', a string
 * continued on the next line keeping its E mode, $tag$…$tag$ with any tag; plain strings read as with
 * standard_conforming_strings on, the default), quoted names undoubled (U&"…" with its \XXXX escapes read),
 * unquoted words folded as Postgres folds them (ASCII letters only). It reads; it never validates: an
 * unterminated string or comment runs to the end, and `lex` says what the text ended inside (the policy
 * editor's expression check refuses that).
 *
 * Why not libpg-query (PostgreSQL's parser as WASM; 17.7.4 measured for issue 11): the browser would fetch
 * a 1.15 MB .wasm (229 KB gzip, 169 KB brotli) plus 14 KB gzip of JS on the first run, where the
 * destructive check runs (the budget is ~100 KB); compiling it takes ~80 ms, and a 1 MB script parses in
 * ~140 ms against ~60 ms for tokens + statements + the check here. It also refuses a whole script for
 * one syntax error, while titles must read any saved text, so the server would need this lexer anyway.
 * Not used, on either side.
 */
export interface Token {
  /**
   * word: an unquoted identifier or keyword, folded; name: a quoted identifier, as Postgres reads it
   * (quotes removed, "" undoubled); string: a literal, as written; number; symbol: one character
   */
  kind: 'word' | 'name' | 'string' | 'number' | 'symbol'
  text: string
  /** UTF-16 offsets in the text: the token is `sql.slice(start, end)` */
  start: number
  end: number
}

/** Postgres' whitespace: JS's \s has more (U+00A0…), which Postgres reads as part of a word. */
const SPACE = new Set([' ', '\t', '\n', '\r', '\f', '\v'])
/** A line comment runs to either line break. */
const REST_OF_LINE = /[^\n\r]*/y
const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y
/** A character a word or a number may go on with (so what follows it may belong to that token). */
const WORD_GOES_ON = /[A-Za-z0-9_$\u0080-\uffff]/
/** Integers (with _ separators, 0x 0o 0b), decimals and reals; `1..10` stays 1 and `..10`. */
const NUMBER = /0[xX](?:_?[0-9A-Fa-f])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*(?:\.(?!\.)(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][-+]?\d(?:_?\d)*)?/y
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y
/** A literal's prefix: E'…' (backslash escapes), B'…', X'…', N'…', U&'…'; U&"…" is a quoted name. */
const PREFIX = /[eE](?=')|[bBxXnN](?=')|[uU]&(?=['"])/y
const PREFIX_START = new Set([...'eEbBxXnNuU'])

const sticky = (re: RegExp, sql: string, at: number): string | undefined => {
  re.lastIndex = at
  return re.exec(sql)?.[0]
}

/** Postgres may read `c` as part of the word or number before it ('a$', 'é', '1'). */
export const continuesWord = (c: string | undefined): boolean => c !== undefined && WORD_GOES_ON.test(c)

/** The dollar-quote delimiter starting at `at` ($$ or $tag$, the tag as Postgres scans it), if one does. */
export const dollarTagAt = (sql: string, at: number): string | undefined => (sql[at] === '$' ? sticky(DOLLAR_TAG, sql, at) : undefined)

/** Lower-cases ASCII letters only, as Postgres does with a UTF-8 database ('ÄRGER' is 'Ärger'). */
const fold = (word: string): string => (/[^\x00-\x7f]/.test(word) ? word.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : word.toLowerCase())

/** The index just past the (nested) block comment starting at `from`, or -1 when it runs to the end. */
function commentEnd(sql: string, from: number): number {
  let depth = 0
  let i = from
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth++
      i += 2
    } else if (sql.startsWith('*/', i)) {
      i += 2
      if (--depth === 0) return i
    } else i++
  }
  return -1
}

/**
 * Where a string closed just before `from` goes on: whitespace holding a line break (and `--` comments),
 * then a quote ('a'⏎'b' is 'ab'). The index of that quote, or -1.
 */
function continuation(sql: string, from: number): number {
  let newline = false
  for (let i = from; i < sql.length; ) {
    const c = sql[i]
    if (c === '\n' || c === '\r') {
      newline = true
      i++
    } else if (c === ' ' || c === '\t' || c === '\f' || (newline && c === '\v')) i++
    else if (c === '-' && sql[i + 1] === '-') {
      i += sticky(REST_OF_LINE, sql, i)!.length
    } else return newline && c === "'" ? i : -1
  }
  return -1
}

/**
 * The index just past the string whose opening quote is at `quote` ('' doubles a quote; E'…' also takes \),
 * or -1 when it runs to the end.
 */
function stringEnd(sql: string, quote: number, backslashes: boolean): number {
  let i = quote + 1
  while (i < sql.length) {
    const c = sql[i]
    if (backslashes && c === '\\') i += 2
    else if (c === "'" && sql[i + 1] === "'") i += 2
    else if (c === "'") {
      const more = continuation(sql, i + 1)
      if (more < 0) return i + 1
      i = more + 1
    } else i++
  }
  return -1
}

/** The index of the quote closing the quoted name opened at `quote` ("" doubles a quote), or -1. */
function quotedEnd(sql: string, quote: number): number {
  let i = quote + 1
  while (i < sql.length) {
    if (sql[i] === '"' && sql[i + 1] === '"') i += 2
    else if (sql[i] === '"') return i
    else i++
  }
  return -1
}

/** A U&"…" name's text with its \XXXX, \+XXXXXX and \\ escapes read (the default escape character). */
function unicodeName(raw: string): string {
  return raw.replace(/\\(?:\\|([0-9A-Fa-f]{4})|\+([0-9A-Fa-f]{6}))/g, (all, four?: string, six?: string) => {
    const code = parseInt(four ?? six ?? '', 16)
    return all === '\\\\' ? '\\' : code <= 0x10ffff ? String.fromCodePoint(code) : all
  })
}

/** What a text ends inside, when it ends inside something: a line comment is closed by the next line. */
export type OpenAtEnd = 'string' | 'quoted name' | 'dollar-quoted string' | 'comment' | 'line comment'

export interface Lexed {
  tokens: Token[]
  /** null when the text ends between tokens */
  openAtEnd: OpenAtEnd | null
}

/** The tokens of `sql`; whitespace and comments are skipped. */
export function tokenize(sql: string): Token[] {
  return lex(sql).tokens
}

/** The tokens of `sql`, and what the text ends inside (an unterminated string, name or comment runs to the end). */
export function lex(sql: string): Lexed {
  const tokens: Token[] = []
  const push = (kind: Token['kind'], text: string, start: number, end: number) => tokens.push({ kind, text, start, end })
  let openAtEnd: OpenAtEnd | null = null
  /** the end of a string, name or comment, or the end of the text (then it was left open) */
  const closedAt = (end: number, open: OpenAtEnd): number => {
    if (end >= 0) return end
    openAtEnd = open
    return sql.length
  }
  let i = 0
  while (i < sql.length) {
    const start = i
    const c = sql[i]!
    const next = sql[i + 1]
    if (SPACE.has(c)) {
      i++
      continue
    }
    const prefix = PREFIX_START.has(c) ? (sticky(PREFIX, sql, i) ?? '') : ''
    const tag = dollarTagAt(sql, i)
    if (c === '-' && next === '-') {
      i += sticky(REST_OF_LINE, sql, i)!.length
      if (i === sql.length) openAtEnd = 'line comment'
    } else if (c === '/' && next === '*') {
      i = closedAt(commentEnd(sql, i), 'comment')
    } else if (sql[i + prefix.length] === "'") {
      i = closedAt(stringEnd(sql, i + prefix.length, prefix === 'e' || prefix === 'E'), 'string')
      push('string', sql.slice(start, i), start, i)
    } else if (sql[i + prefix.length] === '"') {
      const open = i + prefix.length
      const close = quotedEnd(sql, open)
      i = closedAt(close < 0 ? close : close + 1, 'quoted name')
      const name = sql.slice(open + 1, close < 0 ? sql.length : close).replaceAll('""', '"')
      push('name', prefix ? unicodeName(name) : name, start, i)
    } else if (tag) {
      const close = sql.indexOf(tag, i + tag.length)
      i = closedAt(close < 0 ? close : close + tag.length, 'dollar-quoted string')
      push('string', sql.slice(start, i), start, i)
    } else {
      const word = sticky(WORD, sql, i)
      const number = word ? undefined : sticky(NUMBER, sql, i)
      if (word) {
        i += word.length
        push('word', fold(word), start, i)
      } else if (number) {
        i += number.length
        push('number', number, start, i)
      } else {
        i++
        push('symbol', c, start, i)
      }
    }
  }
  return { tokens, openAtEnd }
}
