/** Registers the project's auth service: the GoTrue-compatible API at `/api/projects/{ref}/auth/v1`. */
import type { FastifyInstance } from 'fastify'
import type { Driver } from '../db/driver'
import type { LogSink } from '../logs/collector'
import type { ProjectKeys } from '../platform/keys'
import type { PlatformStore } from '../platform/store'
import { authApiRoutes } from './api-routes'
import { AuthService } from './service'

export async function authRoutes(
  app: FastifyInstance,
  opts: { db: Driver; keys: ProjectKeys; store: PlatformStore; studioUrl: string; logs?: LogSink },
): Promise<AuthService> {
  const service = new AuthService(opts.db, opts.keys, opts.store, opts.studioUrl, opts.logs)
  await app.register(authApiRoutes(service), { prefix: '/api/projects/:ref/auth/v1' })
  return service
}
