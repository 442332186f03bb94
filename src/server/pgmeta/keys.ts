/** Primary keys and foreign-key relationships of tables. */
import type { PrimaryKey, Relationship } from '../../shared/api'
import type { Queryable } from '../db/driver'

const PRIMARY_KEYS_SQL = `
select n.nspname as schema, c.relname as table_name, a.attname as name, c.oid as table_id
from pg_index i
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
where i.indisprimary and c.oid = any($1::oid[])
order by c.oid, k.position`

const ACTIONS = `case %s when 'a' then 'NO ACTION' when 'r' then 'RESTRICT' when 'c' then 'CASCADE'
  when 'n' then 'SET NULL' when 'd' then 'SET DEFAULT' end`

/** Foreign keys where the relation is the source or the target, one row per column pair. */
const RELATIONSHIPS_SQL = `
select
  k.oid as id,
  k.conname as constraint_name,
  sc.oid as source_table_id,
  sn.nspname as source_schema,
  sc.relname as source_table_name,
  sa.attname as source_column_name,
  tn.nspname as target_table_schema,
  tc.relname as target_table_name,
  ta.attname as target_column_name,
  tc.oid as target_table_id,
  ${ACTIONS.replace('%s', 'k.confdeltype')} as deletion_action,
  ${ACTIONS.replace('%s', 'k.confupdtype')} as update_action
from pg_constraint k
cross join lateral unnest(k.conkey, k.confkey) with ordinality as cols(source, target, position)
join pg_class sc on sc.oid = k.conrelid
join pg_namespace sn on sn.oid = sc.relnamespace
join pg_attribute sa on sa.attrelid = sc.oid and sa.attnum = cols.source
join pg_class tc on tc.oid = k.confrelid
join pg_namespace tn on tn.oid = tc.relnamespace
join pg_attribute ta on ta.attrelid = tc.oid and ta.attnum = cols.target
where k.contype = 'f' and (k.conrelid = any($1::oid[]) or k.confrelid = any($1::oid[]))
order by k.conname, cols.position`

function group<T>(ids: readonly number[], rows: T[], idsOf: (row: T) => number[]): Map<number, T[]> {
  const byId = new Map<number, T[]>(ids.map((id) => [id, []]))
  for (const row of rows) for (const id of new Set(idsOf(row))) byId.get(id)?.push(row)
  return byId
}

export async function primaryKeysOf(db: Queryable, ids: readonly number[]) {
  const { rows } = await db.query<PrimaryKey>(PRIMARY_KEYS_SQL, [ids.map(String)])
  return group(ids, rows, (k) => [k.table_id])
}

export async function relationshipsOf(db: Queryable, ids: readonly number[]) {
  const { rows } = await db.query<Relationship>(RELATIONSHIPS_SQL, [ids.map(String)])
  return group(ids, rows, (r) => [r.source_table_id, r.target_table_id ?? 0])
}
