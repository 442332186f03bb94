/**
 * EXPLAIN (ANALYZE, FORMAT TEXT) of one statement from the SQL editor. ANALYZE runs the statement, so it
 * runs inside BEGIN … ROLLBACK in one script: an INSERT, UPDATE or DELETE explained this way keeps nothing
 * (sequences still advance, as they do in any rolled-back transaction). A statement that is an EXPLAIN
 * already runs as written, inside the same transaction.
 */
import { MSG } from '../../shared/messages'
import { isWord, statements } from '../../shared/sql/statements'
import type { Impersonation } from '../../shared/api'
import type { Driver } from '../db/driver'
import { badRequest, isDatabaseError } from '../errors'

const codePoints = (s: string) => [...s].length

export interface ExplainRequest {
  query: string
  impersonate?: Impersonation
  signal?: AbortSignal
}

/** The plan's lines. A database error keeps its position, counted in `query`. */
export async function explainStatement(db: Driver, { query, impersonate, signal }: ExplainRequest): Promise<string[]> {
  const found = statements(query)
  const statement = found[0]
  if (found.length !== 1 || !statement) throw badRequest(MSG.sqlExplainOneStatement)
  const from = statement[0]!.start
  const text = query.slice(from, statement.at(-1)!.end)
  const prefix = isWord(statement[0], 'explain') ? 'begin;\n' : 'begin;\nexplain (analyze, format text) '
  // the statement's own line comment cannot swallow the rollback: it goes on a line of its own
  const script = `${prefix}${text}\n;rollback`
  let results
  try {
    results = await db.script(script, { impersonate, signal })
  } catch (e) {
    if (isDatabaseError(e) && e.position !== undefined) {
      const position = Number(e.position) - codePoints(prefix) + codePoints(query.slice(0, from))
      e.position = position > codePoints(query.slice(0, from)) ? position : undefined
    }
    throw e
  }
  const plan = results.find((r) => r.command === 'EXPLAIN') ?? results[1]
  const column = plan?.fields[0]?.name
  return column ? (plan?.rows ?? []).map((row) => String(row[column] ?? '')) : []
}
