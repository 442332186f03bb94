/**
 * Publications, shaped like @supabase/postgres-meta's: the operations they publish and their tables
 * (null for FOR ALL TABLES; tables published through FOR TABLES IN SCHEMA are listed too).
 */
import type { Publication } from '../../shared/contract/pg-meta-publications'
import type { Queryable } from '../db/driver'

const PUBLICATIONS_SQL = `
select
  p.oid::int as id,
  p.pubname as name,
  pg_get_userbyid(p.pubowner) as owner,
  p.pubinsert as publish_insert,
  p.pubupdate as publish_update,
  p.pubdelete as publish_delete,
  p.pubtruncate as publish_truncate,
  case when p.puballtables then null else coalesce((
    select json_agg(json_build_object('id', c.oid::int, 'name', c.relname, 'schema', n.nspname) order by n.nspname, c.relname)
    from pg_publication_tables pt
    join pg_namespace n on n.nspname = pt.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
    where pt.pubname = p.pubname
  ), '[]'::json) end as tables
from pg_publication p
where ($1::oid is null or p.oid = $1::oid)
order by p.pubname`

export async function listPublications(db: Queryable): Promise<Publication[]> {
  return (await db.query<Publication>(PUBLICATIONS_SQL, [null])).rows
}

export async function findPublication(db: Queryable, id: number): Promise<Publication | undefined> {
  return (await db.query<Publication>(PUBLICATIONS_SQL, [id])).rows[0]
}
