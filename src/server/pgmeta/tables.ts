/** Tables (plain and partitioned) with their keys, relationships and optionally columns. */
import type { Table } from '../../shared/api'
import type { Queryable } from '../db/driver'
import { columnsOf } from './columns'
import { primaryKeysOf, relationshipsOf } from './keys'
import { schemaCondition, type SchemaFilter } from './schemas'

export interface TablesFilter extends SchemaFilter {
  id?: number
  include_columns?: boolean
}

const tablesSql = (schemas: string) => `
select
  c.oid as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls_enabled,
  c.relforcerowsecurity as rls_forced,
  greatest(pg_stat_get_live_tuples(c.oid), c.reltuples, 0)::float8 as live_rows_estimate,
  pg_total_relation_size(c.oid)::float8 as bytes,
  pg_size_pretty(pg_total_relation_size(c.oid)) as size
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and ($1::oid is null or c.oid = $1::oid) and ${schemas}
order by n.nspname, c.relname`

export async function listTables(db: Queryable, filter: TablesFilter): Promise<Table[]> {
  const schemas = schemaCondition(filter, 2)
  const { rows } = await db.query<Table>(tablesSql(schemas.sql), [filter.id ?? null, ...schemas.params])
  const ids = rows.map((t) => t.id)
  const [keys, relationships, columns] = await Promise.all([
    primaryKeysOf(db, ids),
    relationshipsOf(db, ids),
    filter.include_columns ? columnsOf(db, ids) : undefined,
  ])
  return rows.map((t) => ({
    ...t,
    primary_keys: keys.get(t.id) ?? [],
    relationships: relationships.get(t.id) ?? [],
    ...(columns ? { columns: columns.get(t.id) ?? [] } : {}),
  }))
}
