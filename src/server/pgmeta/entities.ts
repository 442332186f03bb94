/** The table editor's list: relations of one schema, searched, sorted and paged. */
import type { EntitiesResponse } from '../../shared/api'
import { ENTITY_TYPES, type TableListSort } from '../../shared/constants'
import type { Queryable } from '../db/driver'

export interface EntitiesFilter {
  schema: string
  search?: string
  sort: TableListSort
  limit: number
  offset: number
}

/** 'grouped-alphabetical' orders by entity type (in ENTITY_TYPES order), then name. */
const ENTITIES_SQL = `
with entity as (
  select
    c.oid::int8 as id,
    n.nspname as schema,
    c.relname as name,
    obj_description(c.oid, 'pg_class') as comment,
    case c.relkind when 'r' then 'table' when 'p' then 'partitioned table' when 'v' then 'view'
      when 'm' then 'materialized view' when 'f' then 'foreign table' end as type,
    c.relrowsecurity as rls_enabled
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and ($2::text is null or strpos(lower(c.relname), lower($2::text)) > 0)
), page as (
  select * from entity
  order by case when $3 then array_position($4::text[], type) end, name, id
  limit $5 offset $6
)
select
  (select count(*) from entity)::int4 as count,
  coalesce((
    select json_agg(page order by case when $3 then array_position($4::text[], type) end, name, id) from page
  ), '[]') as data`

export async function listEntities(db: Queryable, f: EntitiesFilter): Promise<EntitiesResponse> {
  const search = f.search?.trim() || null
  const { rows } = await db.query<EntitiesResponse>(ENTITIES_SQL, [
    f.schema, search, f.sort === 'grouped-alphabetical', ENTITY_TYPES, f.limit, f.offset,
  ])
  return rows[0] ?? { data: [], count: 0 }
}
