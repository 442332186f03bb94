/**
 * What a cell's editor is, whether a cell may be edited, and how typed text becomes the value the API
 * writes (spec 5, cell editors): empty means NULL for numbers, dates and times and JSON; JSON must parse;
 * numbers, dates and times are checked by their type (typed-text.ts).
 * Shared by the editors, the insert form and the row commands, so all refuse the same input the same way.
 */
import type { Column, GridTable } from '../../../../shared/api'
import { TIMESTAMPTZ_PLACEHOLDER, TIMESTAMP_PLACEHOLDER } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { readonlyReason } from '../structure/editable'
import { typedTextProblem } from './typed-text'

export type EditorKind = 'text' | 'number' | 'boolean' | 'datetime' | 'enum' | 'json' | 'array'

const NUMBER_FORMATS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money'])
const DATETIME_PLACEHOLDERS: Record<string, string> = {
  date: 'yyyy-mm-dd',
  time: 'hh:mm:ss',
  timetz: 'hh:mm:ss+zz',
  timestamp: TIMESTAMP_PLACEHOLDER,
  timestamptz: TIMESTAMPTZ_PLACEHOLDER,
}

export function editorKind(c: Column): EditorKind {
  if (c.data_type === 'ARRAY') return 'array'
  if (c.format === 'json' || c.format === 'jsonb') return 'json'
  if (c.format === 'bool') return 'boolean'
  if (c.enums.length > 0) return 'enum'
  if (NUMBER_FORMATS.has(c.format)) return 'number'
  if (c.format in DATETIME_PLACEHOLDERS) return 'datetime'
  return 'text'
}

/** The format hint of a date or time column ('yyyy-mm-dd hh:mm:ss' …), else undefined. */
export function datetimePlaceholder(c: Column): string | undefined {
  return DATETIME_PLACEHOLDERS[c.format]
}

/** Why rows of this relation cannot be updated or deleted one by one, or null. */
export function rowWriteReason(table: GridTable): string | null {
  return readonlyReason(table) ?? (table.primary_keys.length === 0 ? MSG.noPrimaryKey : null)
}

/** A column the database fills in itself: identity ALWAYS, or generated. */
export function generatedNote(c: Column): string | null {
  if (c.identity_generation === 'ALWAYS') return 'Automatically generated as identity'
  if (c.is_generated) return 'Generated column'
  return null
}

/** Why this cell cannot be edited (spec 5: primary-key, non-updatable, identity-always, generated), or null. */
export function cellReadOnlyReason(table: GridTable, c: Column): string | null {
  const row = rowWriteReason(table)
  if (row) return row
  if (table.primary_keys.some((pk) => pk.name === c.name)) return `${c.name} is part of the primary key and cannot be edited`
  const generated = generatedNote(c)
  if (generated) return `${c.name}: ${generated.toLowerCase()}, it cannot be edited`
  if (!c.is_updatable) return `${c.name} cannot be updated`
  return null
}

/** A column a new row must be given a value for: not null, and nothing fills it in. */
export function isRequired(c: Column): boolean {
  return !c.is_nullable && c.default_value === null && !c.is_identity && !c.is_generated
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(MSG.invalidJson)
  }
}

const BOOLEANS: Record<string, boolean | null> = { true: true, false: false, null: null, '': null }

/**
 * The value to write for what was typed or picked. A string is read by the column's editor kind (JSON
 * and arrays as JSON text, '' as NULL where the spec says so); other values (null, a picked boolean, a
 * parsed object) are written as they are. Throws an Error with the spec's message when the text is wrong.
 */
export function toCellValue(c: Column, input: unknown): unknown {
  if (typeof input !== 'string') return input
  const kind = editorKind(c)
  const blank = input.trim() === ''
  switch (kind) {
    case 'number':
    case 'datetime': {
      if (blank) return null
      const problem = typedTextProblem(c, input)
      if (problem) throw new Error(problem)
      return input.trim()
    }
    case 'json':
      return blank ? null : parseJson(input)
    case 'array': {
      if (blank) return null
      const value = parseJson(input)
      if (!Array.isArray(value)) throw new Error(`${c.name} takes a JSON array, like ["a", "b"]`)
      return value
    }
    case 'boolean': {
      const value = BOOLEANS[input.trim().toLowerCase()]
      if (value === undefined) throw new Error(`${c.name} takes true, false or null`)
      return value
    }
    case 'enum':
      if (!c.enums.includes(input)) throw new Error(`${c.name} takes one of: ${c.enums.join(', ')}`)
      return input
    case 'text':
      return input
  }
}

/** The text an editor starts from: '' for NULL, JSON for JSON and arrays (indented when `pretty`). */
export function editText(c: Column, value: unknown, pretty = false): string {
  if (value === null || value === undefined) return ''
  const kind = editorKind(c)
  if (kind === 'json' || kind === 'array') return JSON.stringify(value, null, pretty ? 2 : undefined)
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
