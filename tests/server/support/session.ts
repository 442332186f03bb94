/** Signing in to a studio as a browser would (password → session cookie), and requests that carry it. */
import { TEST_PASSWORD } from '../../support/auth'

/** The `studio_session=…` pair from a response's Set-Cookie, or undefined. */
export function cookieOf(res: Response): string | undefined {
  const header = res.headers.get('set-cookie')
  return header?.split(';')[0]
}

/** Signs in with the password as the app does (JSON, the studio's own Origin); the session cookie. */
export async function signIn(url: string, password = TEST_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/platform/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password }),
  })
  const cookie = cookieOf(res)
  if (res.status !== 200 || !cookie) throw new Error(`sign-in: ${res.status} ${await res.text()}`)
  return cookie
}

/** Headers of a request the app itself makes with the session: the cookie, its Origin and its header. */
export const appHeaders = (url: string, cookie: string): Record<string, string> => ({
  cookie,
  origin: url,
  'x-studio-request': '1',
})
