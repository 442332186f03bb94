/**
 * Compressed answers: a JSON (or text) answer the route made whole — a string or a Buffer, as Fastify
 * serialises JSON — of at least COMPRESS_MIN_BYTES leaves brotli- or gzip-encoded when the request accepts
 * it (brotli first). Fast levels: the answer is compressed as it leaves, off the event loop (zlib's threads).
 *
 * Streams are never touched: exports, object downloads (storage-js included) and progress keep streaming,
 * and their lengths, ranges and bytes stay exactly the object's. Nor is an answer that already has an
 * encoding, a range or `Cache-Control: no-transform`.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Below this a compressed answer saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024

const COMPRESSIBLE_TYPE = /^(application\/([\w.-]+\+)?json|text\/)/i

type Encoding = 'br' | 'gzip'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 2,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipped(body, { level: 1 }),
}

/** The encoding to answer in: br, else gzip, when the header accepts it (a q of 0 refuses; `*` stands for both). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const q = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    const given = params.find((p) => p.startsWith('q='))
    q.set(name, given ? Number(given.slice(2)) || 0 : 1)
  }
  const wildcard = q.get('*') ?? 0
  return (['br', 'gzip'] as const).find((encoding) => (q.get(encoding) ?? wildcard) > 0)
}

/** Appends accept-encoding to Vary: the answer depends on it, for any cache on the way. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary')
  const value = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary)
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding')
}

function compressible(request: FastifyRequest, reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false // a stream, or nothing
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || request.method === 'HEAD') return false
  if (reply.statusCode === 206 || reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return false
  if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return false
  return COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))
}

/** Installs the compression on every route; call it on the root instance before routes register. */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!compressible(request, reply, payload)) return done(null, payload)
    varyOnEncoding(reply)
    const encoding = acceptedEncoding(request.headers['accept-encoding'])
    if (!encoding) return done(null, payload)
    compressors[encoding](typeof payload === 'string' ? Buffer.from(payload) : payload).then(
      (body) => {
        reply.header('content-encoding', encoding)
        reply.removeHeader('content-length')
        done(null, body)
      },
      (e: Error) => done(e),
    )
  })
}
