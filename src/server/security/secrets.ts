/** Random tokens, their hashes, and comparisons that take the same time whatever the input. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits as URL-safe text (A-Za-z0-9_-). */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Whether two secrets are equal, compared in constant time (their digests are, so lengths leak nothing). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
