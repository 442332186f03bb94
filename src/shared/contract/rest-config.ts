/**
 * The project's Data API settings (PostgREST's db-schemas, db-extra-search-path, db-max-rows) as Supabase's
 * dashboard reads and changes them: GET/PATCH /platform/projects/{ref}/config/postgrest, schema lists as
 * comma-separated text. The server keeps them as RestConfig (src/shared/rest.ts).
 */
import { z } from 'zod'
import { INTERNAL_SCHEMAS, REST_MAX_ROWS_LIMIT } from '../constants'
import { MSG } from '../messages'
import type { RestConfig } from '../rest'
import { endpoint, type } from './endpoint'

const PATH = '/platform/projects/:ref/config/postgrest'

export interface PostgrestConfig {
  /** the exposed schemas, `public, graphql_public`; the first is the default one */
  db_schema: string
  /** `public, extensions` */
  db_extra_search_path: string
  /** null: no limit */
  max_rows: number | null
  /** not configurable here: always null */
  db_pool: null
}

export const MaxRows = z
  .number({ error: MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT) })
  .int(MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT))
  .min(1, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT))
  .max(REST_MAX_ROWS_LIMIT, MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT))
  .nullable()

export const PostgrestConfigBody = z.object({
  db_schema: z.string().optional(),
  db_extra_search_path: z.string().optional(),
  max_rows: MaxRows.optional(),
  db_pool: z.null({ error: MSG.dataApiPoolUnsupported }).optional(),
})
export type PostgrestConfigBody = z.input<typeof PostgrestConfigBody>

/** `public, api,,x` → ['public', 'api', 'x'] (each once, in order) */
export const schemaList = (text: string): string[] => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))]

export const postgrestConfigOf = (c: RestConfig): PostgrestConfig => ({
  db_schema: c.schemas.join(', '),
  db_extra_search_path: c.extraSearchPath.join(', '),
  max_rows: c.maxRows,
  db_pool: null,
})

/** A schema no Data API setting may name: Postgres' own, and the studio's store. */
export const isSystemSchema = (schema: string) => (INTERNAL_SCHEMAS as readonly string[]).includes(schema) || schema.startsWith('pg_')

export const restConfig = {
  postgrestConfig: endpoint({ method: 'GET', path: PATH, response: type<PostgrestConfig>() }),
  updatePostgrestConfig: endpoint({ method: 'PATCH', path: PATH, body: PostgrestConfigBody, response: type<PostgrestConfig>() }),
}
