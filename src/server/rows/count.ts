/**
 * Row counts for the grid: exact while the relation is small, or when the user asks for the exact number;
 * otherwise past EXACT_COUNT_THRESHOLD never a full count(*), but pg_class.reltuples, or the planner's
 * estimate when filters or an impersonated role's row-level security narrow the rows.
 */
import type { CountResponse } from '../../shared/api'
import { EXACT_COUNT_THRESHOLD } from '../../shared/constants'
import type { Filter } from '../../shared/filters'
import type { Queryable } from '../db/driver'
import type { RowSource } from './source'
import { countRows, explainRows } from './sql'

interface Plan {
  Plan: { 'Plan Rows': number }
}

async function plannerEstimate(db: Queryable, source: RowSource, filters: readonly Filter[]): Promise<number> {
  const { sql, params } = explainRows(source, filters)
  const { rows } = await db.query<{ 'QUERY PLAN': Plan[] }>(sql, params)
  return Math.round(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0)
}

/** reltuples for an analyzed table or materialized view; otherwise the planner's guess. */
async function sizeEstimate(db: Queryable, source: RowSource): Promise<number> {
  const analyzed = (source.kind === 'r' || source.kind === 'm') && source.reltuples >= 0
  return analyzed ? Math.round(source.reltuples) : plannerEstimate(db, source, [])
}

export interface CountOptions {
  /** an impersonated role's row-level security may hide rows the table's size counts */
  impersonating: boolean
  /** count(*) whatever the size */
  exact: boolean
}

export async function countSource(
  db: Queryable,
  source: RowSource,
  filters: readonly Filter[],
  { impersonating, exact }: CountOptions,
): Promise<CountResponse> {
  if (!exact) {
    const size = await sizeEstimate(db, source)
    if (size >= EXACT_COUNT_THRESHOLD) {
      const count = filters.length || impersonating ? await plannerEstimate(db, source, filters) : size
      return { count, is_estimate: true }
    }
  }
  const { sql, params } = countRows(source, filters)
  const { rows } = await db.query<{ count: string }>(sql, params)
  return { count: Number(rows[0]?.count ?? 0), is_estimate: false }
}
