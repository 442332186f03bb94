/** One relation of any kind, looked up by oid: what the grid and the row endpoints need to know. */
import type { EntityType } from '../../shared/constants'
import type { Queryable } from '../db/driver'
import { notFound } from '../errors'

export interface Relation {
  id: number
  schema: string
  name: string
  type: EntityType
  comment: string | null
  rls_enabled: boolean
  /** rows can be inserted, updated and deleted (always for tables) */
  writable: boolean
  /** pg_class.reltuples: -1 when never analyzed */
  reltuples: number
}

const RELATION_SQL = `
select
  c.oid as id,
  n.nspname as schema,
  c.relname as name,
  case c.relkind when 'r' then 'table' when 'p' then 'partitioned table' when 'v' then 'view'
    when 'm' then 'materialized view' when 'f' then 'foreign table' end as type,
  obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls_enabled,
  c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid, false) & 28 = 28 as writable,
  c.reltuples::float8 as reltuples
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.oid = $1::oid and c.relkind in ('r', 'p', 'v', 'm', 'f')`

export async function findRelation(db: Queryable, id: number): Promise<Relation> {
  const relation = (await db.query<Relation>(RELATION_SQL, [id])).rows[0]
  if (!relation) throw notFound(`Table ${id} not found`)
  return relation
}
