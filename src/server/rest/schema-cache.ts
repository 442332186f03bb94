/**
 * The schema cache: what the REST API (and the OpenAPI document, GraphQL) knows of the exposed schemas'
 * tables, views, columns, keys, foreign keys and functions, read from the catalog in a few queries and kept
 * until the catalog changes. Every statement the API builds names only what is found here, quoted.
 */

export interface CachedColumn {
  name: string
  /** format_type: 'integer', 'text', 'character varying(20)', 'timestamp with time zone', 'bigint[]'… */
  type: string
  /** the base type's name in pg_type ('int4', 'text', '_int8' for bigint[]), for formats and casts */
  udtName: string
  /** the base type's schema (user enums and domains live in user schemas) */
  udtSchema: string
  nullable: boolean
  /** a DEFAULT, identity or serial: an insert may leave it out */
  hasDefault: boolean
  default: string | null
  /** GENERATED ALWAYS AS (…) STORED or identity ALWAYS: cannot be written */
  generated: boolean
  comment: string | null
  position: number
  /** values of an enum type */
  enumValues?: string[]
  /** character varying(n) */
  maxLength?: number
}

export type RelationKind = 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table'

export interface CachedRelation {
  schema: string
  name: string
  kind: RelationKind
  comment: string | null
  /** in ordinal order */
  columns: CachedColumn[]
  /** primary key columns (for a view: those of its base table, when it exposes them) */
  primaryKey: string[]
  insertable: boolean
  updatable: boolean
  deletable: boolean
}

/**
 * A foreign key between two relations of the exposed schemas (views get their base tables' keys when the
 * columns pass through, as PostgREST does), `columns` of `table` referencing `refColumns` of `refTable`.
 */
export interface CachedForeignKey {
  /** the constraint's name: a hint `!fk_name` picks it */
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export interface CachedFunctionArg {
  /** '' for an unnamed argument (such a function is callable only with one unnamed json/jsonb/text argument) */
  name: string
  /** format_type of the argument */
  type: string
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table'
  hasDefault: boolean
}

export interface CachedFunction {
  schema: string
  name: string
  oid: number
  args: CachedFunctionArg[]
  /** format_type of the return type ('integer', 'SETOF todos', 'record', 'void', 'TABLE(…)' as 'record') */
  returnType: string
  returnsSet: boolean
  /** when it returns a relation's rows (`returns setof todos` or `returns todos`): that relation, filterable and embeddable */
  returnsRelation: { schema: string; name: string } | null
  /** 'i' immutable, 's' stable, 'v' volatile: GET is allowed for i and s only */
  volatility: 'i' | 's' | 'v'
  comment: string | null
}

export interface SchemaCache {
  /** the exposed schemas, in search order: the first is the default when no Accept-Profile/Content-Profile is sent */
  schemas: string[]
  /** `${schema}.${name}` → relation */
  relations: Map<string, CachedRelation>
  foreignKeys: CachedForeignKey[]
  /** `${schema}.${name}` → every overload */
  functions: Map<string, CachedFunction[]>
}

export const cacheKey = (schema: string, name: string) => `${schema}.${name}`
