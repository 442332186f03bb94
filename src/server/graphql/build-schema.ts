/**
 * The GraphQL schema of a project, shaped as pg_graphql 1.x reflects it: per entity `<T>` (implements
 * Node), `<T>Connection`/`<T>Edge`, `<T>Filter`, `<T>OrderBy`, insert/update inputs and responses; Query
 * has `<t>Collection` and `node`; Mutation has insertInto/update/deleteFrom `<T>Collection`.
 */
import {
  GraphQLBoolean, GraphQLEnumType, GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLInterfaceType, GraphQLList,
  GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, validateSchema,
  type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap, type GraphQLInputFieldConfigMap,
  type GraphQLInputType, type GraphQLOutputType,
} from 'graphql'
import type { SchemaCache } from '../rest/schema-cache'
import { buildModel, type GqlColumn, type GqlEntity, type GqlModel } from './model'
import {
  collectionResolver, deleteResolver, EntityRow, insertResolver, nodeResolver, toOneResolver, updateResolver, type ExecContext,
} from './resolve'
import { Cursor, ORDERED, SCALAR_TYPES } from './scalars'
import { GraphqlError } from './errors'

const nn = <T extends GraphQLOutputType | GraphQLInputType>(t: T) => new GraphQLNonNull(t)
const list = <T extends GraphQLOutputType | GraphQLInputType>(t: T) => new GraphQLList(t)

const FilterIs = new GraphQLEnumType({ name: 'FilterIs', values: { NULL: {}, NOT_NULL: {} } })
const OrderByDirection = new GraphQLEnumType({
  name: 'OrderByDirection',
  description: 'Defines a per-field sorting order',
  values: {
    AscNullsFirst: { description: 'Ascending order, nulls first' },
    AscNullsLast: { description: 'Ascending order, nulls last' },
    DescNullsFirst: { description: 'Descending order, nulls first' },
    DescNullsLast: { description: 'Descending order, nulls last' },
  },
})
const PageInfo = new GraphQLObjectType({
  name: 'PageInfo',
  fields: { endCursor: { type: GraphQLString }, hasNextPage: { type: nn(GraphQLBoolean) }, hasPreviousPage: { type: nn(GraphQLBoolean) }, startCursor: { type: GraphQLString } },
})
const IDFilter = new GraphQLInputObjectType({ name: 'IDFilter', description: 'Boolean expression comparing fields on type "ID"', fields: { eq: { type: GraphQLID } } })
const Node = new GraphQLInterfaceType({
  name: 'Node',
  fields: { nodeId: { type: nn(GraphQLID), description: 'Retrieves a record by `ID`' } },
  resolveType: (value: EntityRow) => value.entity.typeName,
})

const COLLECTION_ARGS = (filter: GraphQLInputType, orderBy: GraphQLInputType | null): GraphQLFieldConfigArgumentMap => ({
  first: { type: GraphQLInt, description: 'Query the first `n` records in the collection' },
  last: { type: GraphQLInt, description: 'Query the last `n` records in the collection' },
  before: { type: Cursor, description: 'Query values in the collection before the provided cursor' },
  after: { type: Cursor, description: 'Query values in the collection after the provided cursor' },
  offset: { type: GraphQLInt, description: 'Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.' },
  filter: { type: filter, description: 'Filters to apply to the results set when querying from the collection' },
  ...(orderBy ? { orderBy: { type: list(nn(orderBy)), description: 'Sort order to apply to the collection' } } : {}),
})

interface EntityTypes {
  node: GraphQLObjectType
  connection: GraphQLObjectType
  filter: GraphQLInputObjectType
  /** null when no column can be ordered by (an input type needs a field) */
  orderBy: GraphQLInputObjectType | null
}

class Builder {
  private readonly enums = new Map<string, GraphQLEnumType>()
  private readonly filters = new Map<string, GraphQLInputObjectType>()
  readonly types = new Map<GqlEntity, EntityTypes>()

  constructor(model: GqlModel) {
    for (const e of model.enums.values()) {
      this.enums.set(e.name, new GraphQLEnumType({ name: e.name, values: Object.fromEntries(e.values.map((v) => [v, { value: v }])) }))
    }
    for (const e of model.entities) this.types.set(e, this.entityTypes(e))
  }

  private base(c: GqlColumn) {
    return c.kind === 'Enum' ? this.enums.get(c.enumType!)! : SCALAR_TYPES[c.kind]
  }

  private filterOf(c: GqlColumn): GraphQLInputObjectType | null {
    if (c.kind === 'JSON' || (c.list && c.kind === 'Opaque')) return null
    const base = this.base(c)
    const name = `${base.name}${c.list ? 'List' : ''}Filter`
    const known = this.filters.get(name)
    if (known) return known
    const ops = (names: string[], type: GraphQLInputType = base) => Object.fromEntries(names.map((n) => [n, { type }]))
    const items = list(nn(base))
    let fields: GraphQLInputFieldConfigMap
    if (c.list) fields = { containedBy: { type: items }, contains: { type: items }, eq: { type: items }, is: { type: FilterIs }, overlaps: { type: items } }
    else if (c.kind === 'Boolean' || c.kind === 'Opaque') fields = { eq: { type: base }, is: { type: FilterIs } }
    else if (c.kind === 'UUID' || c.kind === 'Enum') fields = { eq: { type: base }, in: { type: items }, neq: { type: base }, is: { type: FilterIs } }
    else {
      fields = { ...ops(['eq', 'gt', 'gte']), in: { type: items }, ...ops(['lt', 'lte', 'neq']), is: { type: FilterIs } }
      if (c.kind === 'String') Object.assign(fields, ops(['startsWith', 'like', 'ilike', 'regex', 'iregex']))
    }
    const filter = new GraphQLInputObjectType({ name, description: `Boolean expression comparing fields on type "${name.replace(/Filter$/, '')}"`, fields })
    this.filters.set(name, filter)
    return filter
  }

  private columnType(c: GqlColumn): GraphQLOutputType {
    const base = this.base(c)
    const t = c.list ? list(base) : base
    return c.column.nullable ? t : nn(t)
  }

  private entityTypes(e: GqlEntity): EntityTypes {
    const t = e.typeName
    const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${t}Filter`,
      description: `Boolean expression comparing fields on type "${t}"`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = { nodeId: { type: IDFilter } }
        for (const c of e.columns) {
          const f = this.filterOf(c)
          if (f) fields[c.field] = { type: f }
        }
        fields.and = { type: list(nn(filter)), description: 'Returns true only if all its inner filters are true, otherwise returns false' }
        fields.or = { type: list(nn(filter)), description: 'Returns true if at least one of its inner filters is true, otherwise returns false' }
        fields.not = { type: filter, description: 'Negates a filter' }
        return fields
      },
    })
    const orderable = e.columns.filter((c) => !c.list && (ORDERED.has(c.kind) || ['Boolean', 'UUID', 'Enum', 'Opaque'].includes(c.kind)))
    const orderBy = orderable.length === 0 ? null : new GraphQLInputObjectType({
      name: `${t}OrderBy`,
      fields: Object.fromEntries(orderable.map((c) => [c.field, { type: OrderByDirection }])),
    })
    const node: GraphQLObjectType = new GraphQLObjectType({
      name: t,
      description: e.relation.comment ?? undefined,
      interfaces: [Node],
      isTypeOf: (v) => v instanceof EntityRow && v.entity === e,
      fields: () => this.nodeFields(e),
    })
    const edge = new GraphQLObjectType({ name: `${t}Edge`, fields: { cursor: { type: nn(GraphQLString) }, node: { type: nn(node) } } })
    const connection = new GraphQLObjectType({
      name: `${t}Connection`,
      fields: {
        edges: { type: nn(list(nn(edge))) },
        pageInfo: { type: nn(PageInfo) },
        ...(e.totalCount ? { totalCount: { type: nn(GraphQLInt), description: 'The total number of records matching the `filter` criteria' } } : {}),
      },
    })
    return { node, connection, filter, orderBy }
  }

  private nodeFields(e: GqlEntity): GraphQLFieldConfigMap<EntityRow, ExecContext> {
    const fields: GraphQLFieldConfigMap<EntityRow, ExecContext> = {
      nodeId: { type: nn(GraphQLID), description: 'Globally Unique Record Identifier', resolve: (row) => row.nodeId },
    }
    for (const c of e.columns) {
      fields[c.field] = { type: this.columnType(c), description: c.column.comment ?? undefined, resolve: (row) => row.values[c.column.name] }
    }
    for (const l of e.links) {
      const target = this.types.get(l.target)!
      fields[l.field] = l.cardinality === 'one'
        ? { type: target.node, resolve: toOneResolver(l) as never }
        : { type: target.connection, args: COLLECTION_ARGS(target.filter, target.orderBy), resolve: collectionResolver(l.target, l) as never }
    }
    return fields
  }

  query(): GraphQLObjectType {
    const fields: GraphQLFieldConfigMap<unknown, ExecContext> = {}
    for (const [e, t] of this.types) {
      fields[e.collection] = {
        type: t.connection,
        description: `A pagable collection of type \`${e.typeName}\``,
        args: COLLECTION_ARGS(t.filter, t.orderBy),
        resolve: collectionResolver(e) as never,
      }
    }
    fields.node = {
      type: Node,
      description: 'Retrieve a record by its `ID`',
      args: { nodeId: { type: nn(GraphQLID), description: "The record's `ID`" } },
      resolve: nodeResolver as never,
    }
    return new GraphQLObjectType({ name: 'Query', description: 'The root type for querying data', fields })
  }

  private writeInput(e: GqlEntity, suffix: string) {
    const cols = e.columns.filter((c) => !c.column.generated)
    if (cols.length === 0) return null
    return new GraphQLInputObjectType({ name: `${e.typeName}${suffix}`, fields: Object.fromEntries(cols.map((c) => [c.field, { type: c.list ? list(this.base(c)) : this.base(c) }])) })
  }

  private response(e: GqlEntity, kind: string) {
    return new GraphQLObjectType({
      name: `${e.typeName}${kind}Response`,
      fields: {
        affectedCount: { type: nn(GraphQLInt), description: 'Count of the records impacted by the mutation' },
        records: { type: nn(list(nn(this.types.get(e)!.node))), description: 'Array of records impacted by the mutation' },
      },
    })
  }

  mutation(): GraphQLObjectType | undefined {
    const fields: GraphQLFieldConfigMap<unknown, ExecContext> = {}
    const atMost = { type: nn(GraphQLInt), defaultValue: 1, description: 'The maximum number of records in the collection permitted to be affected' }
    for (const [e, t] of this.types) {
      const r = e.relation
      const insert = r.insertable ? this.writeInput(e, 'InsertInput') : null
      const update = r.updatable ? this.writeInput(e, 'UpdateInput') : null
      if (insert) {
        fields[`insertInto${e.typeName}Collection`] = {
          type: this.response(e, 'Insert'),
          description: `Adds one or more \`${e.typeName}\` records to the collection`,
          args: { objects: { type: nn(list(nn(insert))) } },
          resolve: insertResolver(e) as never,
        }
      }
      if (update) {
        fields[`update${e.typeName}Collection`] = {
          type: nn(this.response(e, 'Update')),
          description: `Updates zero or more records in the \`${e.typeName}\` collection`,
          args: {
            set: { type: nn(update), description: 'Fields that are set will be updated for all records matching the `filter`' },
            filter: { type: t.filter, description: "Restricts the mutation's impact to records matching the criteria" },
            atMost,
          },
          resolve: updateResolver(e) as never,
        }
      }
      if (r.deletable) {
        fields[`deleteFrom${e.typeName}Collection`] = {
          type: nn(this.response(e, 'Delete')),
          description: `Deletes zero or more records from the \`${e.typeName}\` collection`,
          args: { filter: { type: t.filter, description: "Restricts the mutation's impact to records matching the criteria" }, atMost },
          resolve: deleteResolver(e) as never,
        }
      }
    }
    if (Object.keys(fields).length === 0) return undefined
    return new GraphQLObjectType({ name: 'Mutation', description: 'The root type for creating and mutating data', fields })
  }
}

export interface ProjectGraphql {
  schema: GraphQLSchema
  model: GqlModel
}

/** The schema of a schema cache, built once per cache object (a reloaded cache is a new object). */
const built = new WeakMap<SchemaCache, ProjectGraphql>()

export function graphqlSchemaOf(cache: SchemaCache): ProjectGraphql {
  const known = built.get(cache)
  if (known) return known
  const model = buildModel(cache)
  const b = new Builder(model)
  const schema = new GraphQLSchema({
    query: b.query(),
    mutation: b.mutation(),
    types: [...b.types.values()].map((t) => t.node),
  })
  // what the model leaves out should keep the schema valid; should a catalog still break it, say so
  const invalid = validateSchema(schema)
  if (invalid.length) throw new GraphqlError(`The GraphQL schema could not be built: ${invalid[0]!.message}`)
  const result = { schema, model }
  built.set(cache, result)
  return result
}

