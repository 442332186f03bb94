/**
 * Filters (`col=not.eq(any).{1,2}`), logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`), order terms and the
 * query keys that name where they apply (`actors.first_name`, `actors.not.or`), as PostgREST 12 reads them.
 */
import type { Condition, EmbedPath, Field, FilterNode, FilterOp, Logic, OrderTerm } from './ast'
import { Cursor, isIdentChar } from './parse-cursor'

const OPS = new Set<FilterOp>([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj',
])
const QUANTIFIABLE = new Set<FilterOp>(['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'])
const FTS = new Set<FilterOp>(['fts', 'plfts', 'phfts', 'wfts'])
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown']
const OPERATOR = 'operator (eq, gt, ...)'

const likeWildcards = (op: FilterOp, s: string) => (op === 'like' || op === 'ilike' ? s.replaceAll('*', '%') : s)

/** `"…"` if a `,`, `)` or the end follows it, else the raw text up to `,` or `)` */
function listItem(c: Cursor): string {
  if (c.peek() === '"') {
    const start = c.pos
    const text = c.quoted()
    if (c.done || c.peek() === ',' || c.peek() === ')') return text
    c.pos = start
  }
  const start = c.pos
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++
  return c.src.slice(start, c.pos)
}

/** `(a,"b,c",d)`; `()` is the empty list */
function list(c: Cursor): string[] {
  c.ws()
  c.expect('(')
  const items: string[] = []
  if (c.peek() !== ')') {
    items.push(listItem(c))
    while (c.eat(',')) items.push(listItem(c))
  }
  c.ws()
  c.expect(')', ['","', '")"'])
  c.ws()
  return items
}

/** the items of a Postgres array literal `{a,"b,c",d}` (the operand of `eq(any)`…); `at` is where it starts */
function arrayItems(c: Cursor, text: string, at: number): string[] {
  const a = new Cursor(text, c.what)
  const fail = (expecting: string[]): never => c.fail(expecting, at + a.pos)
  a.ws()
  if (!a.eat('{')) fail(['"{"'])
  const items: string[] = []
  a.ws()
  if (!a.eat('}')) {
    for (;;) {
      a.ws()
      if (a.peek() === '"') {
        try {
          items.push(a.quoted())
        } catch {
          fail(['"\\""'])
        }
      } else {
        const start = a.pos
        while (!a.done && !',}{"'.includes(a.peek()!)) a.pos++
        const item = a.src.slice(start, a.pos).trim()
        if (!item) fail(['array element'])
        items.push(item)
      }
      a.ws()
      if (a.eat(',')) continue
      if (a.eat('}')) break
      fail(['","', '"}"'])
    }
  }
  a.ws()
  if (!a.done) fail(['end of input'])
  return items
}

/** a value inside a logic tree: `"quoted"`, `{a,b}`, or the text up to `,` or `)` */
function logicValue(c: Cursor): string {
  if (c.peek() === '"') return listItem(c)
  if (c.peek() === '{') {
    const close = c.src.indexOf('}', c.pos)
    const open = c.src.indexOf('{', c.pos + 1)
    if (close !== -1 && (open === -1 || open > close)) {
      const text = c.src.slice(c.pos, close + 1)
      c.pos = close + 1
      return text
    }
  }
  return listItem(c)
}

/**
 * `[not.]op[(any|all)|(lang)].value` after a field. At the top level the value is the rest of the text;
 * inside a logic tree it ends at `,` or `)` (or is quoted).
 */
export function opExpr(c: Cursor, field: Field, inTree: boolean): Condition {
  const negate = c.eat('not.')
  const opStart = c.pos
  const word = /^[a-z]*/.exec(c.src.slice(c.pos))![0] as FilterOp
  if (!OPS.has(word)) c.fail(negate ? [OPERATOR] : ['"not"', OPERATOR], opStart)
  c.pos += word.length
  const op = word
  let quantifier: Condition['quantifier']
  let language: string | undefined
  if (QUANTIFIABLE.has(op) && (c.at('(any)') || c.at('(all)'))) {
    quantifier = c.at('(any)') ? 'any' : 'all'
    c.pos += 5
  } else if (FTS.has(op) && c.peek() === '(') {
    c.pos++
    const start = c.pos
    while (isIdentChar(c.peek())) c.pos++
    language = c.src.slice(start, c.pos).trim()
    if (!language) c.fail([OPERATOR], start)
    c.expect(')')
  }
  c.expect('.', ['delimiter (.)'])
  const base = { kind: 'condition' as const, field, negate, op }
  if (op === 'in') {
    const value = list(c)
    if (!inTree) c.end()
    return { ...base, value }
  }
  if (op === 'is') {
    const start = c.pos
    const word = /^[A-Za-z_]*/.exec(c.src.slice(c.pos))![0]
    const value = word.toLowerCase()
    if (!IS_VALUES.includes(value)) c.fail(['null or trilean value (unknown, true, false)'], start)
    c.pos += word.length
    if (!inTree) c.end()
    return { ...base, value }
  }
  const at = c.pos
  const text = inTree ? logicValue(c) : c.rest()
  if (quantifier) {
    return { ...base, value: arrayItems(c, text, at).map((v) => likeWildcards(op, v)), quantifier }
  }
  return { ...base, value: likeWildcards(op, text), ...(language ? { language } : {}) }
}

/** `(cond, and(…), not.or(…))`: the children of a logic tree */
function children(c: Cursor): FilterNode[] {
  c.ws()
  c.expect('(')
  const nodes: FilterNode[] = []
  for (;;) {
    nodes.push(treeNode(c))
    c.ws()
    if (!c.eat(',')) break
  }
  c.expect(')', ['","', '")"'])
  c.ws()
  return nodes
}

function treeNode(c: Cursor): FilterNode {
  c.ws()
  const m = /^(not\.)?(and|or)[ \t]*\(/.exec(c.src.slice(c.pos))
  if (m) {
    c.pos += m[0].length - 1
    return { kind: 'logic', op: m[2] as 'and' | 'or', negate: !!m[1], children: children(c) }
  }
  const field = c.field()
  c.expect('.', ['delimiter (.)'])
  return opExpr(c, field, true)
}

/** the value of `or=`/`and=` (`(a.eq.1,b.eq.2)`) */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, value: string): Logic {
  const c = new Cursor(value, 'logic tree')
  const nodes = children(c)
  c.end()
  return { kind: 'logic', op, negate, children: nodes }
}

/** a filter's value (`not.eq.1`) */
export function parseFilterValue(field: Field, value: string): Condition {
  return opExpr(new Cursor(value, 'filter'), field, false)
}

/** a filter, order or limit key: `col`, `col->a`, `embed.col`, `embed.order` */
export function parseTreePath(key: string): { path: EmbedPath; field: Field } {
  const c = new Cursor(key, 'tree path')
  const names = [c.name()]
  while (c.eat('.')) names.push(c.name())
  const json = c.jsonPath()
  c.end(['delimiter (.)', '"->"', '"->>"'])
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, json } }
}

/** the key of a logic tree: `or`, `not.and`, `actors.or`, `actors.not.or` */
export function parseLogicPath(key: string): { path: EmbedPath; op: 'and' | 'or'; negate: boolean } {
  const c = new Cursor(key, 'logic path')
  const names = [c.name()]
  while (c.eat('.')) names.push(c.name())
  c.end(['delimiter (.)'])
  const init = names.slice(0, -1)
  return { path: init.filter((n) => n !== 'not'), op: names[names.length - 1] as 'and' | 'or', negate: init.includes('not') }
}

/** `order=a.desc.nullslast,b,rel(col).asc` */
export function parseOrder(value: string): OrderTerm[] {
  const c = new Cursor(value, 'order')
  const terms: OrderTerm[] = []
  for (;;) {
    c.ws()
    const name = c.name()
    let term: OrderTerm
    if (c.peek() === '(') {
      c.pos++
      const field = c.field()
      c.expect(')')
      term = { relation: name, field }
    } else term = { field: { name, json: c.jsonPath() } }
    c.ws()
    if (c.at('.asc') || c.at('.desc')) {
      term.direction = c.at('.asc') ? 'asc' : 'desc'
      c.pos += term.direction.length + 1
      if (c.peek() === '.' && !c.at('.nullsfirst') && !c.at('.nullslast')) c.fail(['"nullsfirst"', '"nullslast"'], c.pos + 1)
    }
    if (c.at('.nullsfirst') || c.at('.nullslast')) {
      term.nulls = c.at('.nullsfirst') ? 'first' : 'last'
      c.pos += term.nulls.length + 6
    }
    if (c.peek() === '.' && term.direction === undefined && term.nulls === undefined) {
      c.fail(['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'], c.pos + 1)
    }
    c.ws()
    terms.push(term)
    if (c.eat(',')) continue
    c.end(['delimiter (.)', '","'])
    return terms
  }
}

/** `columns=a,b` and `on_conflict=a,b` */
export function parseNames(value: string, what: string): string[] {
  const c = new Cursor(value, what)
  const names: string[] = []
  for (;;) {
    c.ws()
    names.push(c.name())
    c.ws()
    if (!c.eat(',')) break
  }
  c.end(['","'])
  return names
}
