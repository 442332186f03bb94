/** The Database area's screens (spec 2, Database), each page a chunk of its own, the menu beside them. */
import { lazyRouteComponent } from '@tanstack/react-router'
import {
  databaseExtensionsRoute, databaseFunctionsRoute, databaseHooksRoute, databaseIndexesRoute, databaseMigrationsRoute,
  databaseReplicationRoute, databaseRoute, databaseSchemasRoute, databaseTableRoute, databaseTablesRoute,
  databaseTriggersRoute, databaseTypesRoute, databaseWrappersRoute, rolesRoute,
} from '../../model/app/route-tree'

export function databaseRoutes(): void {
  databaseRoute.update({ component: lazyRouteComponent(() => import('./DatabaseLayout'), 'DatabaseLayout') })
  databaseTablesRoute.update({ component: lazyRouteComponent(() => import('./tables/TablesPage'), 'TablesPage') })
  databaseTableRoute.update({ component: lazyRouteComponent(() => import('./tables/TablePage'), 'TablePage') })
  databaseSchemasRoute.update({ component: lazyRouteComponent(() => import('./schemas/SchemaVisualizerPage'), 'SchemaVisualizerPage') })
  databaseFunctionsRoute.update({ component: lazyRouteComponent(() => import('./functions/FunctionsPage'), 'FunctionsPage') })
  databaseTriggersRoute.update({ component: lazyRouteComponent(() => import('./triggers/TriggersPage'), 'TriggersPage') })
  databaseIndexesRoute.update({ component: lazyRouteComponent(() => import('./indexes/IndexesPage'), 'IndexesPage') })
  databaseTypesRoute.update({ component: lazyRouteComponent(() => import('./types/TypesPage'), 'TypesPage') })
  databaseExtensionsRoute.update({ component: lazyRouteComponent(() => import('./extensions/ExtensionsPage'), 'ExtensionsPage') })
  rolesRoute.update({ component: lazyRouteComponent(() => import('./roles/RolesPage'), 'RolesPage') })
  databaseReplicationRoute.update({ component: lazyRouteComponent(() => import('./replication/PublicationsPage'), 'PublicationsPage') })
  databaseWrappersRoute.update({ component: lazyRouteComponent(() => import('./wrappers/WrappersPage'), 'WrappersPage') })
  databaseMigrationsRoute.update({ component: lazyRouteComponent(() => import('./migrations/MigrationsPage'), 'MigrationsPage') })
  databaseHooksRoute.update({ component: lazyRouteComponent(() => import('./hooks/WebhooksPage'), 'WebhooksPage') })
}
