/**
 * The studio's screens, declared once: each route's id and URL pattern (TanStack Router's syntax, `$param`).
 * From this one table come the path builders (`pathTo`, `paths`), the headless matcher commands use
 * (`matchPath`), and the router's tree (src/web/router.tsx takes each route's path from here).
 */
import type { LogSource } from './logs'

export const ROUTES = {
  project: { path: '/project/$ref' },
  'table-editor': { path: '/project/$ref/editor' },
  'table-editor.table': { path: '/project/$ref/editor/$tableId', params: { tableId: '\\d+' } },
  'sql-editor': { path: '/project/$ref/sql' },
  'sql-editor.new': { path: '/project/$ref/sql/new' },
  'sql-editor.templates': { path: '/project/$ref/sql/templates' },
  'sql-editor.quickstarts': { path: '/project/$ref/sql/quickstarts' },
  'sql-editor.snippet': { path: '/project/$ref/sql/$id' },
  auth: { path: '/project/$ref/auth' },
  'auth.users': { path: '/project/$ref/auth/users' },
  'auth.policies': { path: '/project/$ref/auth/policies' },
  'auth.providers': { path: '/project/$ref/auth/providers' },
  'auth.rate-limits': { path: '/project/$ref/auth/rate-limits' },
  'auth.templates': { path: '/project/$ref/auth/templates' },
  'auth.url-configuration': { path: '/project/$ref/auth/url-configuration' },
  'auth.hooks': { path: '/project/$ref/auth/hooks' },
  'auth.emails': { path: '/project/$ref/auth/emails' },
  'auth.column-privileges': { path: '/project/$ref/auth/column-privileges' },
  database: { path: '/project/$ref/database' },
  'database.tables': { path: '/project/$ref/database/tables' },
  'database.table': { path: '/project/$ref/database/tables/$tableId', params: { tableId: '\\d+' } },
  'database.schemas': { path: '/project/$ref/database/schemas' },
  'database.functions': { path: '/project/$ref/database/functions' },
  'database.triggers': { path: '/project/$ref/database/triggers' },
  'database.indexes': { path: '/project/$ref/database/indexes' },
  'database.types': { path: '/project/$ref/database/types' },
  'database.extensions': { path: '/project/$ref/database/extensions' },
  'database.roles': { path: '/project/$ref/database/roles' },
  'database.replication': { path: '/project/$ref/database/replication' },
  'database.wrappers': { path: '/project/$ref/database/wrappers' },
  'database.migrations': { path: '/project/$ref/database/migrations' },
  'database.hooks': { path: '/project/$ref/database/hooks' },
  logs: { path: '/project/$ref/logs' },
  'logs.explorer': { path: '/project/$ref/logs/explorer' },
  'logs.explorer-recent': { path: '/project/$ref/logs/explorer/recent' },
  'logs.explorer-templates': { path: '/project/$ref/logs/explorer/templates' },
  'logs.edge': { path: '/project/$ref/logs/edge-logs' },
  'logs.postgres': { path: '/project/$ref/logs/postgres-logs' },
  'logs.postgrest': { path: '/project/$ref/logs/postgrest-logs' },
  'logs.auth': { path: '/project/$ref/logs/auth-logs' },
  'logs.storage': { path: '/project/$ref/logs/storage-logs' },
  storage: { path: '/project/$ref/storage' },
  'storage.buckets': { path: '/project/$ref/storage/buckets' },
  'storage.bucket': { path: '/project/$ref/storage/buckets/$bucketId' },
  'storage.policies': { path: '/project/$ref/storage/policies' },
  'storage.settings': { path: '/project/$ref/storage/settings' },
  'settings.api': { path: '/project/$ref/settings/api' },
  api: { path: '/project/$ref/api' },
  'api.graphiql': { path: '/project/$ref/api/graphiql' },
  support: { path: '/support/new' },
  projects: { path: '/projects' },
  'sign-in': { path: '/sign-in' },
} as const satisfies Record<string, { path: string; params?: Record<string, string> }>

export type RouteId = keyof typeof ROUTES | 'not-found'

/** The area of a page: its route id's first part ('auth.policies' → 'auth'). */
type AreaOf<I extends string> = I extends `${infer A}.${string}` ? A : I
/** What a command belongs to: the area of the pages it serves, or one of the app-wide groups. */
export type CommandArea = AreaOf<keyof typeof ROUTES> | 'app' | 'navigation' | 'account'
type Declared = keyof typeof ROUTES

/** The `$name`s of a pattern, as an object type: `'/project/$ref/sql/$id'` → `{ ref: string; id: string }`. */
type ParamsOf<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & ParamsOf<`/${Rest}`>
  : P extends `${string}$${infer Name}`
    ? { [K in Name]: string | number }
    : unknown

export type RouteParams<I extends Declared> = ParamsOf<(typeof ROUTES)[I]['path']>

function withSearch(path: string, search: Record<string, string | number | undefined> = {}): string {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== '') sp.set(k, String(v))
  const s = sp.toString()
  return s ? `${path}?${s}` : path
}

/** The path of a route, its params filled in (each encoded) and an optional query string. */
export function pathTo<I extends Declared>(id: I, params: RouteParams<I>, search?: Record<string, string | number | undefined>): string {
  const values = (params ?? {}) as Record<string, string | number>
  const path = ROUTES[id].path.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
  return withSearch(path, search)
}

type Below<Full extends string, Base extends string> = Full extends `${Base}/${infer Rest}` ? Rest : never

/** A route's path relative to another's (the router's child routes), e.g. 'editor/$tableId', typed as that literal. */
export function relativePath<I extends Declared, P extends Declared>(id: I, parent: P): Below<(typeof ROUTES)[I]['path'], (typeof ROUTES)[P]['path']> {
  const full: string = ROUTES[id].path
  const base: string = ROUTES[parent].path
  if (!full.startsWith(`${base}/`)) throw new Error(`${id} is not under ${parent}`)
  return full.slice(base.length + 1) as Below<(typeof ROUTES)[I]['path'], (typeof ROUTES)[P]['path']>
}

/** Path builders by name, for links, redirects and commands. */
export const paths = {
  project: (ref: string) => pathTo('project', { ref }),
  tableEditor: (ref: string) => pathTo('table-editor', { ref }),
  table: (ref: string, tableId: number | string) => pathTo('table-editor.table', { ref, tableId }),
  sqlEditor: (ref: string) => pathTo('sql-editor', { ref }),
  sqlSnippet: (ref: string, id: string) => pathTo('sql-editor.snippet', { ref, id }),
  sqlNew: (ref: string) => pathTo('sql-editor.new', { ref }),
  sqlTemplates: (ref: string) => pathTo('sql-editor.templates', { ref }),
  sqlQuickstarts: (ref: string) => pathTo('sql-editor.quickstarts', { ref }),
  /** the policies page; `search` is a table id or any text (spec 2) */
  authPolicies: (ref: string, q: { schema?: string; search?: string | number } = {}) => pathTo('auth.policies', { ref }, q),
  /** the Authentication pages (spec 5, Authentication): users first, then the settings pages */
  authUsers: (ref: string) => pathTo('auth.users', { ref }),
  authProviders: (ref: string) => pathTo('auth.providers', { ref }),
  authRateLimits: (ref: string) => pathTo('auth.rate-limits', { ref }),
  authTemplates: (ref: string) => pathTo('auth.templates', { ref }),
  authUrlConfiguration: (ref: string) => pathTo('auth.url-configuration', { ref }),
  authHooks: (ref: string) => pathTo('auth.hooks', { ref }),
  authEmails: (ref: string) => pathTo('auth.emails', { ref }),
  authColumnPrivileges: (ref: string) => pathTo('auth.column-privileges', { ref }),
  databaseRoles: (ref: string) => pathTo('database.roles', { ref }),
  /** the Database area's pages (spec 2, Database); each page's own search parameters are its route's */
  databaseTables: (ref: string, q: { schema?: string; search?: string } = {}) => pathTo('database.tables', { ref }, q),
  /** one table's columns list (`view`: 'columns' or 'definition') */
  databaseTable: (ref: string, tableId: number, q: { view?: 'columns' | 'definition' } = {}) =>
    pathTo('database.table', { ref, tableId }, q),
  databaseSchemas: (ref: string, q: { schema?: string } = {}) => pathTo('database.schemas', { ref }, q),
  databaseFunctions: (ref: string, q: { schema?: string; search?: string } = {}) => pathTo('database.functions', { ref }, q),
  databaseTriggers: (ref: string, q: { schema?: string; search?: string } = {}) => pathTo('database.triggers', { ref }, q),
  databaseIndexes: (ref: string, q: { schema?: string; search?: string } = {}) => pathTo('database.indexes', { ref }, q),
  databaseTypes: (ref: string, q: { schema?: string; search?: string } = {}) => pathTo('database.types', { ref }, q),
  databaseExtensions: (ref: string, q: { search?: string } = {}) => pathTo('database.extensions', { ref }, q),
  databaseReplication: (ref: string) => pathTo('database.replication', { ref }),
  databaseWrappers: (ref: string) => pathTo('database.wrappers', { ref }),
  databaseMigrations: (ref: string) => pathTo('database.migrations', { ref }),
  databaseHooks: (ref: string) => pathTo('database.hooks', { ref }),
  /** the Logs area (spec 2, Logs): the explorer (`sql` and the time range in the URL) and one page per source */
  logsExplorer: (ref: string, q: { sql?: string; range?: string; start?: string; end?: string } = {}) => pathTo('logs.explorer', { ref }, q),
  logsExplorerRecent: (ref: string) => pathTo('logs.explorer-recent', { ref }),
  logsExplorerTemplates: (ref: string) => pathTo('logs.explorer-templates', { ref }),
  logsSource: (ref: string, source: LogSource, q: { search?: string; range?: string; start?: string; end?: string } = {}) =>
    pathTo(`logs.${source}`, { ref }, q),
  storageBuckets: (ref: string) => pathTo('storage.buckets', { ref }),
  storageBucket: (ref: string, bucketId: string) => pathTo('storage.bucket', { ref, bucketId }),
  storagePolicies: (ref: string) => pathTo('storage.policies', { ref }),
  storageSettings: (ref: string) => pathTo('storage.settings', { ref }),
  apiSettings: (ref: string) => pathTo('settings.api', { ref }),
  /** the API docs (spec 2, API docs): `page`, or one table/view (`resource`), function (`rpc`) or bucket's storage docs */
  apiDocs: (ref: string, q: { page?: string; resource?: string; rpc?: string; bucket?: string } = {}) => pathTo('api', { ref }, q),
  graphiql: (ref: string) => pathTo('api.graphiql', { ref }),
  support: () => pathTo('support', {}),
  projects: () => pathTo('projects', {}),
  /** the sign-in page; `returnTo` is where a sign-in goes next (a path of this studio), `link` 'invalid' after a used link */
  signIn: (q: { returnTo?: string; link?: 'invalid' } = {}) =>
    pathTo('sign-in', {}, { returnTo: q.returnTo === '/' ? undefined : q.returnTo, link: q.link }),
}

/** The matcher of each route: static segments first, so `/sql/new` wins over `/sql/$id`. */
const patterns = (Object.entries(ROUTES) as [Declared, { path: string; params?: Record<string, string> }][])
  .map(([id, route]) => {
    const keys: string[] = []
    const source = route.path.replace(/\$(\w+)/g, (_, name: string) => {
      keys.push(name)
      return `(${route.params?.[name] ?? '[^/]+'})`
    })
    const segments = route.path.split('/').length
    return { id, keys, segments, re: new RegExp(`^${source.replace(/\//g, '\\/')}\\/?$`) }
  })
  .sort((a, b) => b.segments - a.segments || a.keys.length - b.keys.length)

export interface RouteMatch {
  id: RouteId
  params: Record<string, string>
  /** 'table-editor.table' also matches 'table-editor' (its parent). */
  matches: (id: RouteId) => boolean
}

export function matchPath(pathname: string): RouteMatch {
  for (const p of patterns) {
    const m = p.re.exec(pathname)
    if (!m) continue
    const params = Object.fromEntries(p.keys.map((k, i) => [k, decodeURIComponent(m[i + 1] ?? '')]))
    const id = p.id
    return { id, params, matches: (other) => id === other || id.startsWith(`${other}.`) }
  }
  return { id: 'not-found', params: {}, matches: (other) => other === 'not-found' }
}
