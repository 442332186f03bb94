/**
 * The visualizer's server data: one schema's graph (kept under the project's table keys, so any DDL that
 * refreshes the tables refreshes it too) and the schema's DDL text.
 */
import { queryOptions } from '@tanstack/react-query'
import { pgMetaSchemaGraph, type SchemaSql } from '../../../../shared/contract/pg-meta-schema-graph'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const DEFAULT_SCHEMA = 'public'

export const schemaGraphKey = (ref: string, schema: string) => [...keys.tables(ref), 'schema-graph', schema] as const

export function schemaGraphQuery(api: Api, ref: string, schema: string) {
  return queryOptions({
    queryKey: schemaGraphKey(ref, schema),
    queryFn: () => api.call(pgMetaSchemaGraph.schemaGraph, { params: { ref }, query: { schema } }),
  })
}

export function fetchSchemaSql(api: Api, ref: string, schema: string): Promise<SchemaSql> {
  return api.call(pgMetaSchemaGraph.schemaSql, { params: { ref }, query: { schema } })
}

/** The file an export downloads as. */
export const exportFileName = (schema: string, kind: 'png' | 'svg') => `${schema}-schema.${kind}`
