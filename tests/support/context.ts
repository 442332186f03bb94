/**
 * A headless command context over a real server: commands run exactly as in the browser, with
 * navigation kept in memory, toasts recorded and confirmations answered by the test.
 */
import { QueryClient } from '@tanstack/react-query'
import { inject } from 'vitest'
import type { CommandContext, ConfirmOptions, Location, NavigateOptions } from '../../src/web/model/app/context'
import { setCommandContext } from '../../commands/registry'
import { createApi } from '../../src/web/data/api'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { matchPath } from '../../src/shared/routes'
import type { PermissionName } from '../../src/shared/permissions'
import { AUTH } from './auth'
import type { Target } from './global-setup'

export function targets(): Target[] {
  return inject('targets')
}

export interface HeadlessContext extends CommandContext {
  toasts: { kind: 'success' | 'error' | 'info'; message: string }[]
  confirms: ConfirmOptions[]
  /** answers for the next confirm() calls, in order (default: true) */
  confirmAnswers: boolean[]
  denied: Set<PermissionName>
  history: Location[]
}

export function headlessContext(target: Target, start = `/project/${DEFAULT_PROJECT_REF}`): HeadlessContext {
  let location: Location = { pathname: start, search: {} }
  const ctx: HeadlessContext = {
    ref: DEFAULT_PROJECT_REF,
    isPlatform: false,
    api: createApi(target.url, AUTH),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    get location() {
      return location
    },
    get route() {
      return matchPath(location.pathname)
    },
    async navigate(opts: NavigateOptions) {
      const pathname = opts.to ?? location.pathname
      const prev = pathname === location.pathname ? location.search : {}
      const search = typeof opts.search === 'function' ? opts.search(prev) : (opts.search ?? {})
      location = { pathname, search }
      ctx.history.push(location)
    },
    can: (p) => !ctx.denied.has(p),
    toasts: [],
    toast: {
      success: (message) => ctx.toasts.push({ kind: 'success', message }),
      error: (message) => ctx.toasts.push({ kind: 'error', message }),
      info: (message) => ctx.toasts.push({ kind: 'info', message }),
    },
    confirms: [],
    confirmAnswers: [],
    async confirm(opts) {
      ctx.confirms.push(opts)
      return ctx.confirmAnswers.length ? ctx.confirmAnswers.shift()! : true
    },
    denied: new Set(),
    history: [],
  }
  setCommandContext(() => ctx)
  return ctx
}
