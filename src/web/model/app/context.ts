/**
 * What a command may touch. The web app builds one from the router and stores; tests build one
 * headless (tests/support/context.ts). Handlers use no React hooks.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Api } from '../../data/api'
import type { RouteMatch } from '../../../shared/routes'
import type { PermissionName } from '../../../shared/permissions'

export type SearchParams = Record<string, unknown>

export interface Location {
  pathname: string
  search: SearchParams
}

export interface NavigateOptions {
  /** defaults to the current pathname */
  to?: string
  /** a new search object, or a function of the current one */
  search?: SearchParams | ((prev: SearchParams) => SearchParams)
  replace?: boolean
}

export interface ConfirmOptions {
  title: string
  description?: string
  confirmLabel?: string
  cancelLabel?: string
  destructive?: boolean
}

export interface Toaster {
  success(message: string): void
  error(message: string): void
  info(message: string): void
}

export interface CommandContext {
  /** the project ref in the URL, or the default project */
  ref: string
  isPlatform: boolean
  api: Api
  queryClient: QueryClient
  /** the location right now (read it at run time; it changes after navigate) */
  readonly location: Location
  readonly route: RouteMatch
  navigate(opts: NavigateOptions): Promise<void>
  /**
   * A full page load of `href` (a path of this studio): the session, the router and every cached query
   * start afresh. Headless, a new memory router at `href` that knows whether the api still has a session.
   */
  loadPage(href: string): Promise<void>
  can(permission: PermissionName): boolean
  toast: Toaster
  /** answered by a dialog in the browser, by the test's script headless */
  confirm(opts: ConfirmOptions): Promise<boolean>
}
