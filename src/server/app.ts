/** The studio server: one Fastify app serving the dashboard API and the built web app. */
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { bootstrap } from './db/bootstrap'
import { loadDemo } from './db/demo'
import type { Driver } from './db/driver'
import { openPglite } from './db/pglite'
import { openPostgres } from './db/postgres'
import { contentRoutes } from './content/routes'
import { installErrorHandler, notFound } from './errors'
import { pgMetaRoutes } from './pgmeta/routes'
import { platformRoutes } from './platform/routes'
import { platformStore, type PlatformStore } from './platform/store'
import { Users, type StudioUser } from './platform/users'
import { Permissions } from './permissions'
import { serveApp } from './static'
import { ProjectKeys } from './platform/keys'
import { storageRoutes } from './storage/routes'
import type { StorageService } from './storage/service'
import { SELF_HOSTED_GRANTS, type Grant } from '../shared/permissions'

export interface StudioOptions {
  port?: number
  host?: string
  /** where PGlite keeps the project database (ignored with databaseUrl) */
  dataDir?: string
  /** a PostgreSQL server to use instead of PGlite */
  databaseUrl?: string
  /** load the sample schema */
  demo?: boolean
  /** serve ./dist with SPA fallback (default true) */
  serveStatic?: boolean
  /** log warnings and errors (default true) */
  logger?: boolean
  /** what the self-hosted user may do (default: everything); tests narrow it to see refusals */
  grants?: Grant[]
  /**
   * Tests only: more users besides the self-hosted one; a request acts as one with the x-studio-user header
   * (its id). Without this option the header is ignored.
   */
  users?: StudioUser[]
  /**
   * Where the platform store (snippets, users) lives on PostgreSQL: schema _studio of this database. Default:
   * the project database when databaseUrl is set, else a PGlite under `${dataDir}/platform`.
   */
  platformDatabaseUrl?: string
  /** where object bytes are kept (default `${dataDir}/storage`) */
  storageDir?: string
}

export interface Studio {
  url: string
  app: FastifyInstance
  db: Driver
  /** the platform store (snippets, users), opened on first use */
  store: PlatformStore
  /** the storage service (buckets, objects, project keys) */
  storage: StorageService
  close(): Promise<void>
}

/** The host to print: any-address binds are reached on 127.0.0.1; IPv6 hosts go in brackets. */
function shownHost(host = '127.0.0.1'): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

export async function startStudio(opts: StudioOptions = {}): Promise<Studio> {
  const dataDir = opts.dataDir ?? '.studio'
  const users = new Users(opts.users)
  const store = platformStore({ dataDir, databaseUrl: opts.platformDatabaseUrl ?? opts.databaseUrl, users: users.all })
  const db = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(dataDir)
  // Closing cuts open connections too: a client that went half-way must not keep the studio from stopping.
  const app = Fastify({ logger: (opts.logger ?? true) && { level: 'warn' }, forceCloseConnections: true })
  const close = async () => {
    await app.close()
    await Promise.all([db.close(), store.close()])
  }
  let storage: StorageService
  try {
    await bootstrap(db)
    if (opts.demo) await loadDemo(db)
    installErrorHandler(app)
    const permissions = new Permissions(opts.grants ?? SELF_HOSTED_GRANTS, users)
    platformRoutes(app, db, users, permissions)
    contentRoutes(app, store, users, permissions)
    await app.register(pgMetaRoutes(db, permissions), { prefix: '/platform/pg-meta/:ref' })
    const storageDir = opts.storageDir ?? join(dataDir, 'storage')
    storage = await storageRoutes(app, { db, keys: new ProjectKeys(store), permissions, storageDir })
    if (opts.serveStatic ?? true) await serveApp(app)
    else app.setNotFoundHandler((request) => {
      throw notFound(`Not found: ${request.method} ${request.url}`)
    })
    await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' })
  } catch (e) {
    await close()
    throw e
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : opts.port
  return { url: `http://${shownHost(opts.host)}:${port}`, app, db, store, storage, close }
}
