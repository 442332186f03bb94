/**
 * The one small interface the server talks to a project database through: embedded PGlite or a
 * PostgreSQL server. Both return the same JS values for the same data (see values.ts).
 */
import type { Impersonation, Row } from '../../shared/api'
import { DB_STATEMENT_TIMEOUT_MS, DB_WAIT_TIMEOUT_MS } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import { quoteIdent } from '../../shared/sql-quote'
import { serviceUnavailable } from '../errors'
import type { Field } from './values'

/** How long a call may wait for the database and run on it; tests set small values. */
export interface DriverOptions {
  /** A call that waits longer than this for its turn (PGlite) or a connection (PostgreSQL) fails with 503. */
  waitTimeoutMs?: number
  /** PostgreSQL: statement_timeout of the pool's sessions (SQL-editor scripts run without one). */
  statementTimeoutMs?: number
}

export const driverDefaults = (o: DriverOptions = {}) => ({
  waitTimeoutMs: o.waitTimeoutMs ?? DB_WAIT_TIMEOUT_MS,
  statementTimeoutMs: o.statementTimeoutMs ?? DB_STATEMENT_TIMEOUT_MS,
})

/** The 503 for a call that waited waitTimeoutMs without getting the database. */
export const databaseBusy = (waitTimeoutMs: number) => serviceUnavailable(MSG.databaseBusy(Math.round(waitTimeoutMs / 100) / 10))

/** A script stopped by its signal, as Postgres words it (SQLSTATE 57014), so it answers like a database error. */
export function queryCancelled(): Error {
  return Object.assign(new Error(MSG.queryCancelled), { code: '57014', severity: 'ERROR' })
}

/**
 * Bind parameters: text (Postgres casts it to the parameter's type), numbers, booleans, lists of text
 * (sent as a Postgres array) or null.
 */
export type Param = string | number | boolean | null | readonly string[]

/** Both drivers send every parameter as text, the same way. */
export function serializeParam(p: Param): string | null {
  if (p === null || typeof p !== 'object') return p === null ? null : String(p)
  return `{${p.map((s) => `"${s.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`
}

export interface QueryResult<R = Row> {
  rows: R[]
  fields: Field[]
  rowCount: number
  /** the command tag, e.g. 'SELECT', 'INSERT' */
  command: string
}

export interface Queryable {
  query<R = Row>(sql: string, params?: readonly Param[]): Promise<QueryResult<R>>
  /** Runs several statements (no parameters); one result per statement. */
  exec(sql: string): Promise<QueryResult[]>
}

/** A transaction that can also bulk-load rows (see Driver.copyTransaction). */
export interface CopyQueryable extends Queryable {
  /**
   * `copy <into> from … with (<options>)` over the bytes of `data`: streamed to COPY … FROM STDIN on
   * PostgreSQL, handed whole to PGlite as its /dev/blob. Resolves with the rows loaded; a refused row
   * rejects with the database's error, whose `where` names its line in `data` (`COPY t, line 3, …`).
   */
  copyFrom(into: string, options: string, data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number>
}

export interface Driver extends Queryable {
  kind: 'pglite' | 'postgres'
  /** Runs fn on one connection inside BEGIN … COMMIT (ROLLBACK when fn throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** transaction, whose tx can also COPY rows in (imports): all of it is kept, or none. */
  copyTransaction<T>(fn: (tx: CopyQueryable) => Promise<T>): Promise<T>
  /**
   * Runs fn as the database's own user, or, when impersonating, inside a transaction after SET LOCAL ROLE and the request's JWT claims
   * (request.jwt.claims, plus request.jwt.claim.sub and .role as older policies read them).
   */
  withRole<T>(impersonation: Impersonation | undefined, fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Runs a user's SQL script (the SQL editor), then puts the session back as a new one would be: an
   * unfinished transaction is rolled back and SET, SET ROLE and the like are undone, so the next caller
   * never inherits them. Every statement's result, in order.
   */
  script(sql: string, options?: ScriptOptions): Promise<QueryResult[]>
  /**
   * Statements that need nothing from each other's answers, in one transaction sent at once: one round trip on
   * PostgreSQL (a pipelined session), one call to PGlite's worker. BEGIN, each statement in order, then COMMIT
   * (ROLLBACK with `rollback`). The first statement that fails rejects with its error, and nothing is kept.
   * Every statement's result, in order. (The Data API runs each read as one batch: its role settings, then
   * its statement.)
   */
  batch(statements: readonly Statement[], options?: { rollback?: boolean }): Promise<QueryResult[]>
  close(): Promise<void>
}

/** One statement of a batch: SQL and its bind parameters. */
export interface Statement {
  sql: string
  params?: readonly Param[]
}

export interface ScriptOptions {
  /**
   * Run the script as this role with these claims: SET SESSION ROLE and session claims before it (not SET
   * LOCAL in a wrapping transaction, so the script's own BEGIN and COMMIT work); the reset undoes them.
   */
  impersonate?: Impersonation
  /**
   * Aborting stops the script, queued or running, and it rejects with queryCancelled() (PostgreSQL: its own
   * 57014 error, through pg_cancel_backend; PGlite: its worker is ended and opened again).
   */
  signal?: AbortSignal
}

/** What a driver's script() does on its connection before the script itself. */
export async function prepareScript(connection: Queryable, { impersonate: who }: ScriptOptions): Promise<void> {
  if (who) await impersonate(connection, who, 'session')
}

/** Session settings both drivers use, so dates and intervals print the same way. */
export const SESSION_SETTINGS = { TimeZone: 'UTC', DateStyle: 'ISO, MDY', IntervalStyle: 'postgres' } as const

/** SET ROLE and the request's JWT claims, for the rest of the transaction `tx` (local) or of the session. */
export async function impersonate(tx: Queryable, who: Impersonation, scope: 'local' | 'session' = 'local'): Promise<void> {
  const claims: Record<string, unknown> = { role: who.role, ...who.claims }
  const local = scope === 'local'
  await tx.query(`set ${scope} role ${quoteIdent(who.role)}`)
  await tx.query(
    `select set_config('request.jwt.claims', $1, $4), set_config('request.jwt.claim.sub', $2, $4),
            set_config('request.jwt.claim.role', $3, $4)`,
    [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', String(claims.role), local],
  )
}

/** fn inside one transaction, as the impersonated role when there is one: for work that must happen whole. */
export function transactionAs<T>(db: Driver, who: Impersonation | undefined, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (who) await impersonate(tx, who)
    return fn(tx)
  })
}

/**
 * withRole, for a driver: impersonation needs a transaction (SET LOCAL); plain reads run straight on the
 * driver, which saves the BEGIN and COMMIT round trips on every grid page.
 */
export function withRoleVia(transaction: Driver['transaction'], plain: Queryable): Driver['withRole'] {
  return (impersonation, fn) =>
    impersonation
      ? transaction(async (tx) => {
          await impersonate(tx, impersonation)
          return fn(tx)
        })
      : fn(plain)
}
