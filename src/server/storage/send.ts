/** Streams an object to the client (never whole in memory), with its headers and byte ranges. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ObjectRow, Objects } from './objects'

/**
 * The one byte range asked for (RFC 9110 14.2): null when there is none or it is not one we read (several
 * ranges, another unit, last before first), so the whole object goes out; 'bad' when it lies past the end.
 */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (!m[1] && !m[2])) return null
  if (!m[1]) {
    const suffix = Number(m[2])
    return suffix === 0 || size === 0 ? 'bad' : { start: Math.max(size - suffix, 0), end: size - 1 }
  }
  const start = Number(m[1])
  if (m[2] && Number(m[2]) < start) return null
  return start >= size ? 'bad' : { start, end: m[2] ? Math.min(Number(m[2]), size - 1) : size - 1 }
}

function headers(reply: FastifyReply, row: ObjectRow, request: FastifyRequest): void {
  const meta = row.metadata
  reply.header('content-type', meta?.mimetype ?? 'application/octet-stream')
  reply.header('cache-control', meta?.cacheControl ?? 'no-cache')
  reply.header('etag', meta?.eTag ?? `"${row.version}"`)
  reply.header('last-modified', new Date(meta?.lastModified ?? row.updated_at).toUTCString())
  reply.header('accept-ranges', 'bytes')
  // Files are served from the studio's own origin: an uploaded page or SVG must not run as the studio.
  reply.header('x-content-type-options', 'nosniff')
  reply.header('content-security-policy', 'sandbox')
  const download = (request.query as Record<string, string | undefined>).download
  if (download !== undefined) {
    const name = download || row.name.split('/').pop() || 'download'
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
  }
}

export async function sendObject(objects: Objects, row: ObjectRow, request: FastifyRequest, reply: FastifyReply) {
  headers(reply, row, request)
  const size = row.metadata?.size ?? 0
  if (request.method === 'HEAD') {
    reply.header('content-length', size)
    return reply.send()
  }
  if (request.headers['if-none-match'] && request.headers['if-none-match'] === row.metadata?.eTag) {
    return reply.status(304).send()
  }
  const range = parseRange(request.headers.range, size)
  if (range === 'bad') {
    reply.header('content-range', `bytes */${size}`)
    return reply.status(416).send()
  }
  const { stream, size: actual } = await objects.read(row, range ?? undefined)
  if (range) {
    reply.status(206)
    reply.header('content-range', `bytes ${range.start}-${range.end}/${actual}`)
    reply.header('content-length', range.end - range.start + 1)
  } else {
    reply.header('content-length', actual)
  }
  return reply.send(stream)
}
