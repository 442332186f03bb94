/**
 * The service's rate limits, per project and per key (an IP address, an email address): fixed windows
 * counted in memory, as GoTrue counts them in its own process. The limits come from the configuration
 * (RATE_LIMIT_*), read at each request, so a change applies at once.
 */
import { rateLimited } from './errors'

export const FIVE_MINUTES_MS = 5 * 60_000
export const HOUR_MS = 60 * 60_000

export class RateLimits {
  private readonly windows = new Map<string, { start: number; count: number }>()
  private lastSweep = Date.now()

  /** Counts one event on `key`; throws 429 over_request_rate_limit past `limit` in `windowMs`. */
  take(key: string, limit: number, windowMs: number, error = rateLimited): void {
    const now = Date.now()
    this.sweep(now)
    let w = this.windows.get(key)
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 }
      this.windows.set(key, w)
    }
    if (w.count >= limit) throw error()
    w.count++
  }

  /** Forgets every count (tests that lower a limit start from zero). */
  reset(): void {
    this.windows.clear()
  }

  /** Forgets windows over an hour old (the longest window), at most once a minute. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return
    this.lastSweep = now
    for (const [key, w] of this.windows) if (now - w.start >= HOUR_MS) this.windows.delete(key)
  }
}
