/**
 * The router's tree without its screens: every route's path (from ROUTES), search validation and redirect.
 * The app's router (src/web/router.tsx) gives these same routes their components; headless tests build a
 * memory-history router over this tree, so a command's navigation goes through the real matching,
 * `validateSearch` and redirects in both.
 */
import {
  createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, redirect, type RouterHistory,
} from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { ROUTES, paths, relativePath } from '../../../shared/routes'
import { parseSearch, stringifySearch } from './search-params'
import { gridSearchSchema } from '../table-editor/search'
import { policiesSearchSchema } from '../auth/policies/search'
import { usersSearchSchema } from '../auth/users-search'
import { emailsSearchSchema } from '../auth/emails-search'
import { columnPrivilegesSearchSchema } from '../auth/column-privileges-search'
import { rolesSearchSchema } from '../database/roles/roles-data'
import { tableSearchSchema, tablesSearchSchema } from '../database/tables/search'
import { visualizerSearchSchema } from '../database/schemas/search'
import { functionsSearchSchema } from '../database/functions/search'
import { triggersSearchSchema } from '../database/triggers/search'
import { indexesSearchSchema } from '../database/indexes/search'
import { typesSearchSchema } from '../database/types/search'
import { extensionsSearchSchema } from '../database/extensions/search'
import { explorerSearchSchema, sourceSearchSchema } from '../logs/search'
import { apiDocsSearchSchema } from '../api/search'
import { afterSignIn, signInSearchSchema } from '../account/session'

export interface RouterContext {
  queryClient: QueryClient
  isPlatform: boolean
  /** whether the page loaded with a session (the studio call answered); a sign-in or sign-out loads the page afresh */
  signedIn: boolean
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({})

/** Self-hosted ('not on the platform'): account, organization and project lists go to the one project. */
const toDefaultProject = ({ context }: { context: RouterContext }) => {
  if (!context.isPlatform) throw redirect({ href: paths.project(DEFAULT_PROJECT_REF), replace: true })
}

const child = <P extends string>(path: P) => ({ getParentRoute: () => rootRoute, path })

export const indexRoute = createRoute({ ...child('/'), beforeLoad: toDefaultProject })
export const projectsRoute = createRoute({ ...child(ROUTES.projects.path), beforeLoad: toDefaultProject })
export const accountRoute = createRoute({ ...child('/account/$'), beforeLoad: toDefaultProject })
export const orgRoute = createRoute({ ...child('/org/$'), beforeLoad: toDefaultProject })
export const supportRoute = createRoute(child(ROUTES.support.path))

/**
 * Outside the project frame (no session needed). Signed in already: reset cached queries and go where the
 * sign-in would have gone (spec 4, sign-in frame); otherwise stay.
 */
export const signInRoute = createRoute({
  ...child(ROUTES['sign-in'].path),
  validateSearch: signInSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (!context.signedIn) return
    context.queryClient.clear()
    throw redirect({ href: afterSignIn(search), replace: true })
  },
})

export const projectRoute = createRoute(child(ROUTES.project.path))
export const projectHomeRoute = createRoute({ getParentRoute: () => projectRoute, path: '/' })

export const editorRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('table-editor', 'project') })
export const editorIndexRoute = createRoute({ getParentRoute: () => editorRoute, path: '/' })
export const tableRoute = createRoute({
  getParentRoute: () => editorRoute,
  path: relativePath('table-editor.table', 'table-editor'),
  validateSearch: gridSearchSchema,
})

export const sqlRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('sql-editor', 'project') })
/** /sql opens a new query. */
const sqlIndexRoute = createRoute({
  getParentRoute: () => sqlRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.sqlNew(params.ref), replace: true })
  },
})
const underSql = <P extends string>(path: P) => ({ getParentRoute: () => sqlRoute, path })
export const sqlNewRoute = createRoute(underSql(relativePath('sql-editor.new', 'sql-editor')))
export const sqlSnippetRoute = createRoute(underSql(relativePath('sql-editor.snippet', 'sql-editor')))
export const sqlTemplatesRoute = createRoute(underSql(relativePath('sql-editor.templates', 'sql-editor')))
export const sqlQuickstartsRoute = createRoute(underSql(relativePath('sql-editor.quickstarts', 'sql-editor')))

export const authRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('auth', 'project') })
/** /auth is the users list. */
const authIndexRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.authUsers(params.ref), replace: true })
  },
})
export const authUsersRoute = createRoute({
  getParentRoute: () => authRoute,
  path: relativePath('auth.users', 'auth'),
  validateSearch: usersSearchSchema,
})
export const policiesRoute = createRoute({
  getParentRoute: () => authRoute,
  path: relativePath('auth.policies', 'auth'),
  validateSearch: policiesSearchSchema,
})
/** The Authentication settings pages (issue 13): shown self-hosted too, since this studio runs its auth service. */
const authPage = (id: 'auth.providers' | 'auth.rate-limits' | 'auth.templates' | 'auth.url-configuration' | 'auth.hooks') =>
  createRoute({ getParentRoute: () => authRoute, path: relativePath(id, 'auth') })
export const authProvidersRoute = authPage('auth.providers')
export const authRateLimitsRoute = authPage('auth.rate-limits')
export const authTemplatesRoute = authPage('auth.templates')
export const authUrlConfigurationRoute = authPage('auth.url-configuration')
export const authHooksRoute = authPage('auth.hooks')
export const authEmailsRoute = createRoute({
  getParentRoute: () => authRoute,
  path: relativePath('auth.emails', 'auth'),
  validateSearch: emailsSearchSchema,
})
export const authColumnPrivilegesRoute = createRoute({
  getParentRoute: () => authRoute,
  path: relativePath('auth.column-privileges', 'auth'),
  validateSearch: columnPrivilegesSearchSchema,
})
/** The Database area (spec 2, Database): its menu beside each page; /database opens Tables. */
export const databaseRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('database', 'project') })
const databaseIndexRoute = createRoute({
  getParentRoute: () => databaseRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.databaseTables(params.ref), replace: true })
  },
})
const underDatabase = <P extends string>(path: P) => ({ getParentRoute: () => databaseRoute, path })
export const databaseTablesRoute = createRoute({ ...underDatabase(relativePath('database.tables', 'database')), validateSearch: tablesSearchSchema })
export const databaseTableRoute = createRoute({ ...underDatabase(relativePath('database.table', 'database')), validateSearch: tableSearchSchema })
export const databaseSchemasRoute = createRoute({ ...underDatabase(relativePath('database.schemas', 'database')), validateSearch: visualizerSearchSchema })
export const databaseFunctionsRoute = createRoute({ ...underDatabase(relativePath('database.functions', 'database')), validateSearch: functionsSearchSchema })
export const databaseTriggersRoute = createRoute({ ...underDatabase(relativePath('database.triggers', 'database')), validateSearch: triggersSearchSchema })
export const databaseIndexesRoute = createRoute({ ...underDatabase(relativePath('database.indexes', 'database')), validateSearch: indexesSearchSchema })
export const databaseTypesRoute = createRoute({ ...underDatabase(relativePath('database.types', 'database')), validateSearch: typesSearchSchema })
export const databaseExtensionsRoute = createRoute({ ...underDatabase(relativePath('database.extensions', 'database')), validateSearch: extensionsSearchSchema })
export const databaseReplicationRoute = createRoute(underDatabase(relativePath('database.replication', 'database')))
export const databaseWrappersRoute = createRoute(underDatabase(relativePath('database.wrappers', 'database')))
export const databaseMigrationsRoute = createRoute(underDatabase(relativePath('database.migrations', 'database')))
export const databaseHooksRoute = createRoute(underDatabase(relativePath('database.hooks', 'database')))
export const rolesRoute = createRoute({
  ...underDatabase(relativePath('database.roles', 'database')),
  validateSearch: rolesSearchSchema,
})

/** The Logs area (spec 2, Logs): its menu beside each page; /logs opens the explorer. */
export const logsRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('logs', 'project') })
const logsIndexRoute = createRoute({
  getParentRoute: () => logsRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.logsExplorer(params.ref), replace: true })
  },
})
const underLogs = <P extends string>(path: P) => ({ getParentRoute: () => logsRoute, path })
export const logsExplorerRoute = createRoute({ ...underLogs(relativePath('logs.explorer', 'logs')), validateSearch: explorerSearchSchema })
export const logsExplorerRecentRoute = createRoute(underLogs(relativePath('logs.explorer-recent', 'logs')))
export const logsExplorerTemplatesRoute = createRoute(underLogs(relativePath('logs.explorer-templates', 'logs')))
export const logsEdgeRoute = createRoute({ ...underLogs(relativePath('logs.edge', 'logs')), validateSearch: sourceSearchSchema })
export const logsPostgresRoute = createRoute({ ...underLogs(relativePath('logs.postgres', 'logs')), validateSearch: sourceSearchSchema })
export const logsPostgrestRoute = createRoute({ ...underLogs(relativePath('logs.postgrest', 'logs')), validateSearch: sourceSearchSchema })
export const logsAuthRoute = createRoute({ ...underLogs(relativePath('logs.auth', 'logs')), validateSearch: sourceSearchSchema })
export const logsStorageRoute = createRoute({ ...underLogs(relativePath('logs.storage', 'logs')), validateSearch: sourceSearchSchema })

export const storageRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('storage', 'project') })
/** /storage is the bucket list. */
const storageIndexRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.storageBuckets(params.ref), replace: true })
  },
})
const underStorage = <P extends string>(path: P) => ({ getParentRoute: () => storageRoute, path })
export const storageBucketsRoute = createRoute(underStorage(relativePath('storage.buckets', 'storage')))
export const storageBucketRoute = createRoute(underStorage(relativePath('storage.bucket', 'storage')))
export const storagePoliciesRoute = createRoute(underStorage(relativePath('storage.policies', 'storage')))
export const storageSettingsRoute = createRoute(underStorage(relativePath('storage.settings', 'storage')))

export const apiSettingsRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('settings.api', 'project') })

/** The API docs (spec 2): the guides, tables, functions and storage docs at /api, GraphiQL below it. */
export const apiRoute = createRoute({ getParentRoute: () => projectRoute, path: relativePath('api', 'project') })
export const apiDocsRoute = createRoute({ getParentRoute: () => apiRoute, path: '/', validateSearch: apiDocsSearchSchema })
export const graphiqlRoute = createRoute({ getParentRoute: () => apiRoute, path: relativePath('api.graphiql', 'api') })

export const routeTree = rootRoute.addChildren([
  indexRoute,
  projectsRoute,
  accountRoute,
  orgRoute,
  supportRoute,
  signInRoute,
  projectRoute.addChildren([
    projectHomeRoute,
    editorRoute.addChildren([editorIndexRoute, tableRoute]),
    sqlRoute.addChildren([sqlIndexRoute, sqlNewRoute, sqlTemplatesRoute, sqlQuickstartsRoute, sqlSnippetRoute]),
    authRoute.addChildren([authIndexRoute, authUsersRoute, policiesRoute, authProvidersRoute, authRateLimitsRoute, authTemplatesRoute, authUrlConfigurationRoute, authHooksRoute, authEmailsRoute, authColumnPrivilegesRoute]),
    databaseRoute.addChildren([
      databaseIndexRoute, databaseTablesRoute, databaseTableRoute, databaseSchemasRoute, databaseFunctionsRoute,
      databaseTriggersRoute, databaseIndexesRoute, databaseTypesRoute, databaseExtensionsRoute, rolesRoute,
      databaseReplicationRoute, databaseWrappersRoute, databaseMigrationsRoute, databaseHooksRoute,
    ]),
    logsRoute.addChildren([
      logsIndexRoute, logsExplorerRoute, logsExplorerRecentRoute, logsExplorerTemplatesRoute,
      logsEdgeRoute, logsPostgresRoute, logsPostgrestRoute, logsAuthRoute, logsStorageRoute,
    ]),
    storageRoute.addChildren([
      storageIndexRoute, storageBucketsRoute, storageBucketRoute, storagePoliciesRoute, storageSettingsRoute,
    ]),
    apiSettingsRoute,
    apiRoute.addChildren([apiDocsRoute, graphiqlRoute]),
  ]),
])

/** The studio's router over this tree: the browser's history in the app, a memory history headless. */
export function createStudioRouter(context: RouterContext, memory?: MemoryOptions) {
  return createRouter({
    routeTree,
    context,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...memory,
  })
}

interface MemoryOptions {
  history: RouterHistory
  isServer: false
  origin: string
  scrollRestoration: false
}

export type AppRouter = ReturnType<typeof createStudioRouter>

/**
 * A router that keeps its location in memory, starting at `start` (tests, in Node: told it is no server so
 * that it navigates). It loads each location it is sent to, as the app's RouterProvider has it do.
 */
export function createMemoryRouter(context: RouterContext, start: string): AppRouter {
  const router = createStudioRouter(context, {
    history: createMemoryHistory({ initialEntries: [start] }),
    isServer: false,
    origin: 'http://localhost',
    scrollRestoration: false,
  })
  router.history.subscribe(() => void router.load())
  return router
}
