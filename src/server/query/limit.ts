/**
 * The SQL editor's row limit, applied by the database rather than by cutting a result the server holds:
 * every statement of the script that a cursor can read (SELECT, VALUES, TABLE, a WITH that only reads)
 * becomes, in the same script and the same place,
 *
 *   declare studio_rows_N no scroll cursor for <the statement>
 *   ;fetch <limit + 1> from studio_rows_N;close studio_rows_N
 *
 * A script sent as one query string runs as one implicit transaction block (PostgreSQL and PGlite alike),
 * so the cursor needs no BEGIN of its own, and an explicit BEGIN … COMMIT of the script keeps working; the
 * database computes only the rows fetched (and plans for the first rows: cursor_tuple_fraction). The one
 * row past the limit says that more exist. Any other statement (writes, SELECT INTO, data-modifying WITH,
 * EXPLAIN, SHOW…) runs as written and answers whole.
 *
 * Positions in the database's errors count in the text that ran; `originalPosition` maps them back.
 */
import type { QueryResult } from '../db/driver'
import { isWord, statements } from '../../shared/sql/statements'
import type { Token } from '../../shared/sql/tokens'

/** What one statement of the script became: a cursor read (its place in the script, UTF-16 offsets), or itself. */
type Planned = { kind: 'cursor'; from: number; to: number } | { kind: 'plain' }

export interface LimitedScript {
  /** the script to run */
  sql: string
  /** one entry per statement, in order */
  plan: Planned[]
  limit: number
  /** a 1-based code-point position in `sql` as the same in the script as written */
  originalPosition(position: number): number
}

const READS = new Set(['select', 'values', 'table', 'with'])
/** A WITH holding a data-modifying CTE (or a main statement that writes) cannot be a cursor's query. */
const WRITES = new Set(['insert', 'update', 'delete', 'merge'])

/** Whether DECLARE … CURSOR FOR accepts the statement: a query that only reads and creates nothing (SELECT INTO). */
export function isCursorQuery(statement: readonly Token[]): boolean {
  const first = statement.find((t) => t.kind !== 'symbol' || t.text !== '(')
  if (!first || first.kind !== 'word' || !READS.has(first.text)) return false
  if (statement.some((t) => isWord(t, 'into'))) return false
  return !(isWord(first, 'with') && statement.some((t) => t.kind === 'word' && WRITES.has(t.text)))
}

const codePoints = (s: string) => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** The script with every cursor-readable statement read through a cursor of `limit + 1` rows. */
export function limitScript(script: string, limit: number): LimitedScript {
  const parts: string[] = []
  /** what was inserted: where (code points in the script as written) and how long (ASCII: code points) */
  const inserted: { at: number; length: number }[] = []
  const plan: Planned[] = []
  let copied = 0
  let copiedPoints = 0
  const copyTo = (offset: number) => {
    const text = script.slice(copied, offset)
    parts.push(text)
    copiedPoints += codePoints(text)
    copied = offset
  }
  const insert = (text: string) => {
    parts.push(text)
    inserted.push({ at: copiedPoints, length: text.length })
  }
  statements(script).forEach((statement) => {
    if (!isCursorQuery(statement)) {
      plan.push({ kind: 'plain' })
      return
    }
    const from = statement[0]!.start
    const to = statement.at(-1)!.end
    const cursor = `studio_rows_${plan.length}`
    copyTo(from)
    insert(`declare ${cursor} no scroll cursor for `)
    copyTo(to)
    // on a line of its own: a line comment after the statement cannot swallow it
    insert(`\n;fetch ${limit + 1} from ${cursor};close ${cursor}`)
    plan.push({ kind: 'cursor', from, to })
  })
  copyTo(script.length)
  return {
    sql: parts.join(''),
    plan,
    limit,
    originalPosition(position) {
      let shift = 0
      for (const { at, length } of inserted) {
        const start = at + shift // where the insertion starts in the text that ran (0-based)
        if (position - 1 < start) break
        if (position - 1 < start + length) return at + 1
        shift += length
      }
      return position - shift
    },
  }
}

/** A statement's rows as the editor shows them: at most `limit`, saying whether more exist and where the statement is. */
export interface LimitedResult extends QueryResult {
  truncated?: boolean
  statement?: { from: number; to: number }
}

/**
 * The results of the limited script as the script as written would give them: each cursor's DECLARE,
 * FETCH and CLOSE become one SELECT result of at most `limit` rows. Should the results not line up with
 * the plan (a statement the splitter read otherwise than the server), they are answered as they came.
 */
export function limitedResults(limited: LimitedScript, results: readonly QueryResult[]): LimitedResult[] {
  const out: LimitedResult[] = []
  let k = 0
  for (const step of limited.plan) {
    if (step.kind === 'plain') {
      const r = results[k++]
      if (!r) return [...results]
      out.push(r)
      continue
    }
    const [declare, fetch, close] = results.slice(k, k + 3)
    if (declare?.command !== 'DECLARE' || fetch?.command !== 'FETCH' || close?.command !== 'CLOSE') return [...results]
    k += 3
    const truncated = fetch.rows.length > limited.limit
    const rows = truncated ? fetch.rows.slice(0, limited.limit) : fetch.rows
    out.push({ command: 'SELECT', fields: fetch.fields, rows, rowCount: rows.length, truncated, statement: { from: step.from, to: step.to } })
  }
  return k === results.length ? out : [...results]
}
