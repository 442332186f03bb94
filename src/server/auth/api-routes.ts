/**
 * The project's auth API, compatible with @supabase/auth-js: `${studio}/api/projects/{ref}/auth/v1`.
 * Every route but the links a browser opens (verify, authorize, callback) needs the project's apikey (as
 * Supabase's gateway asks); user routes need the user's access token, admin routes the service_role key.
 * Bodies are small (AUTH_BODY_LIMIT) and parsed by the studio's JSON parser (depth-limited).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { JSON_MAX_DEPTH } from '../../shared/constants'
import { jsonDeeperThan } from '../json-body'
import { OAUTH_PROVIDERS } from '../../shared/auth'
import { exchangeCode, logout, recover, resend, sendOtp, signInWithPassword, signUp, updateUser, verifyHash, verifyOtp } from './accounts'
import { adminRoutes } from './admin-routes'
import { AuthError, badJson, installAuthErrorHandler, toAuthError, validationFailed } from './errors'
import { challenge, enroll, unenroll, verify as verifyFactor } from './mfa'
import { authorizeUrl, callback } from './oauth'
import { FIVE_MINUTES_MS } from './rate-limit'
import { redirectFor } from './redirect'
import { bodyOf, clientOf, refOf, requireApiKey, userClaims, type AuthRequest } from './request'
import type { AuthService } from './service'
import { refreshSession } from './tokens'
import { userById } from './users'

/** The largest body the auth API takes (GoTrue's requests are a few hundred bytes; metadata a few KB). */
export const AUTH_BODY_LIMIT = 256 * 1024

/** Routes a browser opens from a mail or a provider's redirect: no apikey there. */
const OPEN_ROUTES = new Set(['/verify', '/authorize', '/callback', '/health'])

/**
 * auth-js posts some calls (logout, MFA challenge) with a JSON content type and no body, which GoTrue takes
 * as {}; otherwise the studio's parser rules hold (depth scan first, prototype keys refused).
 */
function installEmptyJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (!text.trim()) return done(null, {})
    if (jsonDeeperThan(text, JSON_MAX_DEPTH)) return done(badJson(`Could not parse request body as JSON: nested deeper than ${JSON_MAX_DEPTH}`), undefined)
    parse(request, text, done)
  })
}

export function authApiRoutes(service: AuthService) {
  return async (app: FastifyInstance) => {
    installAuthErrorHandler(app)
    installEmptyJson(app)
    app.addHook('onRoute', (route) => {
      route.bodyLimit ??= AUTH_BODY_LIMIT
      route.config = { ...(route.config ?? {}), access: 'project-api' } as typeof route.config
    })
    app.addHook('preHandler', async (req: AuthRequest) => {
      const path = (req.routeOptions.url ?? '').replace(/^.*\/auth\/v1/, '')
      if (!OPEN_ROUTES.has(path)) await requireApiKey(service, req)
    })
    const redirectOf = (req: AuthRequest) => (typeof req.query.redirect_to === 'string' ? req.query.redirect_to : undefined)

    app.get('/health', async () => ({ version: 'studio', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }))

    app.get('/settings', async (req: AuthRequest) => {
      const config = await service.configs.get(refOf(req))
      const c = config as unknown as Record<string, unknown>
      return {
        external: {
          anonymous_users: config.EXTERNAL_ANONYMOUS_USERS_ENABLED, email: config.EXTERNAL_EMAIL_ENABLED, phone: false,
          ...Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, c[`EXTERNAL_${p.toUpperCase()}_ENABLED`] === true])),
        },
        disable_signup: config.DISABLE_SIGNUP,
        mailer_autoconfirm: config.MAILER_AUTOCONFIRM,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      }
    })

    app.post('/signup', async (req: AuthRequest) => signUp(service, refOf(req), bodyOf(req), clientOf(req), redirectOf(req)))

    app.post('/token', async (req: AuthRequest) => {
      const ref = refOf(req)
      const body = bodyOf(req)
      switch (req.query.grant_type) {
        case 'password':
          return signInWithPassword(service, ref, body, clientOf(req))
        case 'refresh_token': {
          const config = await service.configs.get(ref)
          service.limits.take(`${ref}:refresh:${req.ip}`, config.RATE_LIMIT_TOKEN_REFRESH, FIVE_MINUTES_MS)
          const token = body.refresh_token
          if (typeof token !== 'string' || !token || token.length > 200) throw validationFailed('refresh_token required')
          return refreshSession(service.db, await service.issuer(ref), token, clientOf(req))
        }
        case 'pkce':
          return exchangeCode(service, ref, body, clientOf(req))
        default:
          throw validationFailed('unsupported_grant_type')
      }
    })

    app.get('/user', async (req: AuthRequest) => {
      const claims = await userClaims(service, req)
      const user = await userById(service.db, claims.sub)
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
      return user
    })
    app.put('/user', async (req: AuthRequest) => {
      const claims = await userClaims(service, req)
      return updateUser(service, refOf(req), claims.sub, bodyOf(req), clientOf(req), redirectOf(req))
    })

    app.post('/logout', async (req: AuthRequest, reply: FastifyReply) => {
      const claims = await userClaims(service, req)
      await logout(service, claims.sub, claims.session_id, req.query.scope ?? 'global', clientOf(req))
      return reply.code(204).send()
    })

    app.post('/recover', async (req: AuthRequest) => {
      await recover(service, refOf(req), bodyOf(req), clientOf(req), redirectOf(req))
      return {}
    })
    app.post('/otp', async (req: AuthRequest) => {
      await sendOtp(service, refOf(req), bodyOf(req), clientOf(req), redirectOf(req))
      return {}
    })
    app.post('/resend', async (req: AuthRequest) => {
      await resend(service, refOf(req), bodyOf(req), clientOf(req), redirectOf(req))
      return {}
    })
    app.post('/magiclink', async (req: AuthRequest) => {
      await sendOtp(service, refOf(req), bodyOf(req), clientOf(req), redirectOf(req))
      return {}
    })

    app.post('/verify', async (req: AuthRequest) => {
      const body = bodyOf(req)
      const out = await verifyOtp(service, refOf(req), { type: body.type, hash: verifyHash(body) }, clientOf(req), false)
      if ('message' in out) return { msg: out.message, code: 200 }
      if ('code' in out) throw validationFailed('unexpected PKCE flow')
      return out.session
    })
    app.get('/verify', async (req: AuthRequest, reply: FastifyReply) => {
      const ref = refOf(req)
      const config = await service.configs.get(ref)
      const target = redirectFor(config, req.query.redirect_to)
      try {
        const out = await verifyOtp(service, ref, { type: req.query.type, hash: String(req.query.token ?? '') }, clientOf(req), true)
        if ('message' in out) return reply.redirect(`${target.split('#')[0]}#${new URLSearchParams({ message: out.message })}`, 303)
        if ('code' in out) return reply.redirect(`${target}${target.includes('?') ? '&' : '?'}code=${encodeURIComponent(out.code)}`, 303)
        const s = out.session
        const fragment = new URLSearchParams({
          access_token: s.access_token, expires_at: String(s.expires_at), expires_in: String(s.expires_in),
          refresh_token: s.refresh_token, token_type: 'bearer', type: out.type,
        })
        return reply.redirect(`${target.split('#')[0]}#${fragment}`, 303)
      } catch (e) {
        const err = toAuthError(e)
        const fragment = new URLSearchParams({ error: err.status >= 500 ? 'server_error' : 'access_denied', error_code: err.code, error_description: err.message })
        return reply.redirect(`${target.split('#')[0]}#${fragment}`, 303)
      }
    })

    app.post('/factors', async (req: AuthRequest) => {
      const claims = await userClaims(service, req)
      return enroll(service, refOf(req), claims.sub, bodyOf(req))
    })
    app.post('/factors/:factor_id/challenge', async (req: AuthRequest) => {
      const claims = await userClaims(service, req)
      return challenge(service, claims.sub, req.params.factor_id, clientOf(req))
    })
    app.post('/factors/:factor_id/verify', async (req: AuthRequest) => {
      const claims = await userClaims(service, req)
      return verifyFactor(service, refOf(req), claims.sub, claims.session_id, req.params.factor_id, bodyOf(req), clientOf(req))
    })
    app.delete('/factors/:factor_id', async (req: AuthRequest) => {
      const claims = await userClaims(service, req)
      return unenroll(service, claims.sub, claims.aal, req.params.factor_id)
    })

    app.get('/authorize', async (req: AuthRequest, reply: FastifyReply) => reply.redirect(await authorizeUrl(service, refOf(req), req.query), 302))
    app.get('/callback', async (req: AuthRequest, reply: FastifyReply) => reply.redirect(await callback(service, refOf(req), req.query, clientOf(req)), 303))

    adminRoutes(app, service)
  }
}
