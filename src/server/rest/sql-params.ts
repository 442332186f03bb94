/**
 * Bind parameters of one REST statement: every value a client sent reaches the database as `$n`, never
 * as SQL text. Builders share one SqlParams per statement (filters, JSON path keys, RPC arguments…).
 */
import type { Param } from '../db/driver'

export class SqlParams {
  readonly values: Param[] = []

  /** `$n` for `value` (its type inferred by Postgres from where it is used). */
  add(value: Param): string {
    this.values.push(value)
    return `$${this.values.length}`
  }

  /** `$n::type`; `type` must come from the schema cache or be a fixed type name of the builder, never from the client. */
  typed(value: Param, type: string): string {
    return `${this.add(value)}::${type}`
  }
}
