/**
 * Where the session shows in the browser: a 401 from any dashboard call sends the user to /sign-in (with
 * the page they were on as `returnTo`), and signing in or out ends with a full page load, which
 * re-initialises the session and starts every cached query afresh (spec 4, sign-in frame): the browser's
 * command context loads pages with `loadPage`; a headless one starts a new memory router instead.
 */
import { z } from 'zod'
import { paths } from '../../../shared/routes'
import { safeReturnTo } from '../../../shared/sign-in'

/** The sign-in page's search: `returnTo` (a path of this studio only) and `link=invalid`; anything else falls back. */
export const signInSearchSchema = z.object({
  returnTo: z
    .string()
    .refine((to) => safeReturnTo(to) === to, 'Not a path of this studio')
    .optional()
    .catch(undefined),
  link: z.enum(['invalid']).optional().catch(undefined),
})
export type SignInSearch = z.infer<typeof signInSearchSchema>

/** Where the sign-in command leaves the page once a session exists: `returnTo` when it is a path of this studio, else '/'. */
export function afterSignIn(search: Record<string, unknown>): string {
  return safeReturnTo(search.returnTo)
}

const hasWindow = () => typeof window !== 'undefined' && typeof window.location?.assign === 'function'

let leaving = false

/** A full page load of `href` (a path of this studio, else '/'). */
export function loadPage(href: string): void {
  leaving = true
  window.location.assign(safeReturnTo(href))
}

/** Whether the page is already on /sign-in. */
export function onSignInPage(): boolean {
  return hasWindow() && /^\/sign-in\/?$/.test(window.location.pathname)
}

/**
 * The api client's `onUnauthorized` in the browser: off to /sign-in, back here after (once, however many
 * calls failed together; never from /sign-in itself).
 */
export function sendToSignIn(): void {
  if (!hasWindow() || leaving || onSignInPage()) return
  const here = window.location.pathname + window.location.search
  leaving = true
  window.location.assign(paths.signIn({ returnTo: safeReturnTo(here) }))
}
