/**
 * The Logs area's side menu (spec 2, Logs): the explorer and its recent queries and templates (saved queries
 * are a platform page), then one page per source this studio records. The edge source is 'Kong API'
 * self-hosted and 'API Edge Network' on the platform; auth and storage show only to users with those
 * products (spec 6); the pooler and realtime have no service here, so no page.
 */
import type { LogSource } from '../../../shared/logs'
import type { PermissionName } from '../../../shared/permissions'
import { paths, type RouteId } from '../../../shared/routes'

export type LogsSection = 'explorer' | 'sources'

export interface LogsMenuItem {
  label: string
  route: RouteId
  href: (ref: string) => string
  /** the navigation command (⌘K, key binding) */
  command: string
  section: LogsSection
  /** words the palette also finds the page by */
  keywords: string[]
  /** a source's page */
  source?: LogSource
  /** shown only to a user who holds this permission */
  permission?: PermissionName
}

const sourceItem = (source: LogSource, label: string, keywords: string[], permission?: PermissionName): LogsMenuItem => ({
  label,
  route: `logs.${source}`,
  href: (ref) => paths.logsSource(ref, source),
  command: `nav.logs-${source}.go`,
  section: 'sources',
  keywords: ['logs', source, ...keywords],
  source,
  permission,
})

export const LOGS_MENU: readonly LogsMenuItem[] = [
  { label: 'Logs Explorer', route: 'logs.explorer', href: (ref) => paths.logsExplorer(ref), command: 'nav.logs-explorer.go', section: 'explorer', keywords: ['logs', 'explorer', 'query', 'sql', 'analytics'] },
  { label: 'Recent queries', route: 'logs.explorer-recent', href: paths.logsExplorerRecent, command: 'nav.logs-explorer-recent.go', section: 'explorer', keywords: ['logs', 'recent', 'history'] },
  { label: 'Templates', route: 'logs.explorer-templates', href: paths.logsExplorerTemplates, command: 'nav.logs-explorer-templates.go', section: 'explorer', keywords: ['logs', 'templates', 'examples'] },
  sourceItem('edge', 'Kong API', ['edge', 'api', 'requests', 'http', 'gateway']),
  sourceItem('postgres', 'Postgres', ['database', 'statements', 'errors']),
  sourceItem('postgrest', 'PostgREST', ['rest', 'data api']),
  sourceItem('auth', 'Auth', ['sign-ins', 'gotrue', 'users'], 'projectAuthAll'),
  sourceItem('storage', 'Storage', ['uploads', 'objects', 'buckets'], 'projectStorageAll'),
]

export const LOGS_SECTION_LABELS: Record<LogsSection, string> = {
  explorer: 'Explorer',
  sources: 'Sources',
}

/** The edge source's name where the user is (spec 2). */
export const edgeLabel = (isPlatform: boolean) => (isPlatform ? 'API Edge Network' : 'Kong API')

/** The items shown to a user holding these permissions (the label of the edge source as the mode names it). */
export function visibleLogsMenu(can: (p: PermissionName) => boolean, isPlatform: boolean): LogsMenuItem[] {
  return LOGS_MENU.filter((item) => !item.permission || can(item.permission)).map((item) =>
    item.source === 'edge' ? { ...item, label: edgeLabel(isPlatform) } : item,
  )
}

/** The menu item of a page (nav commands take their title and path from here). */
export function logsMenuItem(route: RouteId): LogsMenuItem {
  const item = LOGS_MENU.find((i) => i.route === route)
  if (!item) throw new Error(`${route} is not in the Logs menu`)
  return item
}
