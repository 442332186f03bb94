/**
 * What an upload request carries, as storage-js sends it: a multipart form (cacheControl, metadata, the
 * file) or the raw bytes with cache-control, content-type and x-metadata headers. The bytes stay a stream.
 */
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { invalid } from './errors'
import { readFormFile } from './multipart'

export interface UploadBody {
  body: Readable
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  contentLength?: number
}

const DEFAULT_TYPE = 'application/octet-stream'

/** What a header may hold (visible ASCII, spaces and tabs): stored values are sent back as headers. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/

function headerValue(value: string, what: string): string {
  if (!HEADER_VALUE.test(value)) throw invalid(`${what} holds characters a header cannot carry`)
  return value
}

function cacheControlOf(value: string | undefined, fallback: string): string {
  if (!value) return fallback
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : headerValue(value, 'cacheControl')
}

function metadataOf(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // refused below
  }
  throw invalid('metadata must be a JSON object')
}

/** The upload the request carries; `defaultCacheControl` when it names none (storage's 'no-cache'). */
export async function readUpload(req: FastifyRequest, defaultCacheControl = 'no-cache'): Promise<UploadBody> {
  const type = req.headers['content-type'] ?? ''
  if (/^multipart\/form-data/i.test(type)) {
    const form = await readFormFile(req.raw)
    return {
      body: form.body,
      contentType: headerValue(form.contentType || DEFAULT_TYPE, 'The content type'),
      cacheControl: cacheControlOf(form.fields.cacheControl, defaultCacheControl),
      userMetadata: metadataOf(form.fields.metadata),
    }
  }
  const xMetadata = req.headers['x-metadata']
  const length = Number(req.headers['content-length'])
  return {
    body: req.raw,
    contentType: type || DEFAULT_TYPE,
    cacheControl: cacheControlOf(req.headers['cache-control'], defaultCacheControl),
    userMetadata: typeof xMetadata === 'string' ? metadataOf(Buffer.from(xMetadata, 'base64').toString('utf8')) : null,
    ...(Number.isFinite(length) && req.headers['content-length'] !== undefined ? { contentLength: length } : {}),
  }
}

/**
 * After a refused upload: whatever is left of the body is read and dropped, so the connection stays usable
 * (a form's file part, once the form is being read; else the request itself).
 */
export function discardUpload(req: FastifyRequest, upload: UploadBody | undefined): void {
  ;(upload?.body ?? req.raw).resume()
}
