/**
 * Where the services put their events (issue 16): `record()` only appends to an in-memory queue, so the
 * request path pays for building one small object; every LOG_FLUSH_MS (or as soon as a source has
 * LOG_BATCH_MAX waiting) each source's queue is written to the log store in one statement, off the request
 * path. A crash loses what waits in memory: at most the last LOG_FLUSH_MS of events. While the store cannot be
 * written, events wait (up to LOG_QUEUE_MAX, the oldest dropped past it and counted) and the next flush tries
 * again.
 */
import { LOG_BATCH_MAX, LOG_FLUSH_MS, LOG_QUEUE_MAX } from '../../shared/constants'
import { LOG_SOURCES, type LogEvent, type LogSource } from '../../shared/logs'
import { isDatabaseError } from '../errors'
import type { LogStore } from './store'

export interface LogSink {
  /** Appends one event of a source (its timestamp now unless given). */
  record(source: LogSource, message: string, metadata: Record<string, unknown>, at?: Date): void
}

/** A sink that keeps nothing (logging turned off, and services outside a studio). */
export const NO_LOGS: LogSink = { record: () => undefined }

/** An error about the data written (SQLSTATE class 22 or 23), not about reaching the store. */
const refusedData = (e: unknown) => isDatabaseError(e) && /^2[23]/.test(e.code)

export interface CollectorOptions {
  flushMs?: number
  batchMax?: number
  queueMax?: number
}

export class LogCollector implements LogSink {
  readonly #queues = new Map<LogSource, LogEvent[]>(LOG_SOURCES.map((s) => [s, []]))
  readonly #timer: NodeJS.Timeout
  readonly #batchMax: number
  readonly #queueMax: number
  #flushing: Promise<void> = Promise.resolve()
  #closed = false
  /** events dropped because the queue was full */
  dropped = 0
  /** the last error the store answered a write with (null once a write succeeds again) */
  lastError: Error | null = null

  constructor(
    private readonly store: LogStore,
    opts: CollectorOptions = {},
  ) {
    this.#batchMax = opts.batchMax ?? LOG_BATCH_MAX
    this.#queueMax = opts.queueMax ?? LOG_QUEUE_MAX
    this.#timer = setInterval(() => void this.flush(), opts.flushMs ?? LOG_FLUSH_MS)
    this.#timer.unref()
  }

  record(source: LogSource, message: string, metadata: Record<string, unknown>, at: Date = new Date()): void {
    if (this.#closed) return
    const queue = this.#queues.get(source)!
    queue.push({ timestamp: at.toISOString(), event_message: message, metadata })
    if (queue.length > this.#queueMax) this.dropped += queue.splice(0, queue.length - this.#queueMax).length
    if (queue.length >= this.#batchMax) void this.flush()
  }

  /** Writes what waits now; one flush at a time (one asked for meanwhile runs after it). Never fails. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write())
    return this.#flushing
  }

  async #write(): Promise<void> {
    for (const source of LOG_SOURCES) {
      const queue = this.#queues.get(source)!
      if (!queue.length) continue
      const batch = queue.splice(0, queue.length)
      try {
        await this.store.write(source, batch)
        this.lastError = null
      } catch (e) {
        if (refusedData(e)) {
          // the database refuses these events themselves (a value it cannot store): trying again would block the source
          this.dropped += batch.length
          console.error(`studio: ${batch.length} ${source} log events could not be stored and were dropped:`, (e as Error).message)
          continue
        }
        // back in front of what came meanwhile, for the next flush
        queue.unshift(...batch)
        if (queue.length > this.#queueMax) this.dropped += queue.splice(0, queue.length - this.#queueMax).length
        if (this.lastError?.message !== (e as Error).message) console.error('studio: could not write the logs:', (e as Error).message)
        this.lastError = e as Error
        return
      }
    }
  }

  /** Writes what waits and stops (before the store closes). */
  async close(): Promise<void> {
    clearInterval(this.#timer)
    await this.flush().catch(() => undefined)
    this.#closed = true
  }
}
