/** Views, materialized views and foreign tables: the ViewLike shape. */
import type { ViewLike } from '../../shared/api'
import type { Queryable } from '../db/driver'
import { columnsOf } from './columns'
import { schemaCondition, type SchemaFilter } from './schemas'

export type ViewKind = 'view' | 'materialized-view' | 'foreign-table'
const RELKIND: Record<ViewKind, string> = { view: 'v', 'materialized-view': 'm', 'foreign-table': 'f' }

/** Updatable means rows can be inserted, updated and deleted through it (pg_relation_is_updatable bits). */
const viewsSql = (schemas: string) => `
select
  c.oid as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  pg_relation_is_updatable(c.oid, false) & 28 = 28 as is_updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind = $1 and ($2::oid is null or c.oid = $2::oid) and ${schemas}
order by n.nspname, c.relname`

export async function listViews(db: Queryable, kind: ViewKind, filter: SchemaFilter & { id?: number }) {
  const schemas = schemaCondition(filter, 3)
  const { rows } = await db.query<ViewLike>(viewsSql(schemas.sql), [RELKIND[kind], filter.id ?? null, ...schemas.params])
  const columns = await columnsOf(db, rows.map((v) => v.id))
  return rows.map((v) => ({ ...v, columns: columns.get(v.id) ?? [] }))
}
