/**
 * The sign-in link printed at start, `<studio URL>/?token=<token>`: one token at a time, good for one
 * sign-in. Using it makes a new one, handed to `onLink` so the terminal always shows a link that works.
 */
import { newToken, sameSecret } from './secrets'

export class SignInLinks {
  #token = newToken()

  constructor(
    private readonly studioUrl: string,
    private readonly onLink: (url: string) => void = () => {},
  ) {}

  /** The link that works now. */
  get current(): string {
    return `${this.studioUrl}/?token=${this.#token}`
  }

  /** Announces the current link (at start). */
  announce(): void {
    this.onLink(this.current)
  }

  /** True, and a new link announced, when `token` is the current one; false otherwise. */
  consume(token: string): boolean {
    if (!sameSecret(token, this.#token)) return false
    this.#token = newToken()
    this.announce()
    return true
  }
}
