import { describe, expect, it } from 'vitest'
import '../../commands/all'
import { allCommands } from '../../commands/registry'
import { ROUTES, type RouteId } from '../../src/shared/routes'
import { areaLabel, orderAreas } from '../../src/web/palette/areas'

const areas = () => allCommands().map((c) => c.area)

describe('palette areas', () => {
  it('puts the page’s own commands first on every page that has some', () => {
    const pages: [RouteId, string][] = [
      ['auth.policies', 'auth'], ['database.roles', 'database'], ['table-editor.table', 'table-editor'],
      ['sql-editor.new', 'sql-editor'], ['storage.bucket', 'storage'], ['storage.policies', 'storage'],
    ]
    for (const [route, area] of pages) expect({ route, first: orderAreas(areas(), route)[0] }).toEqual({ route, first: area })
    expect(orderAreas(areas(), 'project').at(-1)).toBe('app')
  })

  it('names every area after a route, or one of the app-wide ones', () => {
    const routeAreas = new Set(Object.keys(ROUTES).map((id) => id.split('.')[0]))
    for (const area of new Set(areas())) expect({ area, known: routeAreas.has(area) || ['app', 'navigation', 'account'].includes(area) }).toEqual({ area, known: true })
    expect(areaLabel('auth')).toBe('Authentication')
  })
})
