/**
 * A headless command context over a real server: commands run exactly as in the browser, through the
 * studio's own router on a memory history (its matching, search validation and redirects), with toasts
 * recorded and confirmations answered by the test.
 */
import { QueryClient } from '@tanstack/react-query'
import { inject } from 'vitest'
import type { CommandContext, ConfirmOptions, Location } from '../../src/web/model/app/context'
import { createMemoryRouter } from '../../src/web/model/app/route-tree'
import { routerLocation, routerNavigate } from '../../src/web/model/app/navigation'
import { setCommandContext } from '../../commands/registry'
import { createApi } from '../../src/web/data/api'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { matchPath } from '../../src/shared/routes'
import { safeReturnTo } from '../../src/shared/sign-in'
import type { PermissionName } from '../../src/shared/permissions'
import { AUTH } from './auth'
import type { Target } from './global-setup'

export function targets(): Target[] {
  return inject('targets')
}

/**
 * The storage tests' targets: those of targets() (bytes on disk) and the studio keeping its bytes in the
 * local S3 server. Only the files global-setup's STORAGE_TEST_FILES names get the S3 one started.
 */
export function storageTargets(): Target[] {
  const s3 = inject('s3Targets')
  if (!s3) throw new Error('no S3-backed studio in this run: add the test file to STORAGE_TEST_FILES in tests/support/global-setup.ts')
  return [...targets(), ...s3]
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let router = createMemoryRouter({ queryClient, isPlatform: false, signedIn: true }, start)
  const ctx: HeadlessContext = {
    ref: DEFAULT_PROJECT_REF,
    isPlatform: false,
    api: createApi(target.url, AUTH),
    queryClient,
    get location() {
      return routerLocation(router)
    },
    get route() {
      return matchPath(routerLocation(router).pathname)
    },
    async navigate(opts) {
      await routerNavigate(router, opts)
      ctx.history.push(routerLocation(router))
    },
    async loadPage(href) {
      const signedIn = await ctx.api.studio().then(() => true, () => false)
      router = createMemoryRouter({ queryClient, isPlatform: false, signedIn }, safeReturnTo(href))
      await router.load()
      ctx.history.push(routerLocation(router))
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
