/**
 * The app's router: the headless tree of src/web/model/app/route-tree.ts (paths, search validation,
 * redirects), each route given its screen here. Pages load as chunks of their own.
 */
import { lazyRouteComponent } from '@tanstack/react-router'
import { RootLayout } from './shell/RootLayout'
import { ErrorPage, NotFoundPage } from './screens/errors/ErrorPage'
import {
  apiDocsRoute, apiRoute, apiSettingsRoute, authColumnPrivilegesRoute, authEmailsRoute, authHooksRoute, authProvidersRoute, authRateLimitsRoute, authRoute, authTemplatesRoute, authUrlConfigurationRoute, authUsersRoute, createStudioRouter, editorIndexRoute, editorRoute, policiesRoute, projectHomeRoute, projectRoute,
  rootRoute, signInRoute, sqlNewRoute, sqlQuickstartsRoute, sqlRoute, sqlSnippetRoute, sqlTemplatesRoute,
  storageBucketRoute, storageBucketsRoute, storagePoliciesRoute, storageRoute, storageSettingsRoute, supportRoute,
  tableRoute, graphiqlRoute, type AppRouter, type RouterContext,
} from './model/app/route-tree'
import { databaseRoutes } from './screens/database/routes'
import { logsRoutes } from './screens/logs/routes'

export type { AppRouter, RouterContext }

rootRoute.update({ component: RootLayout, errorComponent: ErrorPage, notFoundComponent: NotFoundPage })

supportRoute.update({ component: lazyRouteComponent(() => import('./screens/support/SupportPage'), 'SupportPage') })
signInRoute.update({ component: lazyRouteComponent(() => import('./screens/sign-in/SignInPage'), 'SignInPage') })

// the project frame (navigation, header, account menu and their Radix menus and tooltips) is a chunk of its
// own, like the pages: the router fetches it together with the page's, and /sign-in never needs it
// a path under a project that is no page keeps the project's frame (menu, header) around the not-found page
projectRoute.update({ component: lazyRouteComponent(() => import('./shell/ProjectLayout'), 'ProjectLayout'), notFoundComponent: NotFoundPage })
projectHomeRoute.update({ component: lazyRouteComponent(() => import('./screens/home/ProjectHome'), 'ProjectHome') })

editorRoute.update({ component: lazyRouteComponent(() => import('./screens/table-editor/TableEditorLayout'), 'TableEditorLayout') })
editorIndexRoute.update({ component: lazyRouteComponent(() => import('./screens/table-editor/TableEditorIndex'), 'TableEditorIndex') })
tableRoute.update({ component: lazyRouteComponent(() => import('./screens/table-editor/GridPage'), 'GridPage') })

sqlRoute.update({ component: lazyRouteComponent(() => import('./screens/sql-editor/SqlEditorLayout'), 'SqlEditorLayout') })
const sqlEditorPage = lazyRouteComponent(() => import('./screens/sql-editor/SqlEditorPage'), 'SqlEditorPage')
sqlNewRoute.update({ component: sqlEditorPage })
sqlSnippetRoute.update({ component: sqlEditorPage })
sqlTemplatesRoute.update({ component: lazyRouteComponent(() => import('./screens/sql-editor/templates/TemplatesPage'), 'TemplatesPage') })
sqlQuickstartsRoute.update({ component: lazyRouteComponent(() => import('./screens/sql-editor/templates/QuickstartsPage'), 'QuickstartsPage') })

authRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/AuthLayout'), 'AuthLayout') })
authUsersRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/users/UsersPage'), 'UsersPage') })
policiesRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/policies/PoliciesPage'), 'PoliciesPage') })
authProvidersRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/providers/ProvidersPage'), 'ProvidersPage') })
authRateLimitsRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/rate-limits/RateLimitsPage'), 'RateLimitsPage') })
authTemplatesRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/templates/TemplatesPage'), 'TemplatesPage') })
authUrlConfigurationRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/url-configuration/UrlConfigurationPage'), 'UrlConfigurationPage') })
authHooksRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/hooks/HooksPage'), 'HooksPage') })
authEmailsRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/emails/EmailsPage'), 'EmailsPage') })
authColumnPrivilegesRoute.update({ component: lazyRouteComponent(() => import('./screens/auth/column-privileges/ColumnPrivilegesPage'), 'ColumnPrivilegesPage') })
databaseRoutes()
logsRoutes()

storageRoute.update({ component: lazyRouteComponent(() => import('./screens/storage/StorageLayout'), 'StorageLayout') })
storageBucketsRoute.update({ component: lazyRouteComponent(() => import('./screens/storage/buckets/BucketsIndex'), 'BucketsIndex') })
storageBucketRoute.update({ component: lazyRouteComponent(() => import('./screens/storage/explorer/ExplorerPage'), 'ExplorerPage') })
storagePoliciesRoute.update({ component: lazyRouteComponent(() => import('./screens/storage/policies/StoragePoliciesPage'), 'StoragePoliciesPage') })
storageSettingsRoute.update({ component: lazyRouteComponent(() => import('./screens/storage/settings/StorageSettingsPage'), 'StorageSettingsPage') })
apiSettingsRoute.update({ component: lazyRouteComponent(() => import('./screens/settings/ApiSettingsPage'), 'ApiSettingsPage') })
apiRoute.update({ component: lazyRouteComponent(() => import('./screens/api/ApiDocsLayout'), 'ApiDocsLayout') })
apiDocsRoute.update({ component: lazyRouteComponent(() => import('./screens/api/ApiDocsPage'), 'ApiDocsPage') })
graphiqlRoute.update({ component: lazyRouteComponent(() => import('./screens/api/GraphiqlPage'), 'GraphiqlPage') })

export function makeRouter(context: RouterContext): AppRouter {
  return createStudioRouter(context)
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
