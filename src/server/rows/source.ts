/** What the row queries need to know about a relation, in one catalog round trip. */
import type { Queryable } from '../db/driver'
import { notFound } from '../errors'
import type { EntityType } from '../../shared/constants'
import { ENTITY_TYPE_SQL, WRITABLE_SQL, refuseReadOnly } from '../pgmeta/relation'

export interface SourceColumn {
  name: string
  /** base type name (a domain's base), e.g. 'text', 'jsonb', '_int4' */
  type: string
  /** pg_type.typcategory: 'S' string, 'N' numeric, 'A' array, 'U' user-defined (json, bytea…) … */
  category: string
  /** the column's type as SQL, without modifiers, e.g. 'integer', 'character varying[]', 'public.mood' */
  sqlType: string
  /** a generated column (GENERATED ALWAYS AS … STORED) */
  generated: boolean
  /** pg_attribute.attidentity: 'a' generated always, 'd' by default, '' not an identity */
  identity: '' | 'a' | 'd'
  /** may be given a new value by UPDATE */
  updatable: boolean
}

export interface RowSource {
  id: number
  schema: string
  name: string
  /** pg_class.relkind: r table, p partitioned table, v view, m materialized view, f foreign table */
  kind: string
  type: EntityType
  /** pg_class.reltuples: the planner's row estimate, -1 when never analyzed */
  reltuples: number
  /** rows can be inserted, updated and deleted (see WRITABLE_SQL) */
  writable: boolean
  columns: SourceColumn[]
  /** primary key column names, in key order; empty when there is none */
  primaryKey: string[]
}

const SOURCE_SQL = `
select
  c.oid as id,
  n.nspname as schema,
  c.relname as name,
  c.relkind::text as kind,
  ${ENTITY_TYPE_SQL} as type,
  c.reltuples::float8 as reltuples,
  ${WRITABLE_SQL} as writable,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', coalesce(bt.typname, t.typname),
      'category', t.typcategory,
      'sqlType', format_type(a.atttypid, null),
      'generated', a.attgenerated <> '',
      'identity', a.attidentity,
      'updatable', a.attgenerated = '' and a.attidentity <> 'a'
        and (c.relkind in ('r', 'p') or pg_column_is_updatable(c.oid, a.attnum, false))
    ) order by a.attnum)
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns,
  array(
    select a.attname::text
    from pg_index i
    cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary
    order by k.position
  ) as "primaryKey"
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.oid = $1::oid and c.relkind in ('r', 'p', 'v', 'm', 'f')`

export async function loadSource(db: Queryable, id: number): Promise<RowSource> {
  const source = (await db.query<RowSource>(SOURCE_SQL, [id])).rows[0]
  if (!source) throw notFound(`Table ${id} not found`)
  return source
}

/** loadSource for a row change: refused for protected schemas (403) and relations whose rows cannot be written (400). */
export async function loadWritableSource(db: Queryable, id: number): Promise<RowSource> {
  const source = await loadSource(db, id)
  refuseReadOnly(source)
  return source
}
