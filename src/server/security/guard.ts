/**
 * The dashboard's door, one onRequest hook before any route runs:
 * 1. Host: only names this studio answers for (hosts.ts), else 421.
 * 2. The project API (`/api/projects/{ref}/…`) answers apps from any origin with their own keys, CORS as
 *    Supabase's gateway does; it never reads the dashboard's cookie.
 * 3. Public routes (sign-in, health, the static app) need nothing; a change among them (sign-in) must
 *    come from the app.
 * 4. Everything else needs a signed-in session (cookie) or the automation token (Authorization: Bearer,
 *    which a browser never sends cross-site by itself). A change made with the cookie must come from the
 *    app: an Origin (or Referer) of this studio, and a JSON body or the x-studio-request header, which a
 *    cross-site form cannot send.
 */
import { hash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STUDIO_REQUEST_HEADER } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import { forbidden, misdirected, unauthorized } from '../errors'
import { isApiPath } from '../static'
import { sessionCookie } from './cookies'
import { hostName } from './hosts'
import type { Sessions } from './sessions'

export type Access = 'public' | 'project-api' | 'dashboard'

export interface StudioAuth {
  via: 'cookie' | 'bearer'
  userId: number
  /** the session cookie's token (cookie sign-ins) */
  session?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route; default 'dashboard' (a signed-in session) */
    access?: Access
  }
  interface FastifyRequest {
    studioAuth?: StudioAuth
  }
}

export interface GuardOptions {
  allowedHosts: ReadonlySet<string>
  /** STUDIO_PUBLIC_URL's origin or the bound address's */
  publicOrigin: string
  /** STUDIO_TOKEN, accepted as Authorization: Bearer */
  token?: string
  sessions: Sessions
  /** the user a session or the token acts as (self-hosted: the one user) */
  userId: number
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const PROJECT_API = '/api/projects/'

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/'

/** The static app's catch-all route: it matches any path, so its raw path decides. */
const CATCH_ALL = '/*'

/** Who may call what the request reached: decided by the matched route's pattern, not by the raw URL. */
export function accessOf(request: FastifyRequest): Access {
  const { url: route, config } = request.routeOptions // a getter that builds a new object: read it once
  const path = route !== undefined && route !== CATCH_ALL ? route : pathOf(request)
  if (path.startsWith(PROJECT_API)) return 'project-api'
  if (route === undefined || config?.access !== 'public') return 'dashboard'
  // On a dashboard path the catch-all serves nothing but a 404: still only to a signed-in user.
  return route === CATCH_ALL && isApiPath(path) ? 'dashboard' : 'public'
}

function originOfReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}

/** Throws 403 unless the request is the app's own: this studio's Origin, and JSON or the app's header. */
export function assertFromApp(request: FastifyRequest, publicOrigin: string): void {
  const given = (request.headers.origin ?? originOfReferer(request.headers.referer))?.toLowerCase()
  const host = (request.headers.host ?? '').toLowerCase()
  const own = [publicOrigin.toLowerCase(), `http://${host}`, `https://${host}`]
  if (!given || !own.includes(given)) throw forbidden(MSG.crossSiteRefused)
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json' && request.headers[STUDIO_REQUEST_HEADER] === undefined) throw forbidden(MSG.notFromApp)
}

/** The project API answers browsers of any origin, as Supabase's API gateway does (never with credentials). */
function projectApiCors(request: FastifyRequest, reply: FastifyReply): boolean {
  reply.header('access-control-allow-origin', '*')
  reply.header('access-control-expose-headers', 'content-range, content-length, content-type, content-location, content-profile, location, preference-applied, etag, x-total-count')
  if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return false
  reply
    .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    .header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'authorization, apikey, content-type, x-client-info')
    .header('access-control-max-age', '3600')
    .code(204)
    .send()
  return true
}

/** SHA-256 of a secret: compared digests take the same time whatever the input and leak no length. */
const digest = (secret: string) => hash('sha256', secret, 'buffer')

export function installGuard(app: FastifyInstance, opts: GuardOptions): void {
  const tokenDigest = opts.token ? digest(opts.token) : undefined
  async function authenticate(request: FastifyRequest): Promise<StudioAuth> {
    // Only a Bearer is ours to check: a proxy's Basic credentials in front of the studio pass through.
    const header = request.headers.authorization
    if (header !== undefined && /^Bearer\b/i.test(header)) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
      if (!tokenDigest || !bearer || !timingSafeEqual(digest(bearer), tokenDigest)) throw unauthorized(MSG.badToken)
      return { via: 'bearer', userId: opts.userId }
    }
    const session = sessionCookie(request)
    const userId = session ? await opts.sessions.userOf(session) : null
    if (userId === null || !session) throw unauthorized(MSG.signInRequired)
    if (!SAFE_METHODS.has(request.method)) assertFromApp(request, opts.publicOrigin)
    return { via: 'cookie', userId, session }
  }

  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host ?? ''
    if (!opts.allowedHosts.has(hostName(host))) throw misdirected(MSG.foreignHost(host))
    const access = accessOf(request)
    if (access === 'project-api') {
      if (projectApiCors(request, reply)) return reply
      return
    }
    if (access === 'public') {
      if (!SAFE_METHODS.has(request.method)) assertFromApp(request, opts.publicOrigin)
      return
    }
    request.studioAuth = await authenticate(request)
  })
}
