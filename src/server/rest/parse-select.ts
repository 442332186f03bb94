/**
 * `select=`: columns (`alias:col->a->>b::type`), `*`, aggregates (`count()`, `col.sum()::int`) and embedded
 * resources (`alias:rel!hint!inner(…)`, `...rel(…)`), nested to any depth, as PostgREST 12 reads them.
 */
import type { Aggregate, SelectItem } from './ast'
import { Cursor, isIdentChar } from './parse-cursor'
import { RestError } from './errors'

const AGGREGATES: readonly Aggregate[] = ['sum', 'avg', 'count', 'max', 'min']

export function parseSelect(src: string): SelectItem[] {
  const c = new Cursor(src, 'select parameter')
  const items = forest(c)
  c.end(['","'])
  return items
}

function forest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = []
  c.ws()
  if (c.done || c.peek() === ')') return items
  for (;;) {
    items.push(item(c))
    c.ws()
    if (!c.eat(',')) return items
    c.ws()
  }
}

/** after an item: `)`, `,` or the end */
function itemEnd(c: Cursor) {
  c.ws()
  if (!c.done && c.peek() !== ',' && c.peek() !== ')') c.fail(['")"', '","', 'end of input'])
}

/** a name then `:` (not `::`), else nothing consumed */
function alias(c: Cursor): string | undefined {
  const start = c.pos
  try {
    c.ws()
    const name = c.name()
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++
      c.ws()
      return name
    }
  } catch (e) {
    if (!(e instanceof RestError)) throw e
  }
  c.pos = start
  return undefined
}

/** `::type` (letters, digits, `_`, `$`, blanks) */
function cast(c: Cursor): string | undefined {
  if (!c.eat('::')) return undefined
  const start = c.pos
  while (isIdentChar(c.peek())) c.pos++
  const name = c.src.slice(start, c.pos).trim()
  if (!name) c.fail(['letter or digit'], start)
  return name
}

/** `!hint`, `!inner`, `!left`, up to two of them */
function embedParams(c: Cursor): { hint?: string; inner: boolean } {
  let hint: string | undefined
  let inner = false
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    const n = c.name()
    if (n === 'inner') inner = true
    else if (n !== 'left') hint = hint ?? n
  }
  return hint === undefined ? { inner } : { hint, inner }
}

function embedBody(c: Cursor): SelectItem[] {
  c.expect('(')
  const select = forest(c)
  c.ws()
  c.expect(')', ['","', '")"'])
  return select
}

function item(c: Cursor): SelectItem {
  c.ws()
  if (c.eat('...')) {
    const relation = c.name()
    const params = embedParams(c)
    return { kind: 'embed', relation, ...params, spread: true, select: embedBody(c) }
  }
  if (c.eat('*')) {
    itemEnd(c)
    return { kind: 'star' }
  }
  const as = alias(c)
  const withAlias = as === undefined ? {} : { alias: as }
  if (c.eat('count()')) {
    const aggregateCast = cast(c)
    itemEnd(c)
    return { kind: 'column', field: { name: '*', json: [] }, ...withAlias, aggregate: 'count', ...(aggregateCast ? { aggregateCast } : {}) }
  }
  const name = c.name()
  if (name !== 'count' && (c.peek() === '!' || c.peek() === '(')) {
    const params = embedParams(c)
    if (c.peek() !== '(') c.fail(['"!"', '"("'])
    return { kind: 'embed', relation: name, ...withAlias, ...params, spread: false, select: embedBody(c) }
  }
  const json = c.jsonPath()
  const typ = cast(c)
  let aggregate: Aggregate | undefined
  if (c.peek() === '.') {
    const found = AGGREGATES.find((a) => c.at(`.${a}()`))
    if (!found) c.fail(['aggregate (sum, avg, count, max, min)'], c.pos + 1)
    c.pos += found.length + 3
    aggregate = found
  }
  const aggregateCast = aggregate ? cast(c) : undefined
  if (!aggregate && c.at('::')) c.fail(['letter or digit'])
  itemEnd(c)
  return {
    kind: 'column',
    field: { name, json },
    ...withAlias,
    ...(typ ? { cast: typ } : {}),
    ...(aggregate ? { aggregate } : {}),
    ...(aggregateCast ? { aggregateCast } : {}),
  }
}
