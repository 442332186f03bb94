/** One relation of any kind, looked up by oid: what the grid and the row endpoints need to know. */
import { isProtectedSchema, type EntityType } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import type { Queryable } from '../db/driver'
import { badRequest, forbidden, notFound } from '../errors'

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

/** Whether rows of pg_class `c` can be inserted, updated and deleted: tables, and views that allow all three. */
export const WRITABLE_SQL = `(c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid, false) & 28 = 28)`

/** What kind of relation pg_class `c` is, as an EntityType. */
export const ENTITY_TYPE_SQL = `case c.relkind when 'r' then 'table' when 'p' then 'partitioned table' when 'v' then 'view'
    when 'm' then 'materialized view' when 'f' then 'foreign table' end`

const RELATION_SQL = `
select
  c.oid as id,
  n.nspname as schema,
  c.relname as name,
  ${ENTITY_TYPE_SQL} as type,
  obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls_enabled,
  ${WRITABLE_SQL} as writable,
  c.reltuples::float8 as reltuples
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.oid = $1::oid and c.relkind in ('r', 'p', 'v', 'm', 'f')`

export async function findRelation(db: Queryable, id: number): Promise<Relation> {
  const relation = (await db.query<Relation>(RELATION_SQL, [id])).rows[0]
  if (!relation) throw notFound(`Table ${id} not found`)
  return relation
}

/** Protected system schemas are read-only in the dashboard: 403. */
export function refuseProtected(schema: string): void {
  if (isProtectedSchema(schema)) throw forbidden(MSG.protectedSchema(schema))
}

/** Refuses row changes to a relation the dashboard keeps read-only: a protected schema, or rows that cannot be written. */
export function refuseReadOnly(r: Pick<Relation, 'schema' | 'name' | 'type' | 'writable'>): void {
  refuseProtected(r.schema)
  if (!r.writable) throw badRequest(MSG.readOnlyRelation(`${r.schema}.${r.name}`, r.type))
}

/** A table (plain or partitioned) outside the protected schemas, for changes to its structure. */
export async function findTableToChange(db: Queryable, id: number): Promise<Relation> {
  const relation = await findRelation(db, id)
  refuseProtected(relation.schema)
  if (relation.type !== 'table' && relation.type !== 'partitioned table') {
    throw badRequest(MSG.tablesOnly(`${relation.schema}.${relation.name}`, relation.type))
  }
  return relation
}
