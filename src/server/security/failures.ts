/**
 * Failed sign-ins (wrong password, used or wrong link, wrong automation token) per client address: past
 * SIGN_IN_MAX_FAILURES within SIGN_IN_WINDOW_MS, every sign-in from that address answers 429 until the
 * oldest failure leaves the window, right password or not, so guessing costs real time.
 */
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import { tooManyRequests } from '../errors'

export class SignInFailures {
  readonly #byAddress = new Map<string, number[]>()

  constructor(
    private readonly max = SIGN_IN_MAX_FAILURES,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  #recent(address: string, now: number): number[] {
    const kept = (this.#byAddress.get(address) ?? []).filter((t) => now - t < this.windowMs)
    if (kept.length) this.#byAddress.set(address, kept)
    else this.#byAddress.delete(address)
    return kept
  }

  /** Milliseconds until `address` may try again, or 0 when it may now. */
  waitFor(address: string, now = Date.now()): number {
    const recent = this.#recent(address, now)
    return recent.length >= this.max ? recent[recent.length - this.max]! + this.windowMs - now : 0
  }

  /** Throws 429 (with the minutes to wait) when `address` has failed too often. */
  check(address: string): void {
    const wait = this.waitFor(address)
    if (wait > 0) throw tooManyRequests(MSG.tooManySignIns(Math.max(1, Math.ceil(wait / 60_000))))
  }

  fail(address: string): void {
    const now = Date.now()
    this.#byAddress.set(address, [...this.#recent(address, now), now])
  }

  succeed(address: string): void {
    this.#byAddress.delete(address)
  }
}
