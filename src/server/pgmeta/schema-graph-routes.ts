/**
 * GET schema-graph (the visualizer's tables, columns and foreign keys of one schema) and GET
 * schema-graph/sql (its DDL as one script). Reads: the pg-meta plugin already requires tenant SQL admin read.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaSchemaGraph } from '../../shared/contract/pg-meta-schema-graph'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { schemaGraph } from './schema-graph'
import { schemaSql } from './schema-graph-sql'

export function schemaGraphRoutes(app: FastifyInstance, db: Driver, _permissions: Permissions): void {
  route(app, pgMetaSchemaGraph.schemaGraph, ({ query: { schema } }) => schemaGraph(db, schema))
  route(app, pgMetaSchemaGraph.schemaSql, ({ query: { schema } }) => schemaSql(db, schema))
}
