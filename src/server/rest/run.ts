/**
 * Runs a REST call's statements as its caller, as PostgREST does: one transaction whose role, search_path
 * and request.jwt.claims are set by a single set_config statement (so RLS and auth.uid() see the caller),
 * kept or, with `rollback` (Prefer: tx=rollback), undone after fn has produced its answer.
 */
import type { Impersonation } from '../../shared/api'
import { quoteIdent } from '../../shared/sql-quote'
import type { Driver, Queryable, QueryResult, Statement } from '../db/driver'
import { fromDatabase } from './errors'

class RolledBack<T> {
  constructor(readonly value: T) {}
}

export interface RunOptions {
  /** the schema the request is on first, then the extra search path */
  searchPath: readonly string[]
  /** Prefer: tx=rollback */
  rollback?: boolean
}

/** The statement that makes the transaction the caller's: role, search_path and the JWT's claims, all local. */
function settingsOf(who: Impersonation, opts: RunOptions): Statement {
  const claims: Record<string, unknown> = { ...who.claims, role: who.role }
  return {
    sql: `select set_config('role', $1, true), set_config('search_path', $2, true),
                 set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
                 set_config('request.jwt.claim.role', $1, true)`,
    params: [who.role, opts.searchPath.map(quoteIdent).join(', '), JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  }
}

/**
 * Statements that need nothing from each other, as the caller, in one batch (Driver.batch: one round trip):
 * the settings, then these. Their results, in order. What most calls are: one statement builds the answer.
 */
export async function runStatementsAs(db: Driver, who: Impersonation, opts: RunOptions, statements: readonly Statement[]): Promise<QueryResult[]> {
  try {
    return (await db.batch([settingsOf(who, opts), ...statements], { rollback: opts.rollback })).slice(1)
  } catch (e) {
    throw fromDatabase(e, who.role)
  }
}

/** fn's statements as the caller, when a statement depends on an earlier one's answer. */
export async function runAs<T>(db: Driver, who: Impersonation, opts: RunOptions, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const settings = settingsOf(who, opts)
      await tx.query(settings.sql, settings.params)
      const value = await fn(tx)
      if (opts.rollback) throw new RolledBack(value)
      return value
    })
  } catch (e) {
    if (e instanceof RolledBack) return e.value as T
    throw fromDatabase(e, who.role)
  }
}
