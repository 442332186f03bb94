/**
 * Writing a streamed answer (exports, SQL result downloads) at the client's pace: one chunk at a time,
 * waiting for 'drain' while the client is behind, so the server never holds more than a batch.
 */
import type { PassThrough } from 'node:stream'

/** Writes a chunk, waiting while the client is behind; throws once the client has gone. */
export async function sendChunk(body: PassThrough, chunk: string): Promise<void> {
  if (body.destroyed) throw new Error('The download was cancelled')
  if (body.write(chunk)) return
  await new Promise<void>((resolve) => {
    const go = () => {
      body.off('drain', go).off('close', go)
      resolve()
    }
    body.on('drain', go).on('close', go)
  })
  if (body.destroyed) throw new Error('The download was cancelled')
}
