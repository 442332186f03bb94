/** The grid's view of one relation, whatever its kind. */
import type { GridTable } from '../../shared/api'
import { isProtectedSchema } from '../../shared/constants'
import type { Queryable } from '../db/driver'
import { columnsOf } from './columns'
import { primaryKeysOf, relationshipsOf } from './keys'
import { findRelation } from './relation'

export async function gridTable(db: Queryable, id: number): Promise<GridTable> {
  const relation = await findRelation(db, id)
  const [columns, keys, relationships, live] = await Promise.all([
    columnsOf(db, [id]),
    primaryKeysOf(db, [id]),
    relationshipsOf(db, [id]),
    db.query<{ rows: number }>('select greatest(pg_stat_get_live_tuples($1::oid), 0)::float8 as rows', [id]),
  ])
  return {
    id: relation.id,
    schema: relation.schema,
    name: relation.name,
    type: relation.type,
    comment: relation.comment,
    rls_enabled: relation.rls_enabled,
    readonly: isProtectedSchema(relation.schema) || !relation.writable,
    columns: columns.get(id) ?? [],
    primary_keys: keys.get(id) ?? [],
    relationships: relationships.get(id) ?? [],
    live_rows_estimate: Math.max(relation.reltuples, live.rows[0]?.rows ?? 0),
  }
}
