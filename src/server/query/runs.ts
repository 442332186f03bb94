/**
 * The editor's runs and explains. One with a runId can be cancelled while it waits or runs: its script's
 * signal is aborted (PostgreSQL: pg_cancel_backend on its connection, repeated until the statement has
 * stopped; PGlite: the database worker is ended and opened again), and it fails with the database's
 * 'canceling statement due to user request' (57014).
 *
 * The run and its cancel are two requests on two connections, so the cancel may arrive first: it waits a
 * moment for the run, and a run that arrives later still is refused as cancelled.
 */
import { queryCancelled } from '../db/driver'

/** How long a cancel waits for a run that has not arrived yet. */
export const CANCEL_WAIT_MS = 1000
/** How long an early cancel is remembered, so that its run is refused when it comes. */
const EARLY_CANCEL_TTL_MS = 60_000
/** At most this many early cancels are remembered (oldest forgotten first). */
const EARLY_CANCEL_MAX = 1000

interface Running {
  controller: AbortController
  ended: Promise<unknown>
}

export class RunTracker {
  /** runId → how to stop the run, and its end, while the run lasts */
  readonly #running = new Map<string, Running>()
  /** runId → wakes the cancels waiting for that run to arrive */
  readonly #awaited = new Map<string, Set<() => void>>()
  /** runId → when a cancel for it came before the run did */
  readonly #cancelledEarly = new Map<string, number>()

  async track<T>(runId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (runId && this.#takeEarlyCancel(runId)) throw queryCancelled()
    const controller = new AbortController()
    const running = work(controller.signal)
    const entry = { controller, ended: running.catch(() => undefined) }
    if (runId) {
      this.#running.set(runId, entry)
      for (const wake of this.#awaited.get(runId) ?? []) wake()
    }
    try {
      return await running
    } finally {
      if (runId && this.#running.get(runId) === entry) this.#running.delete(runId)
    }
  }

  /**
   * Stops the run and answers once it has ended: true when it was queued or running, false when no such run
   * came within CANCEL_WAIT_MS (it had ended, or never was; one that comes later is refused).
   */
  async cancel(runId: string): Promise<boolean> {
    const entry = this.#running.get(runId) ?? (await this.#arrival(runId))
    if (!entry) {
      this.#rememberEarlyCancel(runId)
      return false
    }
    this.#running.delete(runId)
    entry.controller.abort()
    await entry.ended
    return true
  }

  #arrival(runId: string): Promise<Running | undefined> {
    return new Promise((resolve) => {
      const waiters = this.#awaited.get(runId) ?? new Set()
      this.#awaited.set(runId, waiters)
      const done = () => {
        clearTimeout(timer)
        waiters.delete(done)
        if (waiters.size === 0) this.#awaited.delete(runId)
        resolve(this.#running.get(runId))
      }
      const timer = setTimeout(done, CANCEL_WAIT_MS)
      waiters.add(done)
    })
  }

  #rememberEarlyCancel(runId: string): void {
    const now = Date.now()
    for (const [id, at] of this.#cancelledEarly) {
      if (now - at < EARLY_CANCEL_TTL_MS && this.#cancelledEarly.size < EARLY_CANCEL_MAX) break
      this.#cancelledEarly.delete(id)
    }
    this.#cancelledEarly.set(runId, now)
  }

  #takeEarlyCancel(runId: string): boolean {
    const at = this.#cancelledEarly.get(runId)
    if (at === undefined) return false
    this.#cancelledEarly.delete(runId)
    return Date.now() - at < EARLY_CANCEL_TTL_MS
  }
}
