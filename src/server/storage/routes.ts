/** Registers the storage service: the storage-js compatible API, the dashboard calls, and settings. */
import type { FastifyInstance } from 'fastify'
import type { Driver } from '../db/driver'
import { NO_LOGS, type LogSink } from '../logs/collector'
import type { Permissions } from '../permissions'
import type { ProjectKeys } from '../platform/keys'
import { storageApiRoutes } from './api-routes'
import { storageConfigRoutes } from './config-routes'
import { dashboardStorageRoutes } from './dashboard-routes'
import type { ObjectStore } from './object-store'
import { StorageService } from './service'

export async function storageRoutes(
  app: FastifyInstance,
  opts: { db: Driver; keys: ProjectKeys; permissions: Permissions; store: ObjectStore; studioUrl: string; logs?: LogSink },
): Promise<StorageService> {
  const service = new StorageService(opts.db, opts.store, opts.keys)
  await app.register(storageApiRoutes(service, opts.logs ?? NO_LOGS), { prefix: '/api/projects/:ref/storage/v1' })
  await app.register(dashboardStorageRoutes(service, opts.permissions, opts.studioUrl, opts.logs ?? NO_LOGS), { prefix: '/platform/storage/:ref' })
  storageConfigRoutes(app, opts.keys, opts.permissions, opts.studioUrl)
  return service
}
