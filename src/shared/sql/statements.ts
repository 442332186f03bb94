/**
 * A script's statements, split where psql splits them: at a semicolon outside parentheses (a rule's
 * `DO ALSO (a; b)` is one statement) and outside the BEGIN ATOMIC … END body of CREATE FUNCTION or
 * PROCEDURE (psql's heuristic: after CREATE [OR REPLACE] FUNCTION|PROCEDURE, BEGIN and, inside it,
 * CASE open a block that END closes).
 */
import { tokenize, type Token } from './tokens'

/** `t` is this unquoted word (a quoted "as" is a name, not the keyword). */
export const isWord = (t: Token | undefined, word: string): boolean => t?.kind === 'word' && t.text === word
const isRoutine = (word: string | undefined) => word === 'function' || word === 'procedure'

/** The tokens of each statement, empty statements left out. */
export function statements(sql: string | readonly Token[]): Token[][] {
  const tokens = typeof sql === 'string' ? tokenize(sql) : sql
  const out: Token[][] = []
  let current: Token[] = []
  let parens = 0
  let blocks = 0
  /** the statement's first words, up to the FUNCTION or PROCEDURE they may lead to */
  let head: string[] = []
  let routine = false
  for (const t of tokens) {
    if (t.kind === 'symbol' && t.text === ';' && parens === 0 && blocks === 0) {
      if (current.length) out.push(current)
      current = []
      head = []
      routine = false
      continue
    }
    current.push(t)
    if (t.kind === 'symbol' && t.text === '(') parens++
    else if (t.kind === 'symbol' && t.text === ')') parens = Math.max(0, parens - 1)
    else if (t.kind === 'word') {
      if (head.length < 4) {
        head.push(t.text)
        routine ||= head[0] === 'create' && (isRoutine(head[1]) || (head[1] === 'or' && head[2] === 'replace' && isRoutine(head[3])))
      }
      if (routine && parens === 0) {
        if (t.text === 'begin') blocks++
        else if (t.text === 'case' && blocks > 0) blocks++
        else if (t.text === 'end' && blocks > 0) blocks--
      }
    }
  }
  if (current.length) out.push(current)
  return out
}

/** The tokens outside any parentheses. */
export function topLevel(statement: readonly Token[]): Token[] {
  let depth = 0
  const out: Token[] = []
  for (const t of statement) {
    if (t.kind === 'symbol' && t.text === '(') depth++
    else if (t.kind === 'symbol' && t.text === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0) out.push(t)
  }
  return out
}
