/**
 * The API docs menu (spec 2, API docs), in Supabase's order: Getting started (Introduction, Authentication,
 * User management only when auth is enabled), Tables and Views (an introduction, then each table or view),
 * Stored Procedures (an introduction, then each function), GraphQL (GraphiQL), Storage.
 */
import type { AuthConfig } from '../../../shared/auth'
import { paths } from '../../../shared/routes'
import type { DocsFunction, DocsResource } from './openapi'
import type { ApiDocsView } from './search'

export interface ApiDocsMenuItem {
  /** unique within the menu: 'page:intro', 'resource:todos', 'rpc:add', 'graphiql', 'page:storage' */
  id: string
  label: string
  href: (ref: string) => string
}

export interface ApiDocsMenuSection {
  title: string
  items: ApiDocsMenuItem[]
  /** shown under the section while its entries load or when there are none */
  note?: string
}

/**
 * Whether the project's auth accepts sign-ins by email (what the User management page documents). The
 * configuration needs project_auth:all to read: unknown to others, and the auth service runs in every
 * project of this studio, so the page is shown then.
 */
export function isAuthEnabled(config: Pick<AuthConfig, 'EXTERNAL_EMAIL_ENABLED'> | undefined, readable: boolean): boolean {
  if (!readable) return true
  return Boolean(config?.EXTERNAL_EMAIL_ENABLED)
}

export function apiDocsMenu(input: {
  authEnabled: boolean
  /** undefined while the document loads (or when it could not be) */
  resources: DocsResource[] | undefined
  functions: DocsFunction[] | undefined
}): ApiDocsMenuSection[] {
  const page = (id: string, label: string): ApiDocsMenuItem => ({ id: `page:${id}`, label, href: (ref) => paths.apiDocs(ref, { page: id }) })
  const started = [page('intro', 'Introduction'), page('auth', 'Authentication')]
  if (input.authEnabled) started.push(page('users', 'User management'))
  const resources = input.resources ?? []
  const functions = input.functions ?? []
  return [
    { title: 'Getting started', items: started },
    {
      title: 'Tables and Views',
      items: [
        page('tables-intro', 'Introduction'),
        ...resources.map((r) => ({ id: `resource:${r.name}`, label: r.name, href: (ref: string) => paths.apiDocs(ref, { resource: r.name }) })),
      ],
      note: input.resources && resources.length === 0 ? 'No tables or views in the exposed schema' : undefined,
    },
    {
      title: 'Stored Procedures',
      items: [
        page('rpc-intro', 'Introduction'),
        ...functions.map((f) => ({ id: `rpc:${f.name}`, label: f.name, href: (ref: string) => paths.apiDocs(ref, { rpc: f.name }) })),
      ],
      note: input.functions && functions.length === 0 ? 'No functions in the exposed schema' : undefined,
    },
    { title: 'GraphQL', items: [{ id: 'graphiql', label: 'GraphiQL', href: paths.graphiql }] },
    { title: 'Storage', items: [page('storage', 'Storage')] },
  ]
}

/** The menu item the open page is (for the active mark). */
export function activeMenuId(view: ApiDocsView | 'graphiql'): string {
  if (view === 'graphiql') return 'graphiql'
  if (view.kind === 'resource') return `resource:${view.name}`
  if (view.kind === 'rpc') return `rpc:${view.name}`
  if (view.kind === 'storage') return 'page:storage'
  return `page:${view.page}`
}
