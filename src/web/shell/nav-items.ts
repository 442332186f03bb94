/** The project's side navigation, one line per area that exists. */
import type { LucideIcon } from 'lucide-react'
import { House, SquareTerminal, Table2 } from 'lucide-react'
import { paths } from '../../shared/routes'

export interface NavItem {
  label: string
  icon: LucideIcon
  href: (ref: string) => string
  /** the navigation command, whose key binding the tooltip shows */
  command: string
  /** only the home item: active on its exact path, not below it */
  exact?: boolean
  /** hosted platform only (hidden when self-hosted) */
  platformOnly?: boolean
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Project overview', icon: House, href: paths.project, command: 'nav.project.go', exact: true },
  { label: 'Table Editor', icon: Table2, href: paths.tableEditor, command: 'nav.table-editor.go' },
  { label: 'SQL Editor', icon: SquareTerminal, href: paths.sqlEditor, command: 'nav.sql-editor.go' },
]
