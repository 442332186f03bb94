/**
 * The door (README: Signing in): a health check and the password sign-in answer without a session (the
 * server marks them public); sign-out ends the session. The one-time link (`GET /?token=`) is a page, not a call.
 */
import { SignInBody } from '../sign-in'
import { endpoint, type } from './endpoint'

export const signIn = {
  health: endpoint({ method: 'GET', path: '/health', response: type<{ status: 'ok' }>() }),
  /** sets the session cookie; a wrong password is 401 (MSG.wrongPassword), too many failures 429 */
  signIn: endpoint({ method: 'POST', path: '/platform/sign-in', body: SignInBody, response: type<{ ok: true }>() }),
  /** ends the session everywhere and clears its cookie */
  signOut: endpoint({ method: 'POST', path: '/platform/sign-out', response: type<{ ok: true }>() }),
}
