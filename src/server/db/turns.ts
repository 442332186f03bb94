/** The queue of PGlite's one connection. */
import { databaseBusy, queryCancelled } from './driver'

/** How many shared calls may be on their way to the worker at once. */
export const SHARED_WINDOW = 64

interface Entry {
  exclusive: boolean
  start(): void
}

/**
 * Calls in order, of two kinds:
 * - exclusive (`take`): the call holds the connection alone, from the moment every call before it has ended
 *   until it ends (a transaction, a cancellable script);
 * - shared (`share`): up to SHARED_WINDOW at once, handed to the worker, which runs them one after the other
 *   in the order they came (so the worker never waits for the server's thread between two of them).
 * A call still waiting after waitMs, or whose signal aborts while it waits, leaves without running. A shared
 * call gets its deadline: handed to the worker already, it must still not start after it (see
 * PgliteWorker.request).
 */
export class Turns {
  #running = 0
  #exclusive = false
  readonly #waiting = new Set<Entry>()

  /** fn alone on the connection */
  take<T>(fn: () => Promise<T>, options: { waitMs: number; signal?: AbortSignal }): Promise<T> {
    return this.#enqueue(true, fn, options)
  }

  /** fn beside other shared calls; `deadline` (performance.now() clock) is when it must not start any more */
  share<T>(fn: (deadline: number) => Promise<T>, options: { waitMs: number }): Promise<T> {
    return this.#enqueue(false, fn, options)
  }

  #canStart(exclusive: boolean): boolean {
    if (this.#exclusive) return false
    return exclusive ? this.#running === 0 : this.#running < SHARED_WINDOW
  }

  /** Starts the waiting calls that may start, in order: one that may not stops the ones behind it. */
  #pump(): void {
    for (const entry of this.#waiting) {
      if (!this.#canStart(entry.exclusive)) return
      entry.start()
    }
  }

  #enqueue<T>(exclusive: boolean, fn: (deadline: number) => Promise<T>, { waitMs, signal }: { waitMs: number; signal?: AbortSignal }): Promise<T> {
    const deadline = performance.now() + waitMs
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const entry: Entry = {
        exclusive,
        start: () => {
          leave()
          this.#running++
          if (exclusive) this.#exclusive = true
          fn(deadline).then(resolve, reject).finally(() => {
            this.#running--
            if (exclusive) this.#exclusive = false
            this.#pump()
          })
        },
      }
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', cancelled)
        this.#waiting.delete(entry)
      }
      const cancelled = () => {
        leave()
        reject(queryCancelled())
        this.#pump() // an exclusive call that left may have held back shared ones
      }
      if (this.#waiting.size === 0 && this.#canStart(exclusive)) return entry.start()
      this.#waiting.add(entry)
      timer = setTimeout(() => {
        leave()
        reject(databaseBusy(waitMs))
        this.#pump()
      }, waitMs)
      signal?.addEventListener('abort', cancelled, { once: true })
    })
  }
}
