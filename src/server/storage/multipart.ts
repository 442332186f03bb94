/**
 * A small streaming multipart/form-data reader for uploads (storage-js sends a Blob as a form with the
 * fields cacheControl and metadata, then the file). Fields are read into strings (small); the file part's
 * bytes are handed on as they arrive, never held whole.
 */
import { StorageError } from './errors'

export interface FormFile {
  fields: Record<string, string>
  contentType: string | undefined
  body: AsyncIterable<Buffer>
}

const MAX_HEADER_BYTES = 16 * 1024
const MAX_FIELD_BYTES = 1024 * 1024

export function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  return m?.[1] ?? m?.[2]?.trim()
}

class Reader {
  private buf: Buffer
  private readonly it: AsyncIterator<Buffer>

  constructor(source: AsyncIterable<Buffer>) {
    this.it = source[Symbol.asyncIterator]()
    // The first boundary is found with the same CRLF-prefixed delimiter as the others.
    this.buf = Buffer.from('\r\n')
  }

  async fill(): Promise<boolean> {
    const r = await this.it.next()
    if (r.done) return false
    this.buf = this.buf.length ? Buffer.concat([this.buf, r.value]) : r.value
    return true
  }

  /** Bytes up to `delim` (consumed), as they come; throws when the stream ends first. */
  async *until(delim: Buffer, maxBytes = Infinity): AsyncGenerator<Buffer> {
    let seen = 0
    for (;;) {
      const idx = this.buf.indexOf(delim)
      if (idx >= 0) {
        if (idx > 0) yield this.buf.subarray(0, idx)
        this.buf = this.buf.subarray(idx + delim.length)
        return
      }
      const safe = this.buf.length - delim.length + 1
      if (safe > 0) {
        seen += safe
        if (seen > maxBytes) throw new StorageError(400, 'InvalidRequest', 'Malformed form data')
        yield this.buf.subarray(0, safe)
        this.buf = this.buf.subarray(safe)
      }
      if (!(await this.fill())) throw new StorageError(400, 'InvalidRequest', 'Unexpected end of form')
    }
  }

  async text(delim: Buffer, maxBytes: number): Promise<string> {
    const parts: Buffer[] = []
    for await (const b of this.until(delim, maxBytes)) parts.push(Buffer.from(b))
    return Buffer.concat(parts).toString('utf8')
  }

  async drain(): Promise<void> {
    this.buf = Buffer.alloc(0)
    while (!(await this.it.next()).done) {
      // discard
    }
  }

  async take(n: number): Promise<string> {
    while (this.buf.length < n) if (!(await this.fill())) break
    const s = this.buf.subarray(0, n).toString('latin1')
    this.buf = this.buf.subarray(n)
    return s
  }
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of text.split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  return headers
}

/** Reads fields until the first file part, whose bytes `body` then streams. */
export async function readFormFile(source: AsyncIterable<Buffer>, boundary: string): Promise<FormFile> {
  const reader = new Reader(source)
  const delim = Buffer.from(`\r\n--${boundary}`)
  const crlf2 = Buffer.from('\r\n\r\n')
  for await (const _ of reader.until(delim, MAX_HEADER_BYTES)) void _ // preamble
  const fields: Record<string, string> = {}
  for (;;) {
    const after = await reader.take(2)
    if (after !== '\r\n') throw new StorageError(400, 'InvalidRequest', 'No file in the form')
    const headers = parseHeaders(await reader.text(crlf2, MAX_HEADER_BYTES))
    const disposition = headers['content-disposition'] ?? ''
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? ''
    const isFile = /\bfilename="/i.test(disposition) || name === ''
    if (!isFile) {
      fields[name] = await reader.text(delim, MAX_FIELD_BYTES)
      continue
    }
    return {
      fields,
      contentType: headers['content-type'],
      body: (async function* () {
        yield* reader.until(delim)
        // The rest of the form (its closing boundary) is read so the request ends cleanly.
        await reader.drain()
      })(),
    }
  }
}
