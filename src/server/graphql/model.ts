/**
 * What the GraphQL schema reflects, derived from the schema cache as pg_graphql 1.x does: every table or
 * view with a primary key (and a valid GraphQL name) is an entity; its columns are fields with a scalar
 * kind; foreign keys between entities are to-one fields on the referencing side and collections (or a
 * to-one field when the key is the referencing table's primary key) on the referenced side.
 */
import { uniqueKeysOf } from '../rest/catalog-load'
import type { CachedColumn, CachedRelation, SchemaCache } from '../rest/schema-cache'
import { directive, inflection, isGraphqlName, lowerFirst, toOneName, type Inflection } from './names'

export type ScalarKind =
  | 'Int' | 'Float' | 'String' | 'Boolean' | 'BigInt' | 'BigFloat' | 'UUID' | 'Date' | 'Datetime' | 'Time' | 'JSON' | 'Opaque' | 'Enum'

export interface GqlColumn {
  column: CachedColumn
  field: string
  kind: ScalarKind
  /** an array column: a list of `kind` */
  list: boolean
  /** for kind 'Enum': the GraphQL enum's name */
  enumType?: string
}

export interface GqlLink {
  field: string
  /** 'many': a collection of `target`; 'one': a single `target` record */
  cardinality: 'one' | 'many'
  target: GqlEntity
  /** this entity's columns, matched in order to the target's */
  local: string[]
  remote: string[]
}

export interface GqlEntity {
  relation: CachedRelation
  typeName: string
  collection: string
  columns: GqlColumn[]
  links: GqlLink[]
  totalCount: boolean
}

export interface GqlEnum {
  name: string
  values: string[]
}

export interface GqlModel {
  entities: GqlEntity[]
  /** `${schema}.${table}` → entity */
  byTable: Map<string, GqlEntity>
  enums: Map<string, GqlEnum>
}

const SCALARS: Record<string, ScalarKind> = {
  int2: 'Int', int4: 'Int', int8: 'BigInt', float4: 'Float', float8: 'Float', numeric: 'BigFloat', bool: 'Boolean',
  text: 'String', varchar: 'String', bpchar: 'String', char: 'String', name: 'String', citext: 'String',
  uuid: 'UUID', date: 'Date', timestamp: 'Datetime', timestamptz: 'Datetime', time: 'Time', timetz: 'Time',
  json: 'JSON', jsonb: 'JSON',
}

const enumValueOk = (v: string) => isGraphqlName(v) && !['true', 'false', 'null'].includes(v)

/**
 * A column's scalar; an enum type becomes a GraphQL enum unless its name (or its filters' names) is
 * taken, or a value cannot be spelled in GraphQL: then it is a String.
 */
function scalarOf(col: CachedColumn, inf: Inflection, enums: Map<string, GqlEnum>, taken: (name: string) => boolean): Omit<GqlColumn, 'column' | 'field'> {
  const list = col.udtName.startsWith('_')
  const base = list ? col.udtName.slice(1) : col.udtName
  if (col.enumValues?.length && col.enumValues.every(enumValueOk)) {
    const name = inf.type(base)
    const known = enums.get(name)
    if (known ? known.values.join('\0') === col.enumValues.join('\0') : isGraphqlName(name) && ![name, `${name}Filter`, `${name}ListFilter`].some(taken)) {
      enums.set(name, { name, values: col.enumValues })
      return { kind: 'Enum', list, enumType: name }
    }
  }
  if (col.enumValues?.length) return { kind: 'String', list }
  return { kind: SCALARS[base] ?? 'Opaque', list }
}

/** The names of the types every schema has: no table or enum may take them. */
const SCALAR_NAMES = ['ID', 'Int', 'Float', 'String', 'Boolean', 'BigInt', 'BigFloat', 'UUID', 'Date', 'Datetime', 'Time', 'JSON', 'Opaque', 'Cursor']
const RESERVED = ['Query', 'Mutation', 'Subscription', 'Node', 'PageInfo', 'FilterIs', 'OrderByDirection',
  ...SCALAR_NAMES.flatMap((n) => [n, `${n}Filter`, `${n}ListFilter`])]

/** The names every entity's types take (pg_graphql's suffixes); a table whose names collide is left out. */
export const typeNamesOf = (t: string) => [t, `${t}Connection`, `${t}Edge`, `${t}Filter`, `${t}OrderBy`, `${t}InsertInput`,
  `${t}UpdateInput`, `${t}InsertResponse`, `${t}UpdateResponse`, `${t}DeleteResponse`]

const schemaCommentOf = (cache: SchemaCache, schema: string): string | null =>
  (cache as SchemaCache & { schemaComments?: Map<string, string | null> }).schemaComments?.get(schema) ?? null

export function buildModel(cache: SchemaCache): GqlModel {
  const entities: GqlEntity[] = []
  const byTable = new Map<string, GqlEntity>()
  const enums = new Map<string, GqlEnum>()
  const taken = new Set<string>(RESERVED)
  const enumTaken = (n: string) => taken.has(n) || entities.some((e) => e.typeName === n)
  const collections = new Set<string>()
  const inflections = new Map(cache.schemas.map((s) => [s, inflection(directive(schemaCommentOf(cache, s)).inflect_names === true)]))
  for (const schema of cache.schemas) {
    const inf = inflections.get(schema)!
    for (const cached of cache.relations.values()) {
      if (cached.schema !== schema) continue
      const dir = directive(cached.comment)
      // a view names its key in its comment (`@graphql({"primary_key_columns": ["id"]})`), or passes its table's through
      const named = dir.primary_key_columns
      const primaryKey = Array.isArray(named) && named.length && named.every((c) => typeof c === 'string') ? (named as string[]) : cached.primaryKey
      if (primaryKey.length === 0) continue
      const relation = { ...cached, primaryKey }
      const typeName = typeof dir.name === 'string' ? dir.name : inf.type(relation.name)
      const names = typeNamesOf(typeName)
      const collection = `${lowerFirst(typeName)}Collection`
      if (!names.every(isGraphqlName) || names.some((n) => taken.has(n)) || collections.has(collection)) continue
      // an enum's name must not be one of this table's names either
      const isTaken = (n: string) => enumTaken(n) || names.includes(n)
      const fields = new Set(['nodeId'])
      const columns: GqlColumn[] = []
      for (const column of [...relation.columns].sort((a, b) => a.position - b.position)) {
        const field = (() => {
          const d = directive(column.comment)
          return typeof d.name === 'string' ? d.name : inf.field(column.name)
        })()
        if (!isGraphqlName(field) || fields.has(field)) continue
        fields.add(field)
        columns.push({ column, field, ...scalarOf(column, inf, enums, isTaken) })
      }
      // a primary key column the API cannot name: no nodeId, so no entity
      if (!relation.primaryKey.every((k) => columns.some((c) => c.column.name === k))) continue
      for (const n of names) taken.add(n)
      for (const en of enums.keys()) for (const n of [en, `${en}Filter`, `${en}ListFilter`]) taken.add(n)
      collections.add(collection)
      const totalCount = (dir.totalCount as { enabled?: unknown } | undefined)?.enabled === true
      const entity: GqlEntity = { relation, typeName, collection, columns, links: [], totalCount }
      entities.push(entity)
      byTable.set(`${relation.schema}.${relation.name}`, entity)
    }
  }
  addLinks(cache, byTable, inflections)
  return { entities, byTable, enums }
}

function addLinks(cache: SchemaCache, byTable: Map<string, GqlEntity>, inflections: Map<string, Inflection>): void {
  const fieldsOf = (e: GqlEntity) => new Set(['nodeId', ...e.columns.map((c) => c.field), ...e.links.map((l) => l.field)])
  const hasColumns = (e: GqlEntity, cols: string[]) => cols.every((c) => e.columns.some((x) => x.column.name === c))
  for (const fk of cache.foreignKeys) {
    const from = byTable.get(`${fk.schema}.${fk.table}`)
    const to = byTable.get(`${fk.refSchema}.${fk.refTable}`)
    if (!from || !to || !hasColumns(from, fk.columns) || !hasColumns(to, fk.refColumns)) continue
    const inf = inflections.get(fk.schema)!
    const one = toOneName(fk.columns, to.typeName, inf)
    if (isGraphqlName(one) && !fieldsOf(from).has(one)) {
      from.links.push({ field: one, cardinality: 'one', target: to, local: fk.columns, remote: fk.refColumns })
    }
    // the referencing columns are unique (its primary key or a unique constraint): one-to-one
    const sameSet = (key: string[]) => key.length === fk.columns.length && key.every((c) => fk.columns.includes(c))
    const unique = uniqueKeysOf(cache, from.relation).some(sameSet)
    const back = unique ? lowerFirst(from.typeName) : `${lowerFirst(from.typeName)}Collection`
    if (isGraphqlName(back) && !fieldsOf(to).has(back)) {
      to.links.push({ field: back, cardinality: unique ? 'one' : 'many', target: from, local: fk.refColumns, remote: fk.columns })
    }
  }
}
