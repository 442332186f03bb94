/**
 * The browser's command context: location and navigation from the router, toasts and confirmations
 * from the stores, permissions from the permissions endpoint (self-hosted grants everything).
 */
import type { QueryClient } from '@tanstack/react-query'
import type { CommandContext } from './model/app/context'
import { currentContext, setCommandContext } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../shared/constants'
import { isGranted } from '../shared/permissions'
import { matchPath } from '../shared/routes'
import type { Api } from './data/api'
import { permissionsQuery } from './model/project/project-queries'
import type { AppRouter } from './router'
import { routerLocation, routerNavigate } from './model/app/navigation'
import { loadPage } from './model/account/session'
import { requestConfirm } from './model/app/confirm'
import { toast } from './model/app/toasts'
import { watchCommandInputs } from './command-state'

interface Deps {
  router: AppRouter
  queryClient: QueryClient
  api: Api
  isPlatform: boolean
}

export function installWebCommandContext({ router, queryClient, api, isPlatform }: Deps): void {
  watchCommandInputs(router, queryClient)
  const permissions = permissionsQuery(api, isPlatform)
  void queryClient.prefetchQuery(permissions)

  const location = () => routerLocation(router)

  const context: CommandContext = {
    get ref() {
      return matchPath(location().pathname).params.ref ?? DEFAULT_PROJECT_REF
    },
    isPlatform,
    api,
    queryClient,
    get location() {
      return location()
    },
    get route() {
      return matchPath(location().pathname)
    },
    navigate: (opts) => routerNavigate(router, opts),
    loadPage: async (href) => loadPage(href),
    can: (permission) => isGranted(queryClient.getQueryData(permissions.queryKey) ?? [], permission),
    toast,
    confirm: requestConfirm,
  }
  setCommandContext(() => context)
}

/** The api client the app was started with, for screens' queries. */
export function useApi(): Api {
  return currentContext().api
}

/** Whether this studio is the hosted platform (false: self-hosted, 'not on the platform'). */
export function useIsPlatform(): boolean {
  return currentContext().isPlatform
}
