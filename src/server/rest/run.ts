/**
 * Runs a REST call's statements as its caller, as PostgREST does: one transaction whose role, search_path
 * and request.jwt.claims are set by a single set_config statement (so RLS and auth.uid() see the caller),
 * kept or, with `rollback` (Prefer: tx=rollback), undone after fn has produced its answer.
 */
import type { Impersonation } from '../../shared/api'
import { quoteIdent } from '../../shared/sql-quote'
import type { Driver, Queryable } from '../db/driver'
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

export async function runAs<T>(db: Driver, who: Impersonation, opts: RunOptions, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const claims: Record<string, unknown> = { ...who.claims, role: who.role }
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('search_path', $2, true),
                set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
                set_config('request.jwt.claim.role', $1, true)`,
        [who.role, opts.searchPath.map(quoteIdent).join(', '), JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
      )
      const value = await fn(tx)
      if (opts.rollback) throw new RolledBack(value)
      return value
    })
  } catch (e) {
    if (e instanceof RolledBack) return e.value as T
    throw fromDatabase(e, who.role)
  }
}
