/** The dashboard session cookie: read from a request, written on sign-in, cleared on sign-out. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '../../shared/constants'

/** The session cookie's value, or undefined. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

/** httpOnly (no script reads it), SameSite=Strict (no other site's request carries it), Secure under https. */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean): void {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])]
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; ${attributes.join('; ')}`)
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  setSessionCookie(reply, '', 0, secure)
}
