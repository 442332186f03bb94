/**
 * A CSV upload cut into whole records for COPY … (format csv), without parsing a value: one pass over the
 * bytes that follows quotes, delimiters and line ends. Records whose cells are all imported, in the file's
 * order, pass through untouched (COPY reads them as they are); the others are rebuilt from their cells
 * (quoted cells copied as they are). Like the papaparse reading it replaces: an empty line is skipped, a
 * short record gets empty (NULL) cells, a long one loses its extra cells.
 */

const QUOTE = 0x22
const LF = 0x0a
const CR = 0x0d
const BACKSLASH = 0x5c
const DOT = 0x2e

export type LineBreak = '\n' | '\r\n' | '\r'

export interface CsvLayout {
  /** the delimiter, one ASCII character */
  delimiter: string
  lineBreak: LineBreak
  /** cells in the header */
  columns: number
  /** header positions of the cells to import, ascending */
  keep: readonly number[]
}

/** Whole records, ready for COPY, in one or more runs of bytes. */
export interface Cut {
  chunks: Uint8Array[]
  bytes: number
  records: number
}

const NOTHING: Cut = { chunks: [], bytes: 0, records: 0 }
const cutOf = (chunks: Uint8Array[], records: number): Cut => ({ chunks, bytes: chunks.reduce((n, c) => n + c.length, 0), records })
const concat = (parts: readonly Uint8Array[]) => (parts.length === 1 ? parts[0]! : Buffer.concat(parts))

/** A growing buffer the rebuilt records (and the untouched ones around them) are written to. */
class Output {
  #bytes: Buffer
  #at = 0

  constructor(size: number) {
    this.#bytes = Buffer.allocUnsafe(size)
  }

  get length(): number {
    return this.#at
  }

  write(bytes: Uint8Array): void {
    this.#room(bytes.length)
    this.#bytes.set(bytes, this.#at)
    this.#at += bytes.length
  }

  byte(b: number): void {
    this.#room(1)
    this.#bytes[this.#at++] = b
  }

  take(): Uint8Array {
    return this.#bytes.subarray(0, this.#at)
  }

  #room(n: number): void {
    if (this.#at + n <= this.#bytes.length) return
    const bigger = Buffer.allocUnsafe(Math.max(this.#bytes.length * 2, this.#at + n))
    bigger.set(this.#bytes.subarray(0, this.#at))
    this.#bytes = bigger
  }
}

export class RecordCutter {
  readonly #delimiter: number
  /** the byte that ends a record: CR in a file of CR line breaks, else LF (a CR before it is dropped when rebuilding) */
  readonly #end: number
  readonly #lineBreak: Buffer
  readonly #columns: number
  readonly #keep: readonly number[]
  /** every cell kept in order: well-formed records go through untouched */
  readonly #whole: boolean
  /** the scan's state between chunks: inside quotes (1) or not, and delimiters so far in the current record */
  readonly #state = new Int32Array(2)
  /** the start of the current record, from earlier chunks */
  #carry: Uint8Array[] = []
  /** where records end in the chunk being cut, and the delimiters in each (see scan) */
  #ends = new Int32Array(0)
  #counts = new Int32Array(0)
  /** where each cell of the record being rebuilt starts */
  readonly #starts: Int32Array

  constructor(layout: CsvLayout) {
    this.#delimiter = layout.delimiter.charCodeAt(0)
    this.#end = layout.lineBreak === '\r' ? CR : LF
    this.#lineBreak = Buffer.from(layout.lineBreak)
    this.#columns = layout.columns
    this.#keep = layout.keep
    this.#whole = layout.keep.length === layout.columns && layout.keep.every((k, i) => k === i)
    this.#starts = new Int32Array(layout.columns + 2)
  }

  /** The records `chunk` completes (the first one may have begun in earlier chunks). */
  push(chunk: Uint8Array): Cut {
    if (this.#ends.length < chunk.length) {
      this.#ends = new Int32Array(chunk.length)
      this.#counts = new Int32Array(chunk.length)
    }
    const found = scan(chunk, this.#delimiter, this.#end, this.#state, this.#ends, this.#counts)
    // Untouched records stay views of the chunk until one must be rebuilt; from then on all go to `out`.
    let out: Output | undefined
    const output = () => (out ??= new Output(chunk.length + 1024))
    /** the record begun in earlier chunks, when it needs no change */
    let carried: Uint8Array | undefined
    let records = 0
    /** start of the current record, and of the run of untouched records before it */
    let start = 0
    let run = 0
    const whole = this.#whole
    const normal = this.#columns - 1
    for (let r = 0; r < found; r++) {
      const at = this.#ends[r]!
      const delimiters = this.#counts[r]!
      if (this.#carry.length) {
        this.#carry.push(chunk.subarray(0, at + 1))
        const record = concat(this.#carry)
        this.#carry = []
        if (this.#untouched(record, 0, record.length - 1, delimiters)) {
          carried = record
          records++
        } else if (this.#rebuild(record.subarray(0, -1), output())) records++
        run = at + 1
        // a well-formed record too long to be an empty line or \.: the usual case, checked inline
      } else if ((whole && delimiters === normal && at - start > 3) || this.#untouched(chunk, start, at, delimiters)) records++
      else {
        const o = output()
        if (run < start) o.write(chunk.subarray(run, start))
        if (this.#rebuild(chunk.subarray(start, at), o)) records++
        run = at + 1
      }
      start = at + 1
    }
    if (start < chunk.length) this.#carry.push(chunk.subarray(start))
    if (!records) return NOTHING
    const chunks = carried ? [carried] : []
    if (out) {
      if (run < start) out.write(chunk.subarray(run, start))
      chunks.push(out.take())
    } else if (run < start) chunks.push(chunk.subarray(run, start))
    return cutOf(chunks, records)
  }

  /** The last record, when the file does not end with a line break. */
  end(): Cut {
    if (!this.#carry.length) return NOTHING
    const rest = concat(this.#carry)
    this.#carry = []
    const out = new Output(rest.length + 64)
    // An open quote is left for COPY to report ("unterminated CSV quoted field").
    if (this.#state[0] === 1 || this.#untouched(rest, 0, rest.length, this.#state[1]!)) {
      out.write(rest)
      out.write(this.#lineBreak)
    } else if (!this.#rebuild(rest, out)) return NOTHING
    return cutOf([out.take()], 1)
  }

  /** Whether bytes[start, at) (at: its line end) can go to COPY as it is. */
  #untouched(bytes: Uint8Array, start: number, at: number, delimiters: number): boolean {
    if (!this.#whole || delimiters !== this.#columns - 1) return false
    const length = at - start - (at > start && this.#end === LF && bytes[at - 1] === CR ? 1 : 0)
    // not empty (skipped), nor COPY's end-of-data marker \. (quoted when rebuilt)
    return length > 0 && !(length === 2 && bytes[start] === BACKSLASH && bytes[start + 1] === DOT)
  }

  /** Writes the record `line` (without its line break) with the kept cells, in order; false for an empty line. */
  #rebuild(line: Uint8Array, out: Output): boolean {
    const content = this.#end === LF && line[line.length - 1] === CR ? line.subarray(0, -1) : line
    if (content.length === 0) return false
    const starts = this.#starts
    starts[0] = 0
    let cells = 1
    let quoted = false
    for (let i = 0; i < content.length && cells < starts.length - 1; i++) {
      const c = content[i]
      if (c === QUOTE) quoted = !quoted
      else if (!quoted && c === this.#delimiter) starts[cells++] = i + 1
    }
    starts[cells] = content.length + 1 // as if a delimiter followed the last cell
    const keep = this.#keep
    if (keep.length === 1 && keep[0]! < cells && starts[keep[0]! + 1]! - starts[keep[0]!]! === 3) {
      const at = starts[keep[0]!]!
      if (content[at] === BACKSLASH && content[at + 1] === DOT) {
        out.write(Buffer.from('"\\."'))
        out.write(this.#lineBreak)
        return true
      }
    }
    for (let i = 0; i < keep.length; i++) {
      if (i > 0) out.byte(this.#delimiter)
      const k = keep[i]!
      if (k < cells) out.write(content.subarray(starts[k]!, starts[k + 1]! - 1))
    }
    out.write(this.#lineBreak)
    return true
  }
}

/**
 * Finds where records end in `chunk` (`ends`) and the delimiters in each (`counts`), carrying the quote
 * and the delimiters of an unfinished record (`state`) to the next chunk; answers how many ended. Plain
 * numbers only, so it runs at memory speed.
 */
function scan(chunk: Uint8Array, delimiter: number, end: number, state: Int32Array, ends: Int32Array, counts: Int32Array): number {
  let quoted = state[0]!
  let delimiters = state[1]!
  let found = 0
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i]
    if (c === QUOTE) quoted ^= 1
    else if (quoted === 0) {
      if (c === delimiter) delimiters++
      else if (c === end) {
        ends[found] = i
        counts[found++] = delimiters
        delimiters = 0
      }
    }
  }
  state[0] = quoted
  state[1] = delimiters
  return found
}

/**
 * The record (counted from 1) that COPY calls `line` in an error about `data`, records as RecordCutter
 * writes them. COPY counts one line per record plus each line break inside quotes, as it reads them: before
 * the first line end it cannot tell LF from CRLF files, and counts a quoted CR only.
 */
export function recordAtLine(data: readonly Uint8Array[], line: number): number {
  const bytes = concat(data.length ? data : [new Uint8Array(0)])
  let record = 0
  let lines = 0
  let quoted = false
  /** the quoted character COPY counts: CR until it has seen the first line end, then that line end's first byte */
  let counted = CR
  let known = false
  let inRecord = false
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]
    if (!inRecord) {
      inRecord = true
      record++
      lines++
    }
    if (c === QUOTE) quoted = !quoted
    else if (quoted) {
      if (c === counted) lines++
    } else if (c === LF || c === CR) {
      if (!known) {
        known = true
        counted = c
      }
      if (lines >= line) return record
      if (c === CR && bytes[i + 1] === LF) i++ // CRLF ends one record
      inRecord = false
    }
  }
  return Math.max(1, record)
}
