/** The dashboard sign-in call's body (POST /platform/sign-in): the page's form and the server both check it. */
import { z } from 'zod'
import { MSG } from './messages'

export const SignInBody = z.object({
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024, MSG.wrongPassword),
})
export type SignInBody = z.infer<typeof SignInBody>

/** Where sign-in sends the user back to: a path of this studio only (never another site's address). */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  return value
}
