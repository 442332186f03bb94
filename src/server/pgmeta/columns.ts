/** Columns of relations, in the Column shape of src/shared/api.ts. */
import type { Column } from '../../shared/api'
import type { Queryable } from '../db/driver'

const COLUMNS_SQL = `
select
  c.oid::int8::text || '.' || a.attnum as id,
  c.oid as table_id,
  n.nspname as schema,
  c.relname as table,
  a.attname as name,
  a.attnum::int4 as ordinal_position,
  case
    when coalesce(bt.typelem, t.typelem) <> 0 and coalesce(bt.typlen, t.typlen) = -1 then 'ARRAY'
    when coalesce(bt.typnamespace, t.typnamespace) = 'pg_catalog'::regnamespace
      then format_type(coalesce(bt.oid, t.oid), null)
    else 'USER-DEFINED'
  end as data_type,
  coalesce(bt.typname, t.typname) as format,
  case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_value,
  a.attidentity in ('a', 'd') as is_identity,
  case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
  a.attgenerated <> '' as is_generated,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
  a.attgenerated = '' and (c.relkind in ('r', 'p')
    or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false))) as is_updatable,
  exists (
    select from pg_index i
    where i.indrelid = c.oid and i.indisunique and i.indnkeyatts = 1 and i.indkey[0] = a.attnum
      and i.indpred is null
  ) as is_unique,
  array(
    select e.enumlabel from pg_enum e
    where e.enumtypid = coalesce(bt.oid, t.oid) or e.enumtypid = coalesce(bt.typelem, t.typelem)
    order by e.enumsortorder
  ) as enums,
  (
    select regexp_replace(pg_get_constraintdef(k.oid, true), '^CHECK \\((.*)\\)( NOT VALID)?$', '\\1')
    from pg_constraint k
    where k.conrelid = c.oid and k.contype = 'c' and k.conkey = array[a.attnum]
    order by k.conname limit 1
  ) as check,
  col_description(c.oid, a.attnum) as comment
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where c.oid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
order by c.oid, a.attnum`

/** The columns of the given relations, grouped by relation id. */
export async function columnsOf(db: Queryable, ids: readonly number[]): Promise<Map<number, Column[]>> {
  const byTable = new Map<number, Column[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return byTable
  const { rows } = await db.query<Column>(COLUMNS_SQL, [ids.map(String)])
  for (const column of rows) byTable.get(column.table_id)?.push(column)
  return byTable
}
