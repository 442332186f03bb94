/**
 * GET tables/summary?schema= (issue 15, Database → Tables): one schema's tables in one query (no query per
 * table), so the page stays quick at thousands of tables. Row counts are the planner's estimate.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaTablesPage, type TableSummary } from '../../shared/contract/pg-meta-tables-page'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'

const SUMMARY_SQL = `
select
  c.oid as id,
  n.nspname as schema,
  c.relname as name,
  d.description as comment,
  c.relrowsecurity as rls_enabled,
  c.relforcerowsecurity as rls_forced,
  greatest(pg_stat_get_live_tuples(c.oid), c.reltuples, 0)::float8 as live_rows_estimate,
  s.bytes::float8 as bytes,
  pg_size_pretty(s.bytes) as size,
  (select count(*) from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)::int as columns_count,
  case c.relkind when 'p' then 'partitioned table' else 'table' end as type
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
cross join lateral (select pg_total_relation_size(c.oid) as bytes) s
left join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = 0
where c.relkind in ('r', 'p') and n.nspname = $1
order by c.relname`

export async function listTableSummaries(db: Driver, schema: string): Promise<TableSummary[]> {
  const { rows } = await db.query<TableSummary>(SUMMARY_SQL, [schema])
  return rows
}

export function databaseTablesRoutes(app: FastifyInstance, db: Driver, _permissions: Permissions): void {
  route(app, pgMetaTablesPage.tableSummaries, ({ query: { schema } }) => listTableSummaries(db, schema))
}
