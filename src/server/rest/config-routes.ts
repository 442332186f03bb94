/**
 * Project settings → API → Data API settings, as Supabase's dashboard calls them:
 * GET/PATCH /platform/projects/{ref}/config/postgrest (behind the dashboard sign-in). Reading needs tenant SQL
 * admin read, changing needs tenant SQL admin write; then the project, then the body. Every schema named must
 * exist (or be one of the defaults) and none may be a system schema: a refused PATCH changes nothing.
 */
import type { FastifyInstance } from 'fastify'
import { REST_DEFAULT_EXTRA_SEARCH_PATH, REST_DEFAULT_SCHEMAS } from '../../shared/constants'
import { isSystemSchema, postgrestConfigOf, restConfig as e, schemaList } from '../../shared/contract/rest-config'
import { MSG } from '../../shared/messages'
import type { RestConfig } from '../../shared/rest'
import type { Driver } from '../db/driver'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import { route } from '../route'
import type { RestConfigStore } from './config'

/** The first schema of `names` that is a system one, or missing from the database and not a default. */
async function schemaProblem(db: Driver, names: string[], defaults: readonly string[]): Promise<string | null> {
  const system = names.find(isSystemSchema)
  if (system !== undefined) return MSG.dataApiSchemaSystem(system)
  const { rows } = await db.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1::text[])', [names])
  const found = new Set(rows.map((r) => r.name))
  const missing = names.find((n) => !found.has(n) && !defaults.includes(n))
  return missing === undefined ? null : MSG.dataApiSchemaMissing(missing)
}

export function restConfigRoutes(app: FastifyInstance, db: Driver, config: RestConfigStore, permissions: Permissions): void {
  const read = { preHandler: [permissions.require('tenantSqlAdminRead'), knownProject] }
  const write = { preHandler: [permissions.require('tenantSqlAdminWrite', MSG.updateDataApiSettingsPermission), knownProject] }

  route(app, e.postgrestConfig, read, async ({ params }) => postgrestConfigOf(await config.get(params.ref)))

  route(app, e.updatePostgrestConfig, write, async ({ params, body }) => {
    const patch: Partial<RestConfig> = {}
    if (body.db_schema !== undefined) {
      const schemas = schemaList(body.db_schema)
      if (schemas.length === 0) throw badRequest(MSG.dataApiSchemasRequired)
      const problem = await schemaProblem(db, schemas, REST_DEFAULT_SCHEMAS)
      if (problem) throw badRequest(problem)
      patch.schemas = schemas
    }
    if (body.db_extra_search_path !== undefined) {
      const path = schemaList(body.db_extra_search_path)
      const problem = await schemaProblem(db, path, REST_DEFAULT_EXTRA_SEARCH_PATH)
      if (problem) throw badRequest(problem)
      patch.extraSearchPath = path
    }
    if (body.max_rows !== undefined) patch.maxRows = body.max_rows
    return postgrestConfigOf(await config.set(params.ref, patch))
  })
}
