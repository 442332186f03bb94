/**
 * The studio server: one Fastify app serving the dashboard API, the project API and the built web app.
 * Start order (security/): bind the port, lock and privatise the data directory, then open the databases
 * and attach the app; until then every request answers 503.
 */
import { join, resolve } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { DEFAULT_PROJECT_REF, SESSION_TTL_S } from '../shared/constants'
import { authRoutes } from './auth/routes'
import { authUsersRoutes } from './auth/dashboard-users-routes'
import { authConfigRoutes } from './auth/dashboard-config-routes'
import { authEmailsRoutes } from './auth/dashboard-emails-routes'
import type { AuthService } from './auth/service'
import { SELF_HOSTED_GRANTS, type Grant } from '../shared/permissions'
import { contentRoutes } from './content/routes'
import { bootstrap } from './db/bootstrap'
import { loadDemo } from './db/demo'
import type { Driver, DriverOptions } from './db/driver'
import { openPglite } from './db/pglite'
import { openPostgres } from './db/postgres'
import { installErrorHandler, notFound } from './errors'
import { installCompression } from './http/compress'
import { installJsonParser } from './json-body'
import { Permissions } from './permissions'
import { pgMetaRoutes } from './pgmeta/routes'
import { ProjectKeys } from './platform/keys'
import { platformRoutes } from './platform/routes'
import { platformStore, type PlatformStore } from './platform/store'
import { SELF_USER_ID, Users, type StudioUser } from './platform/users'
import { lockDataDir, makePrivate, type DataDirLock } from './security/data-dir'
import { SignInFailures } from './security/failures'
import { installGuard } from './security/guard'
import { allowedHosts } from './security/hosts'
import { bindServer } from './security/http-server'
import { SignInLinks } from './security/links'
import { dashboardPassword } from './security/password'
import { signInRoutes } from './security/routes'
import { Sessions } from './security/sessions'
import { restRoutes } from './rest/routes'
import { graphqlRoutes } from './graphql/routes'
import type { RestContext } from './rest/context'
import { serveApp } from './static'
import { installEdgeLogs } from './logs/edge'
import { loggedDriver } from './logs/postgres-source'
import { ProjectLogs, type LogsOptions } from './logs/project-logs'
import { logsRoutes } from './logs/routes'
import { DiskObjectStore } from './storage/disk-store'
import type { ObjectStore } from './storage/object-store'
import type { S3Options } from './storage/s3-config'
import { openS3Store } from './storage/s3-store'
import { storageRoutes } from './storage/routes'
import type { StorageService } from './storage/service'

export interface StudioOptions {
  port?: number
  host?: string
  /** where PGlite keeps the project database (ignored with databaseUrl); locked by this studio while it runs */
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
   * Where the platform store (snippets, users, sessions) lives on PostgreSQL: schema _studio of this database.
   * Default: the project database when databaseUrl is set, else a PGlite under `${dataDir}/platform`.
   */
  platformDatabaseUrl?: string
  /** where object bytes are kept (default `${dataDir}/storage`) */
  storageDir?: string
  /**
   * STORAGE_S3_*: keep object bytes in this S3-compatible bucket instead of storageDir (metadata stays in
   * the project database). Checked at start: an incomplete configuration or a bucket that does not answer
   * stops the start with what to change. Several studios on one database may share one bucket.
   */
  s3?: Partial<S3Options>
  /** STUDIO_TOKEN: accepted as `Authorization: Bearer` on every dashboard route (scripts, tests) */
  token?: string
  /** STUDIO_PASSWORD: the dashboard password; without it one is generated at first start (see onGeneratedPassword) */
  password?: string
  /** STUDIO_PUBLIC_URL: the address people reach the studio at (links, API URLs, cookies' Secure flag) */
  publicUrl?: string
  /** STUDIO_ALLOWED_HOSTS: host names to answer for besides the bound address and loopback names */
  allowedHosts?: string[]
  /** called with the sign-in link at start and with a fresh one each time the last was used */
  onSignInLink?: (url: string) => void
  /** called once, at the first start without a configured password, with the password made for it */
  onGeneratedPassword?: (password: string) => void
  /** how long a session lasts (default SESSION_TTL_S) */
  sessionTtlSeconds?: number
  /** how long a connection may move no byte while its request arrives (default BODY_STALL_TIMEOUT_MS) */
  stallTimeoutMs?: number
  /** failed sign-ins allowed per address in the window (default SIGN_IN_MAX_FAILURES) */
  signInMaxFailures?: number
  /** the project database's wait and statement timeouts (defaults DB_WAIT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS) */
  database?: DriverOptions
  /** the services' events (STUDIO_LOGS=off turns them off; STUDIO_LOG_RETENTION_DAYS) */
  logs?: LogsOptions
}

export interface Studio {
  url: string
  app: FastifyInstance
  db: Driver
  /** the platform store (snippets, users, sessions), opened on first use */
  store: PlatformStore
  /** the storage service (buckets, objects, project keys) */
  storage: StorageService
  /** the project's auth service (GoTrue-compatible API, and what the dashboard's auth pages call) */
  auth: AuthService
  /** the project's Data API (REST at /rest/v1, GraphQL at /graphql/v1): its settings, schema cache and caller */
  rest: RestContext
  /** the project's logs: the services' events and their store */
  logs: ProjectLogs
  /** the sign-in link that works now */
  readonly signInLink: string
  /** every route the app registered (method and URL pattern): the security tests walk them all */
  routes: readonly { method: string; url: string; access: string }[]
  close(): Promise<void>
}

/** The host to print: any-address binds are reached on 127.0.0.1; IPv6 hosts go in brackets. */
function shownHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

export async function startStudio(opts: StudioOptions = {}): Promise<Studio> {
  const host = opts.host ?? '127.0.0.1'
  // What the studio writes is its user's alone (PGlite makes some files after start: they follow the umask).
  try {
    process.umask(0o077)
  } catch {
    // a worker thread cannot set it; the directories are 0700 anyway
  }
  const dataDir = resolve(opts.dataDir ?? '.studio')
  // 1. The port first: a port in use fails here, with nothing touched.
  const http = await bindServer({ port: opts.port ?? 0, host, stallTimeoutMs: opts.stallTimeoutMs })
  const url = (opts.publicUrl ?? `http://${shownHost(host)}:${http.port}`).replace(/\/+$/, '')
  // 2. The data directory: ours alone, and private, before any database opens in it.
  // A storage directory of its own (STUDIO_STORAGE_DIR) is locked too: its temp files are swept below.
  const storageDir = resolve(opts.storageDir ?? join(dataDir, 'storage'))
  const locks: DataDirLock[] = []
  try {
    for (const dir of storageDir.startsWith(`${dataDir}/`) ? [dataDir] : [dataDir, storageDir]) {
      locks.push(await lockDataDir(dir))
      // the PGlite directories are made private by openPglite once they are open (initdb makes files 0666)
      await makePrivate(dir, { except: dir === dataDir ? ['db', 'platform'] : [] })
    }
  } catch (e) {
    for (const lock of locks) await lock.release()
    await http.close()
    throw e
  }
  // Object bytes: on disk, where the temp files of a studio killed mid-upload are swept (nobody else writes
  // there while we hold the lock); or in S3, checked now, where only multipart uploads a day old are
  // aborted (another studio sharing the bucket may be uploading).
  let objectStore: ObjectStore
  try {
    objectStore = opts.s3 ? await openS3Store(opts.s3) : new DiskObjectStore(storageDir)
    await objectStore.sweep()
  } catch (e) {
    for (const lock of locks) await lock.release()
    await http.close()
    throw e
  }

  const users = new Users(opts.users)
  const store = platformStore({ dataDir, databaseUrl: opts.platformDatabaseUrl ?? opts.databaseUrl, users: users.all })
  let db: Driver | undefined
  const logs = new ProjectLogs(store, DEFAULT_PROJECT_REF, opts.logs)
  const app = Fastify({ logger: (opts.logger ?? true) && { level: 'warn' }, serverFactory: http.factory })
  installJsonParser(app)
  installCompression(app)
  installEdgeLogs(app, logs.sink)
  const routes: { method: string; url: string; access: string }[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access: route.config?.access ?? 'dashboard' })
    }
  })
  const close = async () => {
    await http.close()
    await app.close()
    await logs.close()
    await Promise.all([db?.close(), store.close(), objectStore.close()])
    for (const lock of locks) await lock.release()
  }
  let storage: StorageService
  let auth: AuthService
  let rest: RestContext
  let links: SignInLinks
  try {
    db = loggedDriver(opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.database) : await openPglite(dataDir, opts.database), logs.sink)
    await bootstrap(db)
    if (opts.demo) await loadDemo(db)
    const password = await dashboardPassword(store, opts.password)
    if (password.generated) opts.onGeneratedPassword?.(password.generated)
    installErrorHandler(app)

    const sessions = new Sessions(store, opts.sessionTtlSeconds ?? SESSION_TTL_S)
    links = new SignInLinks(url, opts.onSignInLink)
    installGuard(app, {
      allowedHosts: allowedHosts({ bindHost: host, publicUrl: opts.publicUrl, extra: opts.allowedHosts }),
      publicOrigin: new URL(url).origin,
      token: opts.token,
      sessions,
      userId: SELF_USER_ID,
    })
    signInRoutes(app, {
      sessions,
      password,
      links,
      failures: new SignInFailures(opts.signInMaxFailures),
      userId: SELF_USER_ID,
      secure: url.startsWith('https:'),
      serveApp: opts.serveStatic ?? true,
    })

    const permissions = new Permissions(opts.grants ?? SELF_HOSTED_GRANTS, users)
    platformRoutes(app, db, users, permissions)
    contentRoutes(app, store, users, permissions)
    await app.register(pgMetaRoutes(db, permissions, store), { prefix: '/platform/pg-meta/:ref' })
    const keys = new ProjectKeys(store)
    storage = await storageRoutes(app, { db, keys, permissions, store: objectStore, studioUrl: url, logs: logs.sink })
    auth = await authRoutes(app, { db, keys, store, studioUrl: url, logs: logs.sink })
    authUsersRoutes(app, auth, permissions)
    authConfigRoutes(app, auth, db, permissions)
    authEmailsRoutes(app, auth, permissions)
    rest = await restRoutes(app, { db, keys, store, studioUrl: url, permissions, logs: logs.sink })
    await graphqlRoutes(app, rest)
    logsRoutes(app, logs, store, permissions)
    if (opts.serveStatic ?? true) await serveApp(app)
    app.setNotFoundHandler((request) => {
      throw notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`)
    })
    await app.ready()
  } catch (e) {
    await close()
    throw e
  }
  // 3. Open for requests.
  http.attach()
  links.announce()
  return {
    url,
    app,
    db,
    store,
    storage,
    auth,
    rest,
    logs,
    get signInLink() {
      return links.current
    },
    routes,
    close,
  }
}
