/**
 * How many data rows a CSV file holds: counted exactly up to COUNT_LIMIT bytes (one pass over the bytes
 * that follows quotes, so a line break inside a value is no new row), else estimated from the rows in
 * samples at the file's start, middle and end, whose sizes tell the average row's.
 */
const COUNT_LIMIT = 16 * 1024 * 1024
const SAMPLE_BYTES = 1024 * 1024
const QUOTE = 0x22
const LF = 0x0a
const CR = 0x0d

export interface RowCount {
  rows: number
  /** counted, not estimated */
  exact: boolean
}

/** Records in `bytes` (empty lines skipped) that end with a line break (`closed`), and where the last of them ends. */
function records(bytes: Uint8Array, end: number, from = 0): { closed: number; last: number; open: boolean } {
  let closed = 0
  let last = from
  let quoted = false
  let filled = false
  for (let i = from; i < bytes.length; i++) {
    const c = bytes[i]
    if (c === QUOTE) {
      quoted = !quoted
      filled = true
    } else if (quoted) continue
    else if (c === end) {
      if (filled) closed++
      filled = false
      last = i + 1
    } else if (c !== CR && c !== LF) filled = true
  }
  return { closed, last, open: filled }
}

/** The data rows of a CSV file (the first non-empty record is its header). */
export async function countRows(file: Blob): Promise<RowCount> {
  const head = new Uint8Array(await file.slice(0, file.size <= COUNT_LIMIT ? file.size : SAMPLE_BYTES).arrayBuffer())
  const end = head.includes(LF) ? LF : CR
  const start = records(head, end)
  if (file.size <= COUNT_LIMIT) return { rows: Math.max(0, start.closed + (start.open ? 1 : 0) - 1), exact: true }
  const headerEnd = head.indexOf(end) + 1
  let sampled = start.closed - 1
  let bytes = start.last - headerEnd
  // Samples in the middle and at the end, each from after its first line break (most likely a record's end).
  for (const from of [Math.floor(file.size / 2), file.size - SAMPLE_BYTES]) {
    const sample = new Uint8Array(await file.slice(from, from + SAMPLE_BYTES).arrayBuffer())
    const first = sample.indexOf(end) + 1
    const found = records(sample, end, first)
    const last = from + sample.length === file.size
    sampled += found.closed + (last && found.open ? 1 : 0)
    bytes += (last ? sample.length : found.last) - first
  }
  return { rows: Math.round(((file.size - headerEnd) * sampled) / Math.max(1, bytes)), exact: false }
}

/** A row count as the import says it: exact ('1,200'), or estimated and said with the precision it has ('about 400,000'). */
export function about({ rows, exact }: RowCount): string {
  if (exact) return rows.toLocaleString('en-US')
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(rows)) - 1)
  return `about ${(Math.round(rows / unit) * unit).toLocaleString('en-US')}`
}
