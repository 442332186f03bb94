/**
 * Column types for the column form (spec 3 and 5): the common Postgres types, the project's enums, the
 * [] suffix of arrays, identity for integer types only, and whether a default is an expression.
 */
import { queryOptions } from '@tanstack/react-query'
import type { Column } from '../../../../shared/api'
import type { Api } from '../../../data/api'
import type { DEFAULT_VALUE_FORMATS } from '../../../../shared/api-edit'
import { keys } from '../../project/keys'

export interface TypeChoice {
  value: string
  description: string
}

export const POSTGRES_TYPES: readonly TypeChoice[] = [
  { value: 'int2', description: 'Signed two-byte integer' },
  { value: 'int4', description: 'Signed four-byte integer' },
  { value: 'int8', description: 'Signed eight-byte integer' },
  { value: 'float4', description: 'Single precision floating-point number' },
  { value: 'float8', description: 'Double precision floating-point number' },
  { value: 'numeric', description: 'Exact number of selectable precision' },
  { value: 'text', description: 'Variable-length character string' },
  { value: 'varchar', description: 'Variable-length character string, with a limit' },
  { value: 'uuid', description: 'Universally unique identifier' },
  { value: 'bool', description: 'Logical boolean (true/false)' },
  { value: 'json', description: 'Textual JSON data' },
  { value: 'jsonb', description: 'Binary JSON data, decomposed' },
  { value: 'date', description: 'Calendar date (year, month, day)' },
  { value: 'time', description: 'Time of day (no time zone)' },
  { value: 'timetz', description: 'Time of day, including time zone' },
  { value: 'timestamp', description: 'Date and time (no time zone)' },
  { value: 'timestamptz', description: 'Date and time, including time zone' },
  { value: 'interval', description: 'Time span' },
  { value: 'bytea', description: 'Variable-length binary string' },
  { value: 'inet', description: 'IPv4 or IPv6 host address' },
  { value: 'cidr', description: 'IPv4 or IPv6 network address' },
]

const INTEGER_TYPES: readonly string[] = ['int2', 'int4', 'int8']

/** Spec 5: identity applies only to integer types (not arrays of them). */
export function isIntegerType(type: string): boolean {
  return INTEGER_TYPES.includes(type.trim())
}

/** 'text[]' → { base: 'text', isArray: true } */
export function splitType(type: string): { base: string; isArray: boolean } {
  const t = type.trim()
  return t.endsWith('[]') ? { base: t.slice(0, -2), isArray: true } : { base: t, isArray: false }
}

export function joinType(base: string, isArray: boolean): string {
  return isArray ? `${base}[]` : base
}

/** A column's type as the column form writes it: arrays are stored as '_int4' and written 'int4[]'. */
export function columnType(column: Column): string {
  return column.data_type === 'ARRAY' ? joinType(column.format.replace(/^_/, ''), true) : column.format
}

const FUNCTION_CALL = /^[A-Za-z_][\w$.]*\s*\(.*\)$/s
const PARENTHESISED = /^\(.*\)$/s

/** Spec 5: a function call or a parenthesised expression is an expression; anything else a literal. */
export function defaultValueFormat(value: string): (typeof DEFAULT_VALUE_FORMATS)[number] {
  const v = value.trim()
  return FUNCTION_CALL.test(v) || PARENTHESISED.test(v) ? 'expression' : 'literal'
}

export interface EnumType {
  schema: string
  name: string
}

const ENUM_TYPES_SQL = `
select n.nspname as schema, t.typname as name
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where t.typtype = 'e' and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
order by n.nspname = 'public' desc, n.nspname, t.typname`

export const enumTypesQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: keys.enumTypes(ref),
    queryFn: () => api.query<EnumType>(ref, ENUM_TYPES_SQL),
  })

/** How a column form names an enum: bare in public, schema-qualified elsewhere. */
export function enumTypeName(e: EnumType): string {
  return e.schema === 'public' ? e.name : `${e.schema}.${e.name}`
}
