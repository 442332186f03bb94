/**
 * Request bodies of REST writes and RPC calls, read as PostgREST 12 reads them: JSON (an object or an array
 * of objects with the same keys), CSV (a header row, `NULL` for null) or a form (one row of text values);
 * for a function with one unnamed parameter, the body as it came (text/plain, text/xml, octet-stream).
 * The JSON handed to Postgres is the client's own text whenever it sent JSON (never re-serialised, so big
 * numbers and key order reach the database as sent).
 */
import { JSON_MAX_DEPTH } from '../../shared/constants'
import { jsonDeeperThan } from '../json-body'
import { RestError } from './errors'

/** PGRST102: a body that cannot be read (PostgREST's InvalidBody). */
export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message)

/** The media type of a Content-Type header, lower-cased, without parameters; application/json when absent. */
export function mediaTypeOf(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return type === '' ? 'application/json' : type
}

const JSON_TYPES = new Set(['application/json', 'application/vnd.pgrst.object+json', 'application/vnd.pgrst.object', 'application/vnd.pgrst.array+json'])
export const isJsonType = (mediaType: string) => JSON_TYPES.has(mediaType) || mediaType === '*/*'

/** Rows to write: JSON text for Postgres and the keys (columns) the statement writes. */
export interface RowsPayload {
  /** JSON text: one object, or an array of objects */
  json: string
  shape: 'object' | 'array'
  /** the keys written, in order of first appearance (or `columns=` as given) */
  keys: string[]
  /** how many rows the body holds */
  count: number
}

type JsonObject = Record<string, unknown>

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

function parseJson(text: string): unknown {
  if (jsonDeeperThan(text, JSON_MAX_DEPTH)) throw invalidBody(`JSON nested deeper than ${JSON_MAX_DEPTH} levels`)
  try {
    return JSON.parse(text)
  } catch {
    throw invalidBody('Empty or invalid json')
  }
}

/** The keys of a JSON object in order (JSON.parse keeps "__proto__" as an own key). */
const keysOf = (o: JsonObject) => Object.keys(o)

const sameKeys = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false
  const set = new Set(a)
  return b.every((k) => set.has(k))
}

/** A JSON value as rows: PostgREST's rules (an array's objects must share their keys; other values insert nothing). */
function jsonRows(text: string, value: unknown, columns: readonly string[] | undefined): RowsPayload {
  if (columns) {
    // With columns=, only those keys are read; the objects may differ.
    if (isObject(value)) return { json: text, shape: 'object', keys: [...columns], count: 1 }
    if (Array.isArray(value)) {
      if (!value.every(isObject)) throw invalidBody('All object keys must match')
      return { json: text, shape: 'array', keys: [...columns], count: value.length }
    }
    return { json: '[]', shape: 'array', keys: [...columns], count: 0 }
  }
  if (isObject(value)) return { json: text, shape: 'object', keys: keysOf(value), count: 1 }
  if (Array.isArray(value)) {
    if (value.length === 0) return { json: '[]', shape: 'array', keys: [], count: 0 }
    const first = value[0]
    if (!isObject(first)) throw invalidBody('All object keys must match')
    const keys = keysOf(first)
    for (const row of value) if (!isObject(row) || !sameKeys(keys, keysOf(row))) throw invalidBody('All object keys must match')
    return { json: text, shape: 'array', keys, count: value.length }
  }
  return { json: '[]', shape: 'array', keys: [], count: 0 }
}

/** RFC 4180 CSV: records of fields, quoted fields with "" for a quote; CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let fieldStarted = false
  let i = 0
  const endField = () => {
    record.push(field)
    field = ''
    fieldStarted = false
  }
  const endRecord = () => {
    endField()
    records.push(record)
    record = []
  }
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
        i++
        continue
      }
      field += c
      i++
      continue
    }
    if (c === '"' && !fieldStarted && field === '') {
      quoted = true
      fieldStarted = true
      i++
      continue
    }
    if (c === ',') {
      endField()
      i++
      continue
    }
    if (c === '\r' && text[i + 1] === '\n') {
      endRecord()
      i += 2
      continue
    }
    if (c === '\n') {
      endRecord()
      i++
      continue
    }
    field += c
    fieldStarted = true
    i++
  }
  if (quoted) throw invalidBody('parse error: unterminated quoted field in CSV')
  if (fieldStarted || field !== '' || record.length > 0) endRecord()
  return records
}

/** CSV with a header row as JSON rows: every value text, `NULL` null. */
function csvRows(text: string): unknown[] {
  const records = parseCsv(text)
  const header = records[0]
  if (!header) throw invalidBody('parse error (not enough input): the CSV has no header row')
  const rows: unknown[] = []
  for (const record of records.slice(1)) {
    if (record.length !== header.length) throw invalidBody('All lines must have same number of fields')
    const row: JsonObject = {}
    header.forEach((name, j) => {
      const v = record[j]!
      Object.defineProperty(row, name, { value: v === 'NULL' ? null : v, enumerable: true, configurable: true, writable: true })
    })
    rows.push(row)
  }
  return rows
}

/** A form body's pairs, in order (repeated keys kept). */
export function formPairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)]
}

/** One object of a form's pairs (a repeated key: the last value), as PostgREST reads a form for a write. */
function formObject(text: string): JsonObject {
  const row: JsonObject = {}
  for (const [k, v] of formPairs(text)) Object.defineProperty(row, k, { value: v, enumerable: true, configurable: true, writable: true })
  return row
}

/**
 * The rows of a POST/PATCH/PUT body. `columns`: the request's `columns=` (only those keys are written).
 */
export function rowsPayload(contentType: string | undefined, body: string | undefined, columns?: readonly string[]): RowsPayload {
  const type = mediaTypeOf(contentType)
  const text = body ?? ''
  if (isJsonType(type)) {
    if (text.trim() === '') throw invalidBody('Empty or invalid json')
    return jsonRows(text, parseJson(text), columns)
  }
  if (type === 'text/csv') {
    const rows = csvRows(text)
    return jsonRows(JSON.stringify(rows), rows, columns)
  }
  if (type === 'application/x-www-form-urlencoded') {
    const row = formObject(text)
    return jsonRows(JSON.stringify(row), row, columns)
  }
  throw invalidBody(`Content-Type not acceptable: ${type}`)
}

/** The arguments of an RPC call: named (JSON text of an object or array of objects) or one positional value. */
export type ArgsPayload =
  /** JSON: an object, or an array of objects with the same keys (anything else is `[]`, as PostgREST reads it) */
  | { kind: 'named'; json: string; keys: string[]; shape: 'object' | 'array' }
  /** a form's pairs (repeated keys kept: a variadic parameter takes them all) */
  | { kind: 'pairs'; pairs: [string, string][]; keys: string[] }
  /** the whole body for a function's single unnamed parameter (text/plain, text/xml, bytea) or params=single-object */
  | { kind: 'single'; mediaType: string; text: string | null; bytes?: Buffer }

/** The body of POST /rpc/fn. */
export function argsPayload(contentType: string | undefined, body: Buffer | undefined, opts: { columns?: readonly string[] } = {}): ArgsPayload {
  const type = mediaTypeOf(contentType)
  const text = body ? body.toString('utf8') : ''
  if (isJsonType(type)) {
    if (text.trim() === '') return { kind: 'named', json: '{}', keys: [], shape: 'object' }
    const value = parseJson(text)
    const rows = jsonRows(text, value, opts.columns)
    return { kind: 'named', json: rows.json, keys: rows.keys, shape: rows.shape }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const pairs = formPairs(text)
    return { kind: 'pairs', pairs, keys: [...new Set(pairs.map(([k]) => k))] }
  }
  if (type === 'text/plain' || type === 'text/xml' || type === 'application/octet-stream') {
    return { kind: 'single', mediaType: type, text, ...(type === 'application/octet-stream' ? { bytes: body ?? Buffer.alloc(0) } : {}) }
  }
  if (type === 'text/csv') {
    const rows = csvRows(text)
    const r = jsonRows(JSON.stringify(rows), rows, opts.columns)
    return { kind: 'named', json: r.json, keys: r.keys, shape: r.shape }
  }
  throw invalidBody(`Content-Type not acceptable: ${type}`)
}
