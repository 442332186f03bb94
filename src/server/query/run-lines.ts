/**
 * POST query/run/lines: a run's answer as NDJSON (RunQueryLine), so that a browser reads a big result a part
 * at a time instead of parsing 14 MB at once. Each statement's result without its rows, then its rows in
 * lines of about LINE_BYTES, then the duration. Written at the client's pace (sendChunk), and compressed
 * as it leaves when the request accepts it (the same encodings and fast levels as compress.ts; streams
 * are not compressed there).
 */
import { PassThrough, pipeline, type Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RunQueryLine, RunQueryResponse } from '../../shared/content'
import { acceptedEncoding } from '../http/compress'
import { sendChunk } from '../http/send-chunk'

/** A line of rows holds about this much JSON: a client parses one in about a millisecond. */
export const LINE_BYTES = 64 * 1024

const line = (value: RunQueryLine) => `${JSON.stringify(value)}\n`

/** The lines of an answer, in order. */
export function* runLines(answer: RunQueryResponse): Generator<string> {
  for (const { rows, ...result } of answer.results) {
    yield line({ result })
    let batch: string[] = []
    let bytes = 0
    for (const row of rows) {
      const json = JSON.stringify(row)
      batch.push(json)
      bytes += json.length + 1
      if (bytes >= LINE_BYTES) {
        yield `{"rows":[${batch.join(',')}]}\n`
        batch = []
        bytes = 0
      }
    }
    if (batch.length > 0) yield `{"rows":[${batch.join(',')}]}\n`
  }
  yield line({ duration_ms: answer.duration_ms })
}

function compressor(encoding: 'br' | 'gzip'): Transform {
  return encoding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : createGzip({ level: 1 })
}

/** Sends the answer's lines; a client that goes away stops the writing. */
export function sendRunLines(req: FastifyRequest, reply: FastifyReply, answer: RunQueryResponse): FastifyReply {
  const lines = new PassThrough()
  const encoding = acceptedEncoding(req.headers['accept-encoding'])
  let body: PassThrough | Transform = lines
  if (encoding) {
    body = compressor(encoding)
    pipeline(lines, body, () => undefined) // an error or a client gone ends both
    reply.header('content-encoding', encoding)
  }
  void (async () => {
    for (const chunk of runLines(answer)) await sendChunk(lines, chunk)
    lines.end()
  })().catch(() => lines.destroy())
  const vary = reply.getHeader('vary')
  return reply.type('application/x-ndjson').header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding').send(body)
}
