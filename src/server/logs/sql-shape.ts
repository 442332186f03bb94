/**
 * A statement as the postgres source logs it: its literals (strings, numbers, dollar-quoted bodies) each
 * replaced by `?`, so a password or an email written into SQL never reaches the logs; comments dropped and
 * whitespace folded to one space, so it reads on one line. Bind parameters ($1) stay.
 *
 * Cheap enough for every statement: only the first SHAPED_INPUT_CHARS are read (the shape is cut to
 * LOG_SQL_QUERY_CHARS anyway, and a literal cut there still reads as a literal), and the services' own
 * statements repeat (their values are parameters), so shapes are remembered.
 */
import { LOG_SQL_QUERY_CHARS } from '../../shared/constants'
import { tokenize } from '../../shared/sql/tokens'

/** A shape is never longer than the text it comes from once literals and spaces fold, so 4× leaves room. */
const SHAPED_INPUT_CHARS = 4 * LOG_SQL_QUERY_CHARS
/** Statements longer than this are scripts typed once: not worth remembering. */
const REMEMBERED_CHARS = 4000
const REMEMBERED_MAX = 1000
const remembered = new Map<string, string>()

/** `sql` with its literals removed, on one line, at most `max` characters (cut with …). */
export function sqlShape(sql: string, max = LOG_SQL_QUERY_CHARS): string {
  const known = remembered.get(sql)
  const shape = known ?? shapeOf(sql)
  if (known === undefined && sql.length <= REMEMBERED_CHARS) {
    if (remembered.size >= REMEMBERED_MAX) remembered.clear()
    remembered.set(sql, shape)
  }
  return shape.length > max ? `${shape.slice(0, max - 1)}…` : shape
}

function shapeOf(sql: string): string {
  const text = sql.length > SHAPED_INPUT_CHARS ? sql.slice(0, SHAPED_INPUT_CHARS) : sql
  let out = ''
  let prevEnd = -1
  let prevDollar = false
  for (const t of tokenize(text)) {
    if (out.length > LOG_SQL_QUERY_CHARS) break
    // a space where the text had whitespace or a comment, none where tokens touched (a.b, ::int, $1)
    if (prevEnd >= 0 && t.start > prevEnd) out += ' '
    // `$1` is a parameter: the symbol $ right before a number
    const literal = t.kind === 'string' || (t.kind === 'number' && !(prevDollar && t.start === prevEnd))
    out += literal ? '?' : text.slice(t.start, t.end)
    prevDollar = t.kind === 'symbol' && t.text === '$'
    prevEnd = t.end
  }
  return out
}

/** The statement's command as Postgres tags it (its first word, upper case), for a statement that failed. */
export function commandOf(shape: string): string {
  const word = /^[A-Za-z]+/.exec(shape)?.[0]
  return word ? word.toUpperCase() : ''
}
