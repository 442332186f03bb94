/**
 * Registers the project's REST API, compatible with PostgREST 12 as @supabase/postgrest-js uses it:
 * `${studio}/api/projects/{ref}/rest/v1`. Every request runs as the role of its token (RLS decides), on
 * statements built from the schema cache with identifiers quoted and values as parameters.
 */
import type { FastifyInstance } from 'fastify'
import type { Driver } from '../db/driver'
import { NO_LOGS, type LogSink } from '../logs/collector'
import type { Permissions } from '../permissions'
import type { ProjectKeys } from '../platform/keys'
import type { PlatformStore } from '../platform/store'
import { SchemaCaches } from './cache-store'
import { RestConfigStore } from './config'
import { restConfigRoutes } from './config-routes'
import { callerOf, type RestContext } from './context'
import { installRestErrorHandler } from './errors'
import { installRestLogs } from './logs'
import { openApiRoute } from './openapi-route'
import { readRoutes } from './read-routes'
import { rpcRoutes } from './rpc-routes'
import { writeRoutes } from './write-routes'

export async function restRoutes(
  app: FastifyInstance,
  opts: { db: Driver; keys: ProjectKeys; store: PlatformStore; studioUrl: string; permissions: Permissions; logs?: LogSink },
): Promise<RestContext> {
  const config = new RestConfigStore(opts.store)
  const caches = new SchemaCaches(opts.db)
  const ctx: RestContext = {
    db: opts.db,
    keys: opts.keys,
    config: (ref) => config.get(ref),
    cache: async (ref, o) => caches.get(ref, await config.get(ref), o),
    caller: (request) => callerOf(opts.keys, request),
  }
  // the Data API settings (dashboard, behind its sign-in: not under the API's prefix)
  restConfigRoutes(app, opts.db, config, opts.permissions)
  await app.register(
    async (api) => {
      installRestErrorHandler(api)
      installRestLogs(api, opts.logs ?? NO_LOGS)
      openApiRoute(api, ctx, opts.studioUrl)
      rpcRoutes(api, ctx)
      readRoutes(api, ctx)
      writeRoutes(api, ctx)
    },
    { prefix: '/api/projects/:ref/rest/v1' },
  )
  return ctx
}
