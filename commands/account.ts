/**
 * The studio account: sign in with the dashboard password (the /sign-in page's form runs it) and log out
 * (spec 2, Account: 'Log out (signs out, then goes to /sign-in)'). Both end with a full page load in the
 * browser (`ctx.loadPage`), so the session is initialised afresh and no cached query outlives it (spec 4,
 * sign-in frame); headless, a new memory router does the same.
 */
import { defineCommand } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { paths } from '../src/shared/routes'
import { SignInBody } from '../src/shared/sign-in'
import { ApiError } from '../src/web/data/api'
import { afterSignIn } from '../src/web/model/account/session'

const AREA = 'account'

const onSignInPage = (ctx: CommandContext) => ctx.route.matches('sign-in')

export const signIn = defineCommand({
  id: 'account.sign-in',
  title: 'Sign in',
  area: AREA,
  keywords: ['log in', 'login', 'password', 'session'],
  // a password belongs in the page's password field, never in the palette's plain text step
  hidden: true,
  args: SignInBody,
  when: onSignInPage,
  run: async (ctx, { password }) => {
    await ctx.api.signIn(password)
    ctx.queryClient.clear()
    await ctx.loadPage(afterSignIn(ctx.location.search))
  },
})

export const signOut = defineCommand({
  id: 'account.sign-out',
  title: 'Log out',
  area: AREA,
  keywords: ['sign out', 'logout', 'log off', 'session', 'account'],
  when: (ctx) => !onSignInPage(ctx),
  run: async (ctx) => {
    try {
      await ctx.api.signOut()
    } catch (e) {
      // no session any more (it expired, or another tab ended it): signed out all the same
      if (!(e instanceof ApiError && e.code === 401)) throw e
    }
    ctx.queryClient.clear()
    await ctx.loadPage(paths.signIn())
  },
})
