/** A cursor over one statement's tokens, for reading its shape: keywords, names, parenthesized groups. */
import type { Token } from '../../shared/sql/tokens'

export class SqlReader {
  private i = 0

  constructor(private readonly tokens: readonly Token[]) {}

  get done(): boolean {
    return this.i >= this.tokens.length
  }

  /** The word `offset` tokens ahead, if that token is a word. */
  word(offset = 0): string | undefined {
    const t = this.tokens[this.i + offset]
    return t?.kind === 'word' ? t.text : undefined
  }

  symbol(offset = 0): string | undefined {
    const t = this.tokens[this.i + offset]
    return t?.kind === 'symbol' ? t.text : undefined
  }

  /** Consumes these words when they come next, in this order. */
  accept(...words: string[]): boolean {
    if (!words.every((w, k) => this.word(k) === w)) return false
    this.i += words.length
    return true
  }

  /** Consumes this symbol when it comes next. */
  acceptSymbol(symbol: string): boolean {
    if (this.symbol() !== symbol) return false
    this.i++
    return true
  }

  /** Consumes and returns the next word, if the next token is one. */
  takeWord(): string | undefined {
    const w = this.word()
    if (w !== undefined) this.i++
    return w
  }

  /** A name, qualified or not ('public.orders'), as Postgres reads it. */
  name(): string | undefined {
    const parts: string[] = []
    for (let t = this.tokens[this.i]; t && (t.kind === 'word' || t.kind === 'name'); t = this.tokens[this.i]) {
      parts.push(t.text)
      this.i++
      if (this.symbol() !== '.') break
      this.i++
    }
    return parts.length ? parts.join('.') : undefined
  }

  /** Names separated by commas ('a, b'). */
  names(): string[] {
    const out: string[] = []
    for (let n = this.name(); n !== undefined; n = this.name()) {
      out.push(n)
      if (!this.acceptSymbol(',')) break
    }
    return out
  }

  /** When a parenthesized group comes next: consumes it whole and answers a reader over what it holds. */
  group(): SqlReader | undefined {
    if (this.symbol() !== '(') return undefined
    const start = ++this.i
    for (let depth = 1; this.i < this.tokens.length; this.i++) {
      const t = this.tokens[this.i]!
      if (t.kind === 'symbol' && t.text === '(') depth++
      else if (t.kind === 'symbol' && t.text === ')' && --depth === 0) break
    }
    const inner = new SqlReader(this.tokens.slice(start, this.i))
    this.i++ // ')'
    return inner
  }

  /** Consumes the next token, or the whole parenthesized group it opens. */
  next(): void {
    if (!this.group()) this.i++
  }

  /** Skips to the next top-level word among `words`, leaving it next; false at the end. */
  seek(...words: string[]): boolean {
    while (!this.done) {
      const w = this.word()
      if (w !== undefined && words.includes(w)) return true
      this.next()
    }
    return false
  }
}
