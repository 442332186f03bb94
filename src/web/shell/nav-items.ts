/** The project's side navigation, one line per area that exists. */
import type { LucideIcon } from 'lucide-react'
import { Archive, BookOpen, Database, House, KeyRound, ScrollText, ShieldCheck, SquareTerminal, Table2 } from 'lucide-react'
import { paths } from '../../shared/routes'

export interface NavItem {
  label: string
  icon: LucideIcon
  href: (ref: string) => string
  /** the navigation command, whose key binding the tooltip shows */
  command: string
  /** only the home item: active on its exact path, not below it */
  exact?: boolean
  /** active anywhere under this path of the project (when the area has several pages) */
  activeUnder?: string
  /** hosted platform only (hidden when self-hosted) */
  platformOnly?: boolean
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Project overview', icon: House, href: paths.project, command: 'nav.project.go', exact: true },
  { label: 'Table Editor', icon: Table2, href: paths.tableEditor, command: 'nav.table-editor.go' },
  { label: 'SQL Editor', icon: SquareTerminal, href: paths.sqlEditor, command: 'nav.sql-editor.go' },
  { label: 'Authentication', icon: ShieldCheck, href: paths.authUsers, command: 'nav.auth-users.go', activeUnder: '/auth' },
  { label: 'Database', icon: Database, href: (ref) => paths.databaseTables(ref), command: 'nav.database-tables.go', activeUnder: '/database' },
  { label: 'Storage', icon: Archive, href: paths.storageBuckets, command: 'nav.storage.go', activeUnder: '/storage' },
  { label: 'Logs', icon: ScrollText, href: (ref) => paths.logsExplorer(ref), command: 'nav.logs-explorer.go', activeUnder: '/logs' },
  { label: 'API Docs', icon: BookOpen, href: (ref) => paths.apiDocs(ref), command: 'nav.api-docs.go', activeUnder: '/api' },
  { label: 'Project settings: API', icon: KeyRound, href: paths.apiSettings, command: 'nav.api-settings.go' },
]
