/**
 * pg_graphql's scalars: BigInt and BigFloat travel as strings (no precision lost), JSON as its text,
 * dates and times as ISO strings, Cursor as an opaque string, Opaque as whatever JSON the value is.
 */
import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, type GraphQLScalarType as Scalar, type ValueNode } from 'graphql'
import type { ScalarKind } from './model'

function literalText(ast: ValueNode): string | undefined {
  if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return ast.value
  return undefined
}

/** A scalar carried as a string; numbers given for it are taken as their text. */
function textScalar(name: string, description: string): Scalar {
  return new GraphQLScalarType({
    name,
    description,
    serialize: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
    parseValue: (v) => {
      if (typeof v === 'string') return v
      if (typeof v === 'number' && Number.isFinite(v)) return String(v)
      throw new TypeError(`${name} cannot represent a non string value`)
    },
    parseLiteral: (ast) => {
      const v = literalText(ast)
      if (v === undefined) throw new TypeError(`${name} cannot represent a non string value`)
      return v
    },
  })
}

function anyLiteral(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING: case Kind.ENUM: return ast.value
    case Kind.INT: case Kind.FLOAT: return Number(ast.value)
    case Kind.BOOLEAN: return ast.value
    case Kind.NULL: return null
    case Kind.LIST: return ast.values.map(anyLiteral)
    case Kind.OBJECT: return Object.fromEntries(ast.fields.map((f) => [f.name.value, anyLiteral(f.value)]))
    default: return undefined
  }
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'A Javascript Object Notation value serialized as a string',
  serialize: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
  parseValue: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
  parseLiteral: (ast) => {
    const v = anyLiteral(ast)
    return typeof v === 'string' ? v : JSON.stringify(v)
  },
})

const Opaque = new GraphQLScalarType({
  name: 'Opaque',
  description: 'Any type not handled by the type system',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast) => anyLiteral(ast),
})

export const SCALAR_TYPES: Record<Exclude<ScalarKind, 'Enum'>, Scalar> = {
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  BigInt: textScalar('BigInt', 'An arbitrary size integer represented as a string'),
  BigFloat: textScalar('BigFloat', 'A high precision floating point value represented as a string'),
  UUID: textScalar('UUID', 'A universally unique identifier'),
  Date: textScalar('Date', 'A date without time information'),
  Datetime: textScalar('Datetime', 'A date and time'),
  Time: textScalar('Time', 'A time without date information'),
  JSON: JSONScalar,
  Opaque,
}

export const Cursor = textScalar('Cursor', 'An opaque string using for tracking a position in results during pagination')

/** Kinds whose filter has the comparison operators (eq, neq, gt, gte, lt, lte, in, is). */
export const ORDERED: ReadonlySet<ScalarKind> = new Set(['Int', 'Float', 'BigInt', 'BigFloat', 'Date', 'Datetime', 'Time', 'String'])
