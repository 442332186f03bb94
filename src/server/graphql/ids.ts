/**
 * pg_graphql's opaque identifiers: a record's nodeId is base64 of `["schema", "table", pk…]` and a cursor
 * is base64 of the ordering values of its record (`[1]` → "WzFd" when ordered by an integer key).
 */
import { GraphqlError } from './errors'

type Json = string | number | boolean | null

/** JSON as Postgres prints jsonb: a space after each comma. */
const jsonArray = (values: readonly Json[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`

export const encodeNodeId = (schema: string, table: string, key: readonly Json[]) =>
  Buffer.from(jsonArray([schema, table, ...key]), 'utf8').toString('base64')

export const encodeCursor = (values: readonly Json[]) => Buffer.from(jsonArray(values), 'utf8').toString('base64')

function decodeArray(text: string, what: string): Json[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'))
    if (Array.isArray(value) && value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return value as Json[]
  } catch {
    // answered below
  }
  throw new GraphqlError(`Invalid ${what}`)
}

export function decodeNodeId(nodeId: string): { schema: string; table: string; key: Json[] } {
  const [schema, table, ...key] = decodeArray(nodeId, 'NodeId')
  if (typeof schema !== 'string' || typeof table !== 'string' || key.length === 0) throw new GraphqlError('Invalid NodeId')
  return { schema, table, key }
}

export const decodeCursor = (cursor: string, length: number): Json[] => {
  const values = decodeArray(cursor, 'cursor')
  if (values.length !== length) throw new GraphqlError('Invalid cursor')
  return values
}

/** A JSON value as a text bind parameter (Postgres casts it to the column's type). */
export const asParam = (v: Json): string | null => (v === null ? null : typeof v === 'string' ? v : String(v))
