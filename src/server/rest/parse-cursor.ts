/**
 * The reading position in one query-string part, and the lexical pieces PostgREST's grammar shares: field
 * names (quoted or `[letters digits _ $ space]` joined by `-`), JSON paths, quoted values. A failure is
 * PGRST100 worded as PostgREST words it: `"failed to parse <what> (<text>)" (line 1, column N)` with
 * `unexpected "x" expecting …` as details.
 */
import type { Field, JsonStep } from './ast'
import { parseError } from './errors'

const IDENT = /[\p{L}\p{N}_ $]/u
/** a JSON key outside quotes: anything but `(-:.,>)` */
const JSON_KEY = /[^(\-:.,>)]/u
const WS = /[ \t]/

export const isIdentChar = (c: string | undefined) => c !== undefined && IDENT.test(c)

const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`

export class Cursor {
  pos = 0
  constructor(
    readonly src: string,
    /** `select parameter`, `filter`, `logic tree`, `order`… */
    readonly what: string,
  ) {}

  get done() {
    return this.pos >= this.src.length
  }
  peek(n = 0): string | undefined {
    return this.src[this.pos + n]
  }
  at(s: string) {
    return this.src.startsWith(s, this.pos)
  }
  eat(s: string) {
    if (!this.at(s)) return false
    this.pos += s.length
    return true
  }
  expect(s: string, expecting: string[] = [JSON.stringify(s)]) {
    if (!this.eat(s)) this.fail(expecting)
  }
  ws() {
    while (WS.test(this.peek() ?? '')) this.pos++
  }
  rest() {
    const s = this.src.slice(this.pos)
    this.pos = this.src.length
    return s
  }
  end(expecting: string[] = []) {
    if (!this.done) this.fail([...expecting, 'end of input'])
  }

  fail(expecting: string[], at = this.pos): never {
    const c = this.src[at]
    const unexpected = c === undefined ? 'end of input' : JSON.stringify(c)
    throw parseError(
      `"failed to parse ${this.what} (${this.src})" (line 1, column ${at + 1})`,
      `unexpected ${unexpected}${expecting.length ? ` expecting ${listOf(expecting)}` : ''}`,
    )
  }

  /** `"…"` with backslash escapes; the cursor is on the opening quote */
  quoted(): string {
    this.pos++
    let out = ''
    for (;;) {
      const c = this.peek()
      if (c === undefined) this.fail(['"\\""'])
      this.pos++
      if (c === '"') return out
      if (c === '\\') {
        const n = this.peek()
        if (n === undefined) this.fail(['any character'])
        out += n
        this.pos++
      } else out += c
    }
  }

  /** identifier parts joined by `-` (a `-` followed by `>` is an arrow, not part of the name) */
  private dashed(part: RegExp, expecting: string): string {
    const parts: string[] = []
    for (;;) {
      const start = this.pos
      while (!this.done && part.test(this.peek()!) && !(this.peek() === '-')) this.pos++
      const text = this.src.slice(start, this.pos).trim()
      if (text === '') this.fail([expecting], start)
      parts.push(text)
      if (this.peek() === '-' && this.peek(1) !== '>') {
        this.pos++
        continue
      }
      return parts.join('-')
    }
  }

  /** a column, relation, alias or hint name */
  name(): string {
    if (this.peek() === '"') return this.quoted()
    return this.dashed(IDENT, 'field name (* or [a..z0..9_$])')
  }

  /** `->a->>0`… after a name */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = []
    for (;;) {
      let arrow: JsonStep['arrow']
      if (this.eat('->>')) arrow = '->>'
      else if (this.eat('->')) arrow = '->'
      else return steps
      steps.push({ arrow, key: this.jsonOperand() })
    }
  }

  private jsonOperand(): string | number {
    const m = /^-?\d+/.exec(this.src.slice(this.pos))
    if (m) {
      const after = this.pos + m[0].length
      const rest = this.src.slice(after)
      if (rest === '' || /^(->|::|\.|,)/.test(rest)) {
        this.pos = after
        return Number(m[0])
      }
      if (m[0].startsWith('-')) this.fail(['digit', '"->"', '"::"', '"."', '","', 'end of input'], after)
    }
    if (this.peek() === '-') this.fail(['digit'], this.pos + 1)
    if (this.peek() === '"') return this.quoted()
    return this.dashed(JSON_KEY, 'any non reserved character different from: .,>()')
  }

  /** a name and its JSON path, with blanks around */
  field(): Field {
    this.ws()
    const name = this.name()
    const json = this.jsonPath()
    this.ws()
    return { name, json }
  }
}
