/**
 * The query string and Prefer header of a PostgREST request, parsed (see ast.ts) as PostgREST 12 reads them.
 * Anything that cannot be parsed is RestError PGRST100 (400) worded as PostgREST words it; nothing else is
 * ever thrown for any input.
 *
 * Notes for the builders: `select=` (empty) is no columns, an absent select is `*`; `count()` is a column
 * item with field name `*` and aggregate 'count' (as PostgREST represents it); `in.()` is the empty list.
 */
import type { EmbedPath, ParsedQuery } from './ast'
import { RestError, parseError } from './errors'
import { parseFilterValue, parseLogicPath, parseLogicTree, parseNames, parseOrder, parseTreePath } from './parse-filter'
import { parseSelect } from './parse-select'

export { parsePrefer, parseRange } from './parse-prefer'

/** keys that are never filters */
const RESERVED = new Set(['select', 'columns', 'on_conflict'])
/** keys that are never filters, also on an embedded resource (`actors.order`) */
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])

function count(key: string, value: string, which: 'limit' | 'offset'): number {
  if (/^-\d+$/.test(value) && which === 'limit') {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.')
  }
  if (!/^\d+$/.test(value)) throw parseError(`"failed to parse ${key} parameter (${value})"`, `expecting a non-negative integer`)
  return Number(value)
}

/**
 * `query`: the request's query parameters in order (repeated keys kept). `argNames`: for RPC, the function's
 * argument names; those parameters go to `args` instead of being read as filters.
 */
export function parseQuery(query: readonly (readonly [string, string])[], opts?: { argNames?: ReadonlySet<string> }): ParsedQuery {
  const parsed: ParsedQuery = { select: [{ kind: 'star' }], filters: [], order: [], ranges: [], args: Object.create(null) as ParsedQuery['args'] }
  const seen = new Set<string>()
  const ranges = new Map<string, { path: EmbedPath; limit?: number; offset?: number }>()
  for (const [key, value] of query) {
    if (key === '') continue
    if (RESERVED.has(key)) {
      if (seen.has(key)) continue
      seen.add(key)
      if (key === 'select') parsed.select = parseSelect(value)
      else if (key === 'columns') parsed.columns = parseNames(value, 'columns parameter')
      else parsed.onConflict = parseNames(value, 'on_conflict parameter')
      continue
    }
    const last = key.slice(key.lastIndexOf('.') + 1)
    if (RESERVED_EMBEDDABLE.has(last)) {
      if (last === 'and' || last === 'or') {
        const { path, op, negate } = parseLogicPath(key)
        parsed.filters.push({ path, node: parseLogicTree(op, negate, value) })
      } else if (last === 'order') {
        parsed.order.push({ path: parseTreePath(key).path, terms: parseOrder(value) })
      } else {
        const path = parseTreePath(key).path
        const id = JSON.stringify(path)
        const range = ranges.get(id) ?? { path }
        ranges.set(id, range)
        const which = last as 'limit' | 'offset'
        range[which] ??= count(key, value, which)
      }
      continue
    }
    if (opts?.argNames?.has(key)) {
      const prev = parsed.args[key]
      parsed.args[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value]
      continue
    }
    const { path, field } = parseTreePath(key)
    parsed.filters.push({ path, node: parseFilterValue(field, value) })
  }
  parsed.ranges = [...ranges.values()]
  return parsed
}
