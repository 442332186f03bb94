/** The Logs area's screens (spec 2, Logs), each page a chunk of its own, the menu beside them. */
import { lazyRouteComponent } from '@tanstack/react-router'
import {
  logsAuthRoute, logsEdgeRoute, logsExplorerRecentRoute, logsExplorerRoute, logsExplorerTemplatesRoute, logsPostgresRoute,
  logsPostgrestRoute, logsRoute, logsStorageRoute,
} from '../../model/app/route-tree'

export function logsRoutes(): void {
  logsRoute.update({ component: lazyRouteComponent(() => import('./LogsLayout'), 'LogsLayout') })
  logsExplorerRoute.update({ component: lazyRouteComponent(() => import('./explorer/ExplorerPage'), 'ExplorerPage') })
  logsExplorerRecentRoute.update({ component: lazyRouteComponent(() => import('./explorer/RecentQueriesPage'), 'RecentQueriesPage') })
  logsExplorerTemplatesRoute.update({ component: lazyRouteComponent(() => import('./explorer/TemplatesPage'), 'TemplatesPage') })
  logsEdgeRoute.update({ component: lazyRouteComponent(() => import('./sources/SourcePage'), 'EdgeLogsPage') })
  logsPostgresRoute.update({ component: lazyRouteComponent(() => import('./sources/SourcePage'), 'PostgresLogsPage') })
  logsPostgrestRoute.update({ component: lazyRouteComponent(() => import('./sources/SourcePage'), 'PostgrestLogsPage') })
  logsAuthRoute.update({ component: lazyRouteComponent(() => import('./sources/SourcePage'), 'AuthLogsPage') })
  logsStorageRoute.update({ component: lazyRouteComponent(() => import('./sources/SourcePage'), 'StorageLogsPage') })
}
