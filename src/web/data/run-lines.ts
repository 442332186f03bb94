/**
 * Reading POST query/run/lines (NDJSON, RunQueryLine) back into the run's answer a part at a time. The
 * answer arrives whole as a Blob (the browser keeps its bytes out of the page's thread: read as a stream,
 * the bytes left when the body ended were handed over in one task of 30 ms and more), then is read
 * READ_BYTES at a time, each line (about 64 KB of rows) parsed on its own, giving way to the page every
 * SLICE_MS. A 100,000-row result (14 MB of JSON) parsed at once held the main thread for 80 ms to over a
 * second; read so, no task of it lasts much longer than a slice.
 */
import type { RunQueryLine, RunQueryResponse, StatementResult } from '../../shared/content'

/** The longest the reading runs before it gives way to input and frames. */
const SLICE_MS = 10
/** Read from the answer this much at a time. */
const READ_BYTES = 256 * 1024

/** A task boundary: what waits (input, a frame) goes first. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** The answer the lines make; throws when they are not such lines, or end before the last one. */
export async function readRunLines(answer: Blob): Promise<RunQueryResponse> {
  const results: StatementResult[] = []
  let duration: number | undefined
  const take = (text: string) => {
    const parsed = JSON.parse(text) as RunQueryLine
    if ('result' in parsed) results.push({ ...parsed.result, rows: [] })
    else if ('rows' in parsed) {
      const into = results.at(-1)?.rows
      if (!into) throw new Error('rows came before their result')
      for (const row of parsed.rows) into.push(row)
    } else if ('duration_ms' in parsed) duration = parsed.duration_ms
  }

  const decoder = new TextDecoder()
  let rest = ''
  let sliceStart = performance.now()
  for (let at = 0; at <= answer.size; at += READ_BYTES) {
    const last = at + READ_BYTES > answer.size
    const bytes = new Uint8Array(await answer.slice(at, at + READ_BYTES).arrayBuffer())
    const text = rest + decoder.decode(bytes, { stream: !last })
    let from = 0
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
      if (end > from) take(text.slice(from, end))
      from = end + 1
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToPage()
        sliceStart = performance.now()
      }
    }
    rest = text.slice(from)
  }
  if (rest.trim()) take(rest)
  if (duration === undefined) throw new Error('the answer ended early')
  // drawing the result is a task of its own, not the end of this one
  await yieldToPage()
  return { results, duration_ms: duration }
}
