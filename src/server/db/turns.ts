/** The queue of PGlite's one connection. */
import { databaseBusy, queryCancelled } from './driver'

/**
 * One call at a time, in order. A call still waiting after waitMs, or whose signal aborts while it waits,
 * leaves the queue without running.
 */
export class Turns {
  #busy = false
  readonly #waiting = new Set<() => void>()

  take<T>(fn: () => Promise<T>, { waitMs, signal }: { waitMs: number; signal?: AbortSignal }): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', cancelled)
        this.#waiting.delete(start)
      }
      const start = () => {
        leave()
        this.#busy = true
        fn().then(resolve, reject).finally(() => {
          this.#busy = false
          this.#waiting.values().next().value?.()
        })
      }
      const cancelled = () => {
        leave()
        reject(queryCancelled())
      }
      if (!this.#busy) return start()
      this.#waiting.add(start)
      timer = setTimeout(() => {
        leave()
        reject(databaseBusy(waitMs))
      }, waitMs)
      signal?.addEventListener('abort', cancelled, { once: true })
    })
  }
}
