/** The table editor's list (relations of one schema, searched, sorted and paged), and the search across schemas. */
import type { EntitiesResponse } from '../../shared/api'
import { ENTITY_TYPES, EXCLUDED_SCHEMAS, INTERNAL_SCHEMAS, type EntityType, type TableListSort } from '../../shared/constants'
import type { Queryable } from '../db/driver'

export interface EntitiesFilter {
  schema: string
  search?: string
  sort: TableListSort
  limit: number
  offset: number
}

/** What a table list shows of a relation (pg_class c, pg_namespace n). */
const RELATION_COLUMNS = `c.oid::int8 as id,
    n.nspname as schema,
    c.relname as name,
    obj_description(c.oid, 'pg_class') as comment,
    case c.relkind when 'r' then 'table' when 'p' then 'partitioned table' when 'v' then 'view'
      when 'm' then 'materialized view' when 'f' then 'foreign table' end as type,
    c.relrowsecurity as rls_enabled`

/** 'grouped-alphabetical' orders by entity type (in ENTITY_TYPES order), then name. */
const ENTITIES_SQL = `
with entity as (
  select
    ${RELATION_COLUMNS}
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

/** Schemas a person never looks for a relation in: Postgres internals and the platform's system schemas. */
const NOT_SEARCHED = [...INTERNAL_SCHEMAS, ...EXCLUDED_SCHEMAS]

/**
 * Relations across the searched schemas whose name, or schema.name (as the palette shows it), holds $1
 * (case-insensitive), of the kinds $3 (all when null): exact names first, then those starting with it, then
 * the rest; public before other schemas; at most $4.
 */
const SEARCH_SQL = `
with relation as (
  select
    ${RELATION_COLUMNS},
    lower(c.relname) as lower_name,
    lower(n.nspname || '.' || c.relname) as lower_qualified
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f')
    and n.nspname <> all($2::text[]) and n.nspname !~ '^pg_'
), matched as (
  select *,
    case when lower($1) in (lower_name, lower_qualified) then 0
      when starts_with(lower_name, lower($1)) or starts_with(lower_qualified, lower($1)) then 1 else 2 end as rank
  from relation
  where strpos(lower_qualified, lower($1)) > 0
), entity as (
  select * from matched where $3::text[] is null or type = any($3::text[])
), page as (
  select * from entity
  order by rank, schema <> 'public', case when $1 = '' then schema end, name, schema, id
  limit $4
)
select
  (select count(*) from entity)::int4 as count,
  coalesce((
    select json_agg(json_build_object('id', id, 'schema', schema, 'name', name, 'comment', comment, 'type', type,
      'rls_enabled', rls_enabled) order by rank, schema <> 'public', case when $1 = '' then schema end, name, schema, id)
    from page
  ), '[]') as data`

export interface EntitySearch {
  search: string
  limit: number
  types?: EntityType[]
}

/** The palette's table picker: one call across schemas, the best matches first (count: every match). */
export async function searchEntities(db: Queryable, q: EntitySearch): Promise<EntitiesResponse> {
  const { rows } = await db.query<EntitiesResponse>(SEARCH_SQL, [q.search.trim(), NOT_SEARCHED, q.types ?? null, q.limit])
  return rows[0] ?? { data: [], count: 0 }
}
