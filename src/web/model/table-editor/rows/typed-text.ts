/**
 * Typed text checked by its column's type before it is sent, so a cell editor can say what is wrong and
 * keep the text: whole numbers and their range, decimals, and dates and times in the ISO forms the
 * placeholders show (yyyy-mm-dd hh:mm:ss), day and month included. Other forms Postgres reads ('now',
 * 'Jan 8 1999', money with a currency sign…) are left for the database to judge.
 */
import type { Column } from '../../../../shared/api'

const INT_RANGES: Record<string, [bigint, bigint]> = {
  int2: [-32768n, 32767n],
  int4: [-2147483648n, 2147483647n],
  int8: [-9223372036854775808n, 9223372036854775807n],
  oid: [0n, 4294967295n],
}
const DECIMAL = /^[+-]?(\d+(_\d+)*(\.(\d+(_\d+)*)?)?|\.\d+(_\d+)*)(e[+-]?\d+)?$/i
const SPECIAL_NUMBERS = /^[+-]?(nan|inf|infinity)$/i
/** Postgres 16+ also reads whole numbers in hex, octal and binary. */
const NON_DECIMAL_INT = /^[+-]?0(x[0-9a-f_]+|o[0-7_]+|b[01_]+)$/i

const DATE = /^(\d{4,})-(\d{1,2})-(\d{1,2})$/
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/
const ZONE = /(?:\s*(?:z|utc|[+-]\d{1,2}(?::?\d{2})?))$/i
const SPECIAL_DATES = /^(now|today|tomorrow|yesterday|infinity|-infinity|epoch|allballs)$/i

/** What a column takes, in words: the end of '<column> takes …'. */
export function typeHint(c: Column): string {
  const range = INT_RANGES[c.format]
  if (range) return `a whole number from ${range[0]} to ${range[1]}`
  switch (c.format) {
    case 'float4':
    case 'float8':
    case 'numeric':
      return 'a number, like 12.5'
    case 'date':
      return 'a date, like yyyy-mm-dd'
    case 'time':
      return 'a time, like hh:mm:ss'
    case 'timetz':
      return 'a time with its zone, like hh:mm:ss+zz'
    case 'timestamp':
      return 'a date and time, like yyyy-mm-dd hh:mm:ss'
    case 'timestamptz':
      return 'a date and time, like yyyy-mm-dd hh:mm:ss+zz'
    default:
      return `a value of type ${c.format}`
  }
}

function wholeNumberOk(text: string, [min, max]: [bigint, bigint]): boolean {
  if (NON_DECIMAL_INT.test(text)) return true
  if (!/^[+-]?\d+(_\d+)*$/.test(text)) return false
  const n = BigInt(text.replace(/_/g, ''))
  return n >= min && n <= max
}

function dateOk(text: string): boolean {
  const m = DATE.exec(text)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  return day <= days
}

function timeOk(text: string): boolean {
  const m = TIME.exec(text.replace(/\s*[ap]m$/i, ''))
  if (!m) return false
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]
  if (h === 24) return min === 0 && s === 0
  return h < 24 && min < 60 && s <= 60
}

/** 'yyyy-mm-dd', then maybe ' ' or 'T' and a time with or without its zone (Postgres drops a zone for timestamp). */
function timestampOk(text: string): boolean {
  const m = /^(\d{4,}-\d{1,2}-\d{1,2})(?:(?:\s+|t)(.+))?$/i.exec(text)
  if (!m || !dateOk(m[1]!)) return false
  return m[2] === undefined || timeOk(m[2].replace(ZONE, '').trim())
}

/**
 * The forms the check judges: the ISO ones, and text without a digit (only the special words have none).
 * Other forms Postgres reads go to the database as they are.
 */
const judged = (text: string) => /^\d{1,4}[-:]/.test(text) || !/\d/.test(text)

/** null when the text may be sent; otherwise why not, as '<column> takes …'. */
export function typedTextProblem(c: Column, text: string): string | null {
  const t = text.trim().replace(/\s+(bc|ad)$/i, '')
  const wrong = `${c.name} takes ${typeHint(c)}`
  const range = INT_RANGES[c.format]
  if (range) return wholeNumberOk(t, range) ? null : wrong
  switch (c.format) {
    case 'float4':
    case 'float8':
    case 'numeric':
      return DECIMAL.test(t) || SPECIAL_NUMBERS.test(t) ? null : wrong
    case 'date':
      return SPECIAL_DATES.test(t) || !judged(t) || dateOk(t) ? null : wrong
    case 'time':
    case 'timetz':
      return SPECIAL_DATES.test(t) || !judged(t) || timeOk(t.replace(ZONE, '').trim()) ? null : wrong
    case 'timestamp':
    case 'timestamptz':
      return SPECIAL_DATES.test(t) || !judged(t) || timestampOk(t) ? null : wrong
    default:
      return null
  }
}
