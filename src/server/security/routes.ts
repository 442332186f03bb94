/**
 * The public door: `GET /health`, `POST /platform/sign-in` (the dashboard password), `GET /?token=` (the
 * sign-in link printed at start), and `POST /platform/sign-out` (behind the session, like every other
 * dashboard route). The calls are in src/shared/contract/sign-in.ts; the link is a page, so a plain route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { signIn } from '../../shared/contract/sign-in'
import { MSG } from '../../shared/messages'
import { notFound, unauthorized } from '../errors'
import { route } from '../route'
import { sendIndex } from '../static'
import { clearSessionCookie, setSessionCookie } from './cookies'
import type { SignInFailures } from './failures'
import type { SignInLinks } from './links'
import type { DashboardPassword } from './password'
import type { Sessions } from './sessions'

export interface SignInOptions {
  sessions: Sessions
  password: DashboardPassword
  links: SignInLinks
  failures: SignInFailures
  /** the user a sign-in opens a session for (self-hosted: the one user) */
  userId: number
  /** cookies are Secure when the studio is reached over https */
  secure: boolean
  /** whether `/` serves the built app (tests run without it) */
  serveApp: boolean
}

export function signInRoutes(app: FastifyInstance, opts: SignInOptions): void {
  const { sessions, failures } = opts
  const address = (request: FastifyRequest) => request.ip

  const door = { config: { access: 'public' as const } }
  route(app, signIn.health, door, () => ({ status: 'ok' as const }))

  // Too many failures answer 429 before the password is even read.
  const rateLimited = async (request: FastifyRequest) => failures.check(address(request))
  route(app, signIn.signIn, { ...door, preHandler: rateLimited }, async ({ body: { password }, req, reply }) => {
    if (!(await opts.password.verify(password))) {
      failures.fail(address(req))
      throw unauthorized(MSG.wrongPassword)
    }
    failures.succeed(address(req))
    setSessionCookie(reply, await sessions.create(opts.userId), sessions.ttlSeconds, opts.secure)
    return { ok: true as const }
  })

  // The link: a session, then a redirect that drops the token from the address bar (and from any Referer).
  app.get<{ Querystring: { token?: string } }>('/', { config: { access: 'public' } }, async (request, reply) => {
    const token = request.query.token
    if (token === undefined) {
      if (!opts.serveApp) throw notFound('Not found: GET /')
      return sendIndex(reply)
    }
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    // A HEAD (a link preview, a terminal checking the URL) must not spend the one-time token.
    if (request.method === 'HEAD') return reply.code(200).send()
    const who = address(request)
    if (failures.waitFor(who) > 0 || !opts.links.consume(String(token))) {
      failures.fail(who)
      return reply.redirect('/sign-in?link=invalid', 303)
    }
    failures.succeed(who)
    setSessionCookie(reply, await sessions.create(opts.userId), sessions.ttlSeconds, opts.secure)
    return reply.redirect('/', 303)
  })

  route(app, signIn.signOut, async ({ req, reply }) => {
    const session = req.studioAuth?.session
    if (session) await sessions.end(session)
    clearSessionCookie(reply, opts.secure)
    return { ok: true as const }
  })
}
