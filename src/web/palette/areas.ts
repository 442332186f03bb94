/** How the palette and the '?' overlay name and order the command areas. */
import type { RouteId } from '../../shared/routes'

const LABELS: Record<string, string> = {
  app: 'General',
  navigation: 'Go to',
  'table-editor': 'Table Editor',
  'sql-editor': 'SQL Editor',
  auth: 'Authentication',
}

export function areaLabel(area: string): string {
  const words = area.replace(/-/g, ' ')
  return LABELS[area] ?? words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * Areas in first-seen order, with the current screen's area first and 'app' last.
 * `routeId` 'table-editor.table' puts 'table-editor' first.
 */
export function orderAreas(areas: readonly string[], routeId?: RouteId): string[] {
  const unique = [...new Set(areas)]
  const rank = (area: string) =>
    routeId && (routeId === area || routeId.startsWith(`${area}.`)) ? 0 : area === 'app' ? 2 : 1
  return unique.map((area, i) => ({ area, i })).sort((a, b) => rank(a.area) - rank(b.area) || a.i - b.i).map((x) => x.area)
}
