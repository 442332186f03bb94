/**
 * The schema visualizer's endpoints (issue 15, Database → Schemas): one schema's graph (its tables with
 * their columns, and every foreign key that starts or ends in it) and its DDL as one SQL text.
 */
import { z } from 'zod'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export const SchemaGraphQuery = z.object({ schema: z.string().min(1).default('public') })

/** One column as the visualizer shows it (the badges: primary key, nullable, identity, unique). */
export interface SchemaGraphColumn {
  name: string
  /** format_type(): `character varying(40)`, `integer[]`, … */
  format: string
  is_nullable: boolean
  /** `ALWAYS` or `BY DEFAULT` for an identity column, else null */
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null
  is_identity: boolean
  /** a one-column unique constraint or unique index holds it */
  is_unique: boolean
  is_primary_key: boolean
  ordinal_position: number
}

export interface SchemaGraphTable {
  /** the relation's oid */
  id: number
  schema: string
  name: string
  /** 'table', 'partitioned table' or 'foreign table' */
  kind: 'table' | 'partitioned table' | 'foreign table'
  comment: string | null
  columns: SchemaGraphColumn[]
}

/** A foreign key (postgres-meta's relationship, with every column of a composite key in order). */
export interface SchemaGraphRelationship {
  /** the constraint's oid */
  id: number
  constraint_name: string
  source_schema: string
  source_table_name: string
  source_column_names: string[]
  target_table_schema: string
  target_table_name: string
  target_column_names: string[]
}

export interface SchemaGraph {
  schema: string
  tables: SchemaGraphTable[]
  /** foreign keys whose table or referenced table is in the schema (one end may be in another schema) */
  relationships: SchemaGraphRelationship[]
}

export interface SchemaSql {
  schema: string
  /** create schema, create table (keys inline), foreign keys as alter table, then indexes, comments, RLS */
  sql: string
  tables: number
}

export const pgMetaSchemaGraph = {
  schemaGraph: endpoint({ method: 'GET', path: `${PG_META}/schema-graph`, query: SchemaGraphQuery, response: type<SchemaGraph>() }),
  schemaSql: endpoint({ method: 'GET', path: `${PG_META}/schema-graph/sql`, query: SchemaGraphQuery, response: type<SchemaSql>() }),
}
