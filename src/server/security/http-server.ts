/**
 * The studio's HTTP server, bound before anything else is opened: a port that is taken fails the start
 * before the data directory is touched. Until the app is attached every request answers 503.
 *
 * Timeouts, so no client can hold the server: headers must arrive within HTTP_HEADERS_TIMEOUT_MS; a
 * connection that moves no byte for `stallTimeoutMs` is closed while its request is still arriving (a
 * stalled upload or CSV import: its stream fails, its transaction rolls back) or when it is idle, but not
 * while the server is still working on a request it has whole (a long SQL run has cancel instead);
 * kept-alive connections close after HTTP_KEEP_ALIVE_TIMEOUT_MS; a request must arrive whole within
 * HTTP_REQUEST_TIMEOUT_MS (408).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import {
  BODY_STALL_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS,
} from '../../shared/constants'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

export interface BoundServer {
  server: Server
  port: number
  /** For Fastify's serverFactory: remembers the app's handler, which serves once `attach()` is called. */
  factory: (handler: Handler) => Server
  attach(): void
  close(): Promise<void>
}

const starting: Handler = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
  res.end(JSON.stringify({ message: 'The studio is starting', code: 503 }))
}

/** Closes a connection that went quiet, unless its request is whole and its answer still being made. */
function onIdle(socket: Socket): void {
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (response && response.req.complete && !response.writableEnded) return
  socket.destroy()
}

export async function bindServer(opts: { port: number; host: string; stallTimeoutMs?: number }): Promise<BoundServer> {
  let app: Handler | undefined
  let current: Handler = starting
  const server = createServer((req, res) => current(req, res))
  server.headersTimeout = HTTP_HEADERS_TIMEOUT_MS
  server.requestTimeout = HTTP_REQUEST_TIMEOUT_MS
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_TIMEOUT_MS
  server.timeout = opts.stallTimeoutMs ?? BODY_STALL_TIMEOUT_MS
  server.on('timeout', onIdle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  return {
    server,
    port: typeof address === 'object' && address ? address.port : opts.port,
    factory(handler) {
      app = handler
      return server
    },
    attach() {
      if (app) current = app
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
