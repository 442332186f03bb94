/**
 * How REST answers are shaped, as PostgREST 12 does: the schema a request is on (Accept-Profile /
 * Content-Profile), the media type it accepts (JSON array, single object, CSV), Content-Range and the
 * range's status, and sending the body text the database built.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { RestError } from './errors'

/** What the client accepts: a JSON array (default), one JSON object, or CSV. */
export interface Media {
  kind: 'json' | 'object' | 'csv'
  /** `;nulls=stripped` */
  stripNulls: boolean
  /** the Content-Type of the answer */
  contentType: string
}

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The media type of the answer from the Accept header (highest q first); none supported: 406 PGRST107.
 * `csv`: whether this endpoint can answer text/csv.
 */
export function negotiate(accept: string | undefined, opts: { csv?: boolean } = {}): Media {
  if (!accept || !accept.trim()) return { kind: 'json', stripNulls: false, contentType: JSON_TYPE }
  const ranges = accept.split(',').map((part, i) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim())
    const q = params.find((p) => /^q=/i.test(p))
    return { type: type.toLowerCase(), params: params.map((p) => p.toLowerCase().replace(/\s+/g, '')), q: q ? Number(q.slice(2)) : 1, i }
  }).filter((r) => r.type && !(r.q <= 0)).sort((a, b) => b.q - a.q || a.i - b.i)
  for (const r of ranges) {
    const stripNulls = r.params.includes('nulls=stripped')
    switch (r.type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
        return { kind: 'json', stripNulls: false, contentType: JSON_TYPE }
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'json', stripNulls, contentType: `application/vnd.pgrst.array+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8` }
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls, contentType: `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8` }
      case 'text/csv':
        if (opts.csv !== false) return { kind: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' }
        break
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept.split(',').map((s) => s.trim()).join(', ')}`)
}

/**
 * The schema a request is on: the profile header (Accept-Profile for GET/HEAD, Content-Profile for writes)
 * or the first exposed schema; another one is 406 PGRST106. `negotiated`: whether to answer Content-Profile
 * (PostgREST does when a profile was asked or more than one schema is exposed).
 */
export function profileOf(request: FastifyRequest, schemas: readonly string[]): { schema: string; negotiated: boolean } {
  const write = request.method !== 'GET' && request.method !== 'HEAD'
  const header = request.headers[write ? 'content-profile' : 'accept-profile']
  const asked = typeof header === 'string' ? header : undefined
  if (asked !== undefined) {
    if (!schemas.includes(asked)) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`)
    request.restSchema = asked
    return { schema: asked, negotiated: true }
  }
  request.restSchema = schemas[0]
  return { schema: schemas[0]!, negotiated: schemas.length > 1 }
}

/** `Content-Range: 0-9/*`, `*\/0`, `10-19/200`. */
export function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const range = pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}` : '*'
  return `${range}/${total === null ? '*' : total}`
}

/** 200, 206 (a count shows the page is part of the rows) or 416 PGRST103 (the offset is past the end). */
export function rangeStatus(offset: number, pageTotal: number, total: number | null): 200 | 206 {
  if (total === null) return 200
  if (offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`)
  }
  return pageTotal < total ? 206 : 200
}

/**
 * The body the database built, as the media type wants it: an array as is, the one object of a
 * single-object request (else 406 PGRST116), CSV text.
 */
export function bodyFor(media: Media, body: string, pageTotal: number): string {
  if (media.kind !== 'object') return body
  if (pageTotal !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${pageTotal} rows`)
  }
  // json_agg of one row: `[{…}]`
  return body.slice(body.indexOf('[') + 1, body.lastIndexOf(']')).trim()
}

/** Sends text the database built as the answer, with its media type. */
export function sendText(reply: FastifyReply, status: number, media: Pick<Media, 'contentType'>, text: string): FastifyReply {
  return reply.status(status).type(media.contentType).send(text)
}
