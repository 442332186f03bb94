/**
 * The Extensions page's data, shared by the page and the commands: the extensions query (the same key as
 * the Database menu's, extensions-query.ts), and the list searched and filtered as the URL says.
 */
import type { Extension } from '../../../../shared/api'
import type { ExtensionFilter } from './search'

export { extensionsQuery, refreshExtensions } from '../extensions-query'

/** Extensions the dashboard will not disable: the language its functions are written in. */
export const LOCKED_EXTENSIONS = ['plpgsql'] as const
export const isLockedExtension = (name: string) => (LOCKED_EXTENSIONS as readonly string[]).includes(name)

/** The extensions whose name or description holds `search` (case-insensitive), installed or not as `filter` says. */
export function filterExtensions(list: readonly Extension[], search: string, filter: ExtensionFilter = 'all'): Extension[] {
  const needle = search.trim().toLowerCase()
  return list.filter(
    (x) =>
      (filter === 'all' || (filter === 'installed') === Boolean(x.installed_version)) &&
      (!needle || x.name.toLowerCase().includes(needle) || (x.comment ?? '').toLowerCase().includes(needle)),
  )
}
