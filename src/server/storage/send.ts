/** Streams an object to the client (never whole in memory), with its headers and byte ranges. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ObjectRow, Objects } from './objects'

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (!m[1] && !m[2])) return 'bad'
  let start: number
  let end: number
  if (!m[1]) {
    start = Math.max(size - Number(m[2]), 0)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1
  }
  return start > end || start >= size ? 'bad' : { start, end }
}

function headers(reply: FastifyReply, row: ObjectRow, request: FastifyRequest): void {
  const meta = row.metadata
  reply.header('content-type', meta?.mimetype ?? 'application/octet-stream')
  reply.header('cache-control', meta?.cacheControl ?? 'no-cache')
  reply.header('etag', meta?.eTag ?? `"${row.version}"`)
  reply.header('last-modified', new Date(meta?.lastModified ?? row.updated_at).toUTCString())
  reply.header('accept-ranges', 'bytes')
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
