/**
 * The edge source: every HTTP request the studio answers, as Supabase's API gateway logs it (method, path,
 * status, duration, bytes in and out, user agent, client address, request id, the caller's role), recorded
 * once the answer is sent. The logs' own reads (logs.all) are left out, or a live tail would log itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LogSink } from './collector'

declare module 'fastify' {
  interface FastifyRequest {
    /** the role the caller acts as, for the logs: set by the service that resolved it (anon, authenticated…) */
    logRole?: string
  }
}

const NOT_LOGGED = /^\/platform\/projects\/[^/]+\/analytics\//

/** The caller's role: the one its service resolved, else the dashboard's user, else nobody known. */
const roleOf = (req: FastifyRequest): string | null => req.logRole ?? (req.studioAuth ? 'dashboard' : null)

const header = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? v.join(', ') : (v ?? null))

export function installEdgeLogs(app: FastifyInstance, logs: LogSink): void {
  app.addHook('onResponse', (req, reply, done) => {
    const at = req.url.indexOf('?')
    const path = at < 0 ? req.url : req.url.slice(0, at)
    if (NOT_LOGGED.test(path)) return done()
    const status = reply.statusCode
    const duration = Math.round(reply.elapsedTime * 100) / 100
    const userAgent = header(req.headers['user-agent'])
    const bytesOut = Number(reply.getHeader('content-length')) || null
    const ip = req.ip // a getter that reads the socket each time
    logs.record('edge', `${req.method} | ${status} | ${ip} | ${req.id} | ${path} | ${userAgent ?? ''}`, {
      request: {
        method: req.method,
        path,
        search: at < 0 ? '' : req.url.slice(at),
        host: header(req.headers.host),
        user_agent: userAgent,
        x_client_info: header(req.headers['x-client-info']),
        client_ip: ip,
        bytes: Number(req.headers['content-length']) || 0,
      },
      response: { status_code: status, bytes: bytesOut, content_type: header(reply.getHeader('content-type') as string | undefined) },
      request_id: req.id,
      duration_ms: duration,
      role: roleOf(req),
    })
    done()
  })
}
