/** Schemas (all but Postgres internals) and the schema filter the list endpoints share. */
import type { Schema } from '../../shared/api'
import { INTERNAL_SCHEMAS } from '../../shared/constants'
import type { Param, Queryable } from '../db/driver'

const SCHEMAS_SQL = `
select n.oid as id, n.nspname as name, pg_get_userbyid(n.nspowner) as owner
from pg_namespace n
where n.nspname <> all($1::text[]) and n.nspname !~ '^pg_(temp|toast_temp)_'
order by n.nspname`

export async function listSchemas(db: Queryable): Promise<Schema[]> {
  return (await db.query<Schema>(SCHEMAS_SQL, [INTERNAL_SCHEMAS])).rows
}

export interface SchemaFilter {
  included_schemas?: string[]
  excluded_schemas?: string[]
}

/**
 * A where-clause on the schema name column `n.nspname`: never internals or temp schemas; only the
 * included ones when given; never the excluded ones. Its parameters start at $start.
 */
export function schemaCondition(filter: SchemaFilter, start = 1): { sql: string; params: Param[] } {
  return {
    sql: `n.nspname <> all($${start}::text[]) and n.nspname !~ '^pg_(temp|toast_temp)_'
      and ($${start + 1}::text[] is null or n.nspname = any($${start + 1}::text[]))
      and n.nspname <> all($${start + 2}::text[])`,
    params: [INTERNAL_SCHEMAS, filter.included_schemas ?? null, filter.excluded_schemas ?? []],
  }
}
