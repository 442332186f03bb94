/**
 * An uploaded CSV file as it arrives: its header's cells, the delimiter and line break papaparse guesses
 * from the file's start (as the import preview does), then the bytes after the header, chunk by chunk,
 * cut into records a little ahead of the import.
 */
import { finished, type Readable } from 'node:stream'
import Papa from 'papaparse'
import { badRequest } from '../errors'
import type { Cut, LineBreak, RecordCutter } from './csv-cut'

/** Bytes read before guessing the delimiter and line break (papaparse looks at 10 records). */
const SAMPLE_BYTES = 64 * 1024
/** Chunks held before the upload is paused until the import takes them. */
const HELD_CHUNKS = 16
const QUOTE = 0x22

/** The upload's chunks, pulled one at a time; an aborted upload rejects with its error. */
export class Chunks {
  readonly #body: Readable
  #queue: Buffer[] = []
  #ended = false
  #error: Error | undefined
  #dropped = false
  #wake: (() => void) | undefined

  constructor(body: Readable) {
    this.#body = body
    const wake = () => {
      this.#wake?.()
      this.#wake = undefined
    }
    body.on('data', (chunk: Buffer) => {
      if (this.#dropped) return
      this.#queue.push(chunk)
      if (this.#queue.length >= HELD_CHUNKS) body.pause()
      wake()
    })
    body.on('end', () => {
      this.#ended = true
      wake()
    })
    finished(body, (error) => {
      if (error && !this.#ended) this.#error = error
      wake()
    })
  }

  /** The next chunk, or null at the end. */
  async next(): Promise<Buffer | null> {
    while (!this.#queue.length) {
      if (this.#error) throw this.#error
      if (this.#ended) return null
      await new Promise<void>((resolve) => (this.#wake = resolve))
    }
    if (this.#queue.length < HELD_CHUNKS / 2) this.#body.resume()
    return this.#queue.shift()!
  }

  /** Reads what is left of the upload and drops it, so the connection stays usable. */
  drop(): void {
    this.#dropped = true
    this.#queue = []
    this.#body.resume()
  }
}

export interface CsvUpload {
  /** the header's cells (a byte order mark dropped) */
  header: string[]
  delimiter: string
  lineBreak: LineBreak
  /** the bytes after the header that came with it */
  first: Uint8Array
  chunks: Chunks
}

/** Where the first record that is not an empty line ends (past its line break), or -1 when it has not yet. */
function headerEnd(bytes: Uint8Array, end: number): number {
  let quoted = false
  let start = 0
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]
    if (c === QUOTE) quoted = !quoted
    else if (!quoted && c === end) {
      const empty = i === start || (i === start + 1 && bytes[start] === 0x0d)
      if (!empty) return i + 1
      start = i + 1
    }
  }
  return -1
}

/** Reads the upload up to the end of its header; 400 'The CSV file is empty' when it has none. */
export async function readCsvUpload(body: Readable): Promise<CsvUpload> {
  const chunks = new Chunks(body)
  const head: Buffer[] = []
  let size = 0
  let done = false
  const more = async () => {
    const chunk = await chunks.next()
    if (chunk) {
      head.push(chunk)
      size += chunk.length
    } else done = true
  }
  try {
    while (size < SAMPLE_BYTES && !done) await more()
    const sample = new TextDecoder().decode(Buffer.concat(head)).replace(/^\uFEFF/, '')
    const guess = Papa.parse<string[]>(sample, { preview: 10, skipEmptyLines: true })
    if (guess.data.length === 0) throw badRequest('The CSV file is empty')
    const { delimiter } = guess.meta
    const lineBreak = guess.meta.linebreak as LineBreak
    let bytes = Buffer.concat(head)
    let end = headerEnd(bytes, lineBreak === '\r' ? 0x0d : 0x0a)
    while (end < 0 && !done) {
      await more()
      bytes = Buffer.concat(head)
      end = headerEnd(bytes, lineBreak === '\r' ? 0x0d : 0x0a)
    }
    if (end < 0) end = bytes.length
    const text = new TextDecoder().decode(bytes.subarray(0, end)).replace(/^\uFEFF/, '')
    const header = Papa.parse<string[]>(text, { delimiter, newline: lineBreak, skipEmptyLines: true }).data[0] ?? []
    return { header, delimiter, lineBreak, first: bytes.subarray(end), chunks }
  } catch (e) {
    chunks.drop()
    throw e
  }
}

/** The records after the header, cut as they arrive, up to `limit` bytes ahead of the import that takes them. */
export class ReadAhead {
  #cuts: Cut[] = []
  #bytes = 0
  #done = false
  #error: unknown
  #stopped = false
  #wakeImport: (() => void) | undefined
  #wakeReader: (() => void) | undefined
  readonly #limit: number

  constructor(upload: CsvUpload, cutter: RecordCutter, limit: number) {
    this.#limit = limit
    void this.#read(upload, cutter)
  }

  async #read({ first, chunks }: CsvUpload, cutter: RecordCutter): Promise<void> {
    const add = (cut: Cut) => {
      if (!cut.records) return
      this.#cuts.push(cut)
      this.#bytes += cut.bytes
      this.#wakeImport?.()
    }
    try {
      add(cutter.push(first))
      for (let chunk = await chunks.next(); chunk && !this.#stopped; chunk = await chunks.next()) {
        add(cutter.push(chunk))
        while (this.#bytes >= this.#limit && !this.#stopped) await new Promise<void>((resolve) => (this.#wakeReader = resolve))
      }
      add(cutter.end())
    } catch (e) {
      this.#error = e
    } finally {
      this.#done = true
      this.#wakeImport?.()
    }
  }

  /** The next records, or null at the end of the file; rejects when the upload failed. */
  async next(): Promise<Cut | null> {
    while (!this.#cuts.length) {
      if (this.#error) throw this.#error
      if (this.#done) return null
      await new Promise<void>((resolve) => (this.#wakeImport = resolve))
    }
    const cut = this.#cuts.shift()!
    this.#bytes -= cut.bytes
    this.#wakeReader?.()
    return cut
  }

  /** The import is over: reading stops. */
  stop(): void {
    this.#stopped = true
    this.#wakeReader?.()
  }
}
