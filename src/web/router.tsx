import {
  createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect,
} from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { DEFAULT_PROJECT_REF } from '../shared/constants'
import { ROUTES, paths, relativePath } from '../shared/routes'
import { parseSearch, stringifySearch } from './model/app/search-params'
import { RootLayout } from './shell/RootLayout'
import { ErrorPage, NotFoundPage } from './screens/errors/ErrorPage'
import { gridSearchSchema } from './model/table-editor/search'
import { policiesSearchSchema } from './model/auth/policies/search'
import { rolesSearchSchema } from './model/database/roles/roles-data'
import { afterSignIn, signInSearchSchema } from './model/account/session'

export interface RouterContext {
  queryClient: QueryClient
  isPlatform: boolean
  /** whether the page loaded with a session (the studio call answered); a sign-in or sign-out loads the page afresh */
  signedIn: boolean
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
})

/** Self-hosted ('not on the platform'): account, organization and project lists go to the one project. */
const toDefaultProject = ({ context }: { context: RouterContext }) => {
  if (!context.isPlatform) throw redirect({ href: paths.project(DEFAULT_PROJECT_REF), replace: true })
}

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: toDefaultProject })
const projectsRoute = createRoute({ getParentRoute: () => rootRoute, path: ROUTES.projects.path, beforeLoad: toDefaultProject })
const accountRoute = createRoute({ getParentRoute: () => rootRoute, path: '/account/$', beforeLoad: toDefaultProject })
const orgRoute = createRoute({ getParentRoute: () => rootRoute, path: '/org/$', beforeLoad: toDefaultProject })

const supportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: ROUTES.support.path,
  component: lazyRouteComponent(() => import('./screens/support/SupportPage'), 'SupportPage'),
})

/**
 * Outside the project frame (no session needed). Signed in already: reset cached queries and go where the
 * sign-in would have gone (spec 4, sign-in frame); otherwise stay.
 */
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: ROUTES['sign-in'].path,
  validateSearch: signInSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (!context.signedIn) return
    context.queryClient.clear()
    throw redirect({ href: afterSignIn(search), replace: true })
  },
  component: lazyRouteComponent(() => import('./screens/sign-in/SignInPage'), 'SignInPage'),
})

// the project frame (navigation, header, account menu and their Radix menus and tooltips) is a chunk of its
// own, like the pages: the router fetches it together with the page's, and /sign-in never needs it
const projectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: ROUTES.project.path,
  component: lazyRouteComponent(() => import('./shell/ProjectLayout'), 'ProjectLayout'),
})

const projectHomeRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./screens/home/ProjectHome'), 'ProjectHome'),
})

const editorRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: relativePath('table-editor', 'project'),
  component: lazyRouteComponent(() => import('./screens/table-editor/TableEditorLayout'), 'TableEditorLayout'),
})

const editorIndexRoute = createRoute({
  getParentRoute: () => editorRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./screens/table-editor/TableEditorIndex'), 'TableEditorIndex'),
})

const tableRoute = createRoute({
  getParentRoute: () => editorRoute,
  path: relativePath('table-editor.table', 'table-editor'),
  validateSearch: gridSearchSchema,
  component: lazyRouteComponent(() => import('./screens/table-editor/GridPage'), 'GridPage'),
})

const sqlRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: relativePath('sql-editor', 'project'),
  component: lazyRouteComponent(() => import('./screens/sql-editor/SqlEditorLayout'), 'SqlEditorLayout'),
})

/** /sql opens a new query. */
const sqlIndexRoute = createRoute({
  getParentRoute: () => sqlRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.sqlNew(params.ref), replace: true })
  },
})

const sqlEditorPage = lazyRouteComponent(() => import('./screens/sql-editor/SqlEditorPage'), 'SqlEditorPage')
const sqlNewRoute = createRoute({ getParentRoute: () => sqlRoute, path: relativePath('sql-editor.new', 'sql-editor'), component: sqlEditorPage })
const sqlSnippetRoute = createRoute({ getParentRoute: () => sqlRoute, path: relativePath('sql-editor.snippet', 'sql-editor'), component: sqlEditorPage })
const sqlTemplatesRoute = createRoute({
  getParentRoute: () => sqlRoute,
  path: relativePath('sql-editor.templates', 'sql-editor'),
  component: lazyRouteComponent(() => import('./screens/sql-editor/templates/TemplatesPage'), 'TemplatesPage'),
})
const sqlQuickstartsRoute = createRoute({
  getParentRoute: () => sqlRoute,
  path: relativePath('sql-editor.quickstarts', 'sql-editor'),
  component: lazyRouteComponent(() => import('./screens/sql-editor/templates/QuickstartsPage'), 'QuickstartsPage'),
})

const policiesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: relativePath('auth.policies', 'project'),
  validateSearch: policiesSearchSchema,
  component: lazyRouteComponent(() => import('./screens/auth/policies/PoliciesPage'), 'PoliciesPage'),
})

const rolesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: relativePath('database.roles', 'project'),
  validateSearch: rolesSearchSchema,
  component: lazyRouteComponent(() => import('./screens/database/roles/RolesPage'), 'RolesPage'),
})

const storageRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: relativePath('storage', 'project'),
  component: lazyRouteComponent(() => import('./screens/storage/StorageLayout'), 'StorageLayout'),
})
/** /storage is the bucket list. */
const storageIndexRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: paths.storageBuckets(params.ref), replace: true })
  },
})
const storageBucketsRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: relativePath('storage.buckets', 'storage'),
  component: lazyRouteComponent(() => import('./screens/storage/buckets/BucketsIndex'), 'BucketsIndex'),
})
const storageBucketRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: relativePath('storage.bucket', 'storage'),
  component: lazyRouteComponent(() => import('./screens/storage/explorer/ExplorerPage'), 'ExplorerPage'),
})
const storagePoliciesRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: relativePath('storage.policies', 'storage'),
  component: lazyRouteComponent(() => import('./screens/storage/policies/StoragePoliciesPage'), 'StoragePoliciesPage'),
})
const storageSettingsRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: relativePath('storage.settings', 'storage'),
  component: lazyRouteComponent(() => import('./screens/storage/settings/StorageSettingsPage'), 'StorageSettingsPage'),
})
const apiSettingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: relativePath('settings.api', 'project'),
  component: lazyRouteComponent(() => import('./screens/settings/ApiSettingsPage'), 'ApiSettingsPage'),
})

const routeTree = rootRoute.addChildren([
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
    policiesRoute,
    rolesRoute,
    storageRoute.addChildren([
      storageIndexRoute, storageBucketsRoute, storageBucketRoute, storagePoliciesRoute, storageSettingsRoute,
    ]),
    apiSettingsRoute,
  ]),
])

export function makeRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof makeRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
