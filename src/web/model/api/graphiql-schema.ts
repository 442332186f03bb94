/**
 * What GraphiQL knows of the schema (it imports graphql-js, so only the GraphiQL page and the commands'
 * run bodies load it): the introspected schema, the query prettified, and the explorer's listing of types.
 */
import {
  buildClientSchema, getIntrospectionQuery, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, parse, print,
  type GraphQLNamedType, type GraphQLSchema, type GraphQLType, type IntrospectionQuery,
} from 'graphql'
import type { ProjectApiSettings } from '../../../shared/storage'
import { postGraphql } from '../../data/graphql'

/** The schema as the key's role sees it. */
export async function introspect(settings: ProjectApiSettings, key: string): Promise<GraphQLSchema> {
  const { status, json } = await postGraphql(settings, key, { query: getIntrospectionQuery() })
  const data = (json as { data?: IntrospectionQuery; errors?: { message: string }[] } | null)?.data
  if (!data) {
    const message = (json as { errors?: { message: string }[]; message?: string } | null)?.errors?.[0]?.message ?? (json as { message?: string } | null)?.message
    throw new Error(message ?? `The GraphQL endpoint answered ${status}`)
  }
  return buildClientSchema(data)
}

/** The query laid out by graphql-js's printer (comments are dropped, as GraphiQL's prettify does). */
export const prettifyQuery = (query: string) => print(parse(query))

export interface ExplorerField {
  name: string
  /** the type as written (`[TodosEdge!]!`) */
  type: string
  /** the named type under lists and non-null, to open */
  typeName: string
  description: string | null
  args: { name: string; type: string; typeName: string }[]
}

export interface ExplorerType {
  name: string
  kind: 'object' | 'input' | 'enum' | 'scalar' | 'interface' | 'union'
  description: string | null
  fields: ExplorerField[]
  values: string[]
}

const named = (t: GraphQLType) => (getNamedType(t) as GraphQLNamedType).name

export function explorerType(t: GraphQLNamedType): ExplorerType {
  const kind = isObjectType(t) ? 'object' : isInputObjectType(t) ? 'input' : isEnumType(t) ? 'enum' : isInterfaceType(t) ? 'interface' : 'fields' in t ? 'union' : 'scalar'
  const fields: ExplorerField[] =
    isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)
      ? Object.values(t.getFields()).map((f) => ({
          name: f.name,
          type: String(f.type),
          typeName: named(f.type),
          description: f.description ?? null,
          args: 'args' in f ? f.args.map((a: { name: string; type: GraphQLType }) => ({ name: a.name, type: String(a.type), typeName: named(a.type) })) : [],
        }))
      : []
  return { name: t.name, kind: kind as ExplorerType['kind'], description: t.description ?? null, fields, values: isEnumType(t) ? t.getValues().map((v) => v.name) : [] }
}

/** The schema's own types (no __ introspection types), root types first, then by name. */
export function explorerTypes(schema: GraphQLSchema): string[] {
  const roots = [schema.getQueryType()?.name, schema.getMutationType()?.name].filter((n): n is string => !!n)
  const rest = Object.keys(schema.getTypeMap()).filter((n) => !n.startsWith('__') && !roots.includes(n)).sort()
  return [...roots, ...rest]
}
