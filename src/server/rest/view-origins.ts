/**
 * Where a view's columns come from, read from its stored query tree (pg_rewrite.ev_action as text): each
 * entry of the top query's target list names the relation (resorigtbl) and column (resorigcol) it is a
 * plain reference to, or 0 when it is computed. This is how a view gets its base table's keys.
 */

export interface ColumnOrigin {
  /** oid of the relation, as text */
  table: string
  column: number
}

/** View column number → its origin, for the columns that are plain references to a relation's column. */
export function viewColumnOrigins(tree: string): Map<number, ColumnOrigin> {
  const found = new Map<number, ColumnOrigin>()
  let depth = 0
  let i = 0
  // the target list of the outermost query: braces depth 1, the token `:targetList`
  let inTargets = false
  let entry: { resno?: number; table?: string; column?: number; junk?: boolean } | null = null
  let parenAtTargets = -1
  let parens = 0
  const readToken = (): string => {
    let j = i
    while (j < tree.length && !/[\s(){}]/.test(tree[j]!)) j += tree[j] === '\\' ? 2 : 1
    const t = tree.slice(i, j)
    i = j
    return t
  }
  while (i < tree.length) {
    const ch = tree[i]
    if (ch === '\\') {
      i += 2
      continue
    }
    if (ch === '"') {
      i++
      while (i < tree.length && tree[i] !== '"') i += tree[i] === '\\' ? 2 : 1
      i++
      continue
    }
    if (ch === '{') {
      depth++
      i++
      if (inTargets && depth === 2) {
        const name = readToken()
        entry = name === 'TARGETENTRY' ? {} : null
      }
      continue
    }
    if (ch === '}') {
      if (inTargets && depth === 2 && entry) {
        if (entry.resno && entry.table && entry.table !== '0' && entry.column && !entry.junk) {
          found.set(entry.resno, { table: entry.table, column: entry.column })
        }
        entry = null
      }
      depth--
      i++
      if (depth === 0) break
      continue
    }
    if (ch === '(') {
      parens++
      i++
      continue
    }
    if (ch === ')') {
      parens--
      i++
      if (inTargets && parens === parenAtTargets) {
        inTargets = false
        break
      }
      continue
    }
    if (ch === ':') {
      i++
      const key = readToken()
      if (depth === 1 && key === 'targetList') {
        while (tree[i] === ' ') i++
        if (tree[i] === '(') {
          parenAtTargets = parens
          inTargets = true
        }
        continue
      }
      if (inTargets && depth === 2 && entry) {
        while (tree[i] === ' ') i++
        const value = readToken()
        if (key === 'resno') entry.resno = Number(value)
        else if (key === 'resorigtbl') entry.table = value
        else if (key === 'resorigcol') entry.column = Number(value)
        else if (key === 'resjunk') entry.junk = value === 'true'
      }
      continue
    }
    i++
  }
  return found
}
