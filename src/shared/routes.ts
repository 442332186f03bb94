/**
 * The studio's paths, as plain functions: links, redirects and commands build them here, and
 * `matchPath` tells which screen a pathname is, without React (commands use it headless).
 */
export const paths = {
  project: (ref: string) => `/project/${ref}`,
  tableEditor: (ref: string) => `/project/${ref}/editor`,
  table: (ref: string, tableId: number | string) => `/project/${ref}/editor/${tableId}`,
  sqlEditor: (ref: string) => `/project/${ref}/sql`,
  sqlSnippet: (ref: string, id: string) => `/project/${ref}/sql/${id}`,
  sqlNew: (ref: string) => `/project/${ref}/sql/new`,
  sqlTemplates: (ref: string) => `/project/${ref}/sql/templates`,
  sqlQuickstarts: (ref: string) => `/project/${ref}/sql/quickstarts`,
  /** the policies page; `search` is a table id or any text (spec 2) */
  authPolicies: (ref: string, q: { schema?: string; search?: string | number } = {}) => {
    const sp = new URLSearchParams()
    if (q.schema) sp.set('schema', q.schema)
    if (q.search !== undefined && q.search !== '') sp.set('search', String(q.search))
    const s = sp.toString()
    return `/project/${ref}/auth/policies${s ? `?${s}` : ''}`
  },
  databaseRoles: (ref: string) => `/project/${ref}/database/roles`,
  storageBuckets: (ref: string) => `/project/${ref}/storage/buckets`,
  storageBucket: (ref: string, bucketId: string) => `/project/${ref}/storage/buckets/${encodeURIComponent(bucketId)}`,
  storagePolicies: (ref: string) => `/project/${ref}/storage/policies`,
  storageSettings: (ref: string) => `/project/${ref}/storage/settings`,
  apiSettings: (ref: string) => `/project/${ref}/settings/api`,
  support: () => '/support/new',
  projects: () => '/projects',
  /** the sign-in page; `returnTo` is where a sign-in goes next (a path of this studio), `link` 'invalid' after a used link */
  signIn: (q: { returnTo?: string; link?: 'invalid' } = {}) => {
    const sp = new URLSearchParams()
    if (q.returnTo && q.returnTo !== '/') sp.set('returnTo', q.returnTo)
    if (q.link) sp.set('link', q.link)
    const s = sp.toString()
    return `/sign-in${s ? `?${s}` : ''}`
  },
}

export type RouteId =
  | 'project'
  | 'table-editor'
  | 'table-editor.table'
  | 'sql-editor'
  | 'sql-editor.new'
  | 'sql-editor.templates'
  | 'sql-editor.quickstarts'
  | 'sql-editor.snippet'
  | 'auth.policies'
  | 'database.roles'
  | 'storage'
  | 'storage.bucket'
  | 'storage.policies'
  | 'storage.settings'
  | 'settings.api'
  | 'support'
  | 'sign-in'
  | 'not-found'

const patterns: { id: RouteId; re: RegExp; keys: string[] }[] = [
  { id: 'table-editor.table', re: /^\/project\/([^/]+)\/editor\/(\d+)\/?$/, keys: ['ref', 'tableId'] },
  { id: 'table-editor', re: /^\/project\/([^/]+)\/editor\/?$/, keys: ['ref'] },
  { id: 'sql-editor.new', re: /^\/project\/([^/]+)\/sql\/new\/?$/, keys: ['ref'] },
  { id: 'sql-editor.templates', re: /^\/project\/([^/]+)\/sql\/templates\/?$/, keys: ['ref'] },
  { id: 'sql-editor.quickstarts', re: /^\/project\/([^/]+)\/sql\/quickstarts\/?$/, keys: ['ref'] },
  { id: 'sql-editor.snippet', re: /^\/project\/([^/]+)\/sql\/([^/]+)\/?$/, keys: ['ref', 'id'] },
  { id: 'sql-editor', re: /^\/project\/([^/]+)\/sql\/?$/, keys: ['ref'] },
  { id: 'auth.policies', re: /^\/project\/([^/]+)\/auth\/policies\/?$/, keys: ['ref'] },
  { id: 'database.roles', re: /^\/project\/([^/]+)\/database\/roles\/?$/, keys: ['ref'] },
  { id: 'storage.bucket', re: /^\/project\/([^/]+)\/storage\/buckets\/([^/]+)\/?$/, keys: ['ref', 'bucketId'] },
  { id: 'storage', re: /^\/project\/([^/]+)\/storage(?:\/buckets)?\/?$/, keys: ['ref'] },
  { id: 'storage.policies', re: /^\/project\/([^/]+)\/storage\/policies\/?$/, keys: ['ref'] },
  { id: 'storage.settings', re: /^\/project\/([^/]+)\/storage\/settings\/?$/, keys: ['ref'] },
  { id: 'settings.api', re: /^\/project\/([^/]+)\/settings\/api\/?$/, keys: ['ref'] },
  { id: 'project', re: /^\/project\/([^/]+)\/?$/, keys: ['ref'] },
  { id: 'support', re: /^\/support\/new\/?$/, keys: [] },
  { id: 'sign-in', re: /^\/sign-in\/?$/, keys: [] },
]

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
