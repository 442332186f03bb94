/**
 * Where a command is and how it moves, over the studio's router: the same functions serve the browser's
 * router and the memory router of headless tests, so both go through the router's matching, search
 * validation and redirects.
 */
import type { Location, NavigateOptions, SearchParams } from './context'
import type { AppRouter } from './route-tree'
import { stringifySearch } from './search-params'

export function routerLocation(router: AppRouter): Location {
  return { pathname: router.state.location.pathname, search: router.state.location.search as SearchParams }
}

/**
 * Goes to `opts.to` (default: here) with `opts.search`: an object, or a function of the current search
 * when the path stays (a new path starts from none).
 */
export async function routerNavigate(router: AppRouter, opts: NavigateOptions): Promise<void> {
  const current = routerLocation(router)
  const pathname = opts.to ?? current.pathname
  const prev = pathname === current.pathname ? current.search : {}
  const search = typeof opts.search === 'function' ? opts.search(prev) : (opts.search ?? {})
  await router.navigate({ href: pathname + stringifySearch(search), replace: opts.replace })
}
