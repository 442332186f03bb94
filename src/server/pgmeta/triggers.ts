/**
 * Reading triggers from pg_trigger in the shape of postgres-meta's `triggers`: the user's triggers only
 * (not Postgres' internal ones for foreign keys and the like), never on tables of Postgres' own schemas.
 */
import type { z } from 'zod'
import type { PgTrigger, TriggersQuery } from '../../shared/contract/pg-meta-triggers'
import { INTERNAL_SCHEMAS } from '../../shared/constants'
import type { Param, Queryable } from '../db/driver'
import { notFound } from '../errors'

// tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead
const triggersSql = (where: string) => `
select
  t.oid as id,
  c.oid as table_id,
  case t.tgenabled when 'D' then 'DISABLED' when 'R' then 'REPLICA' when 'A' then 'ALWAYS' else 'ORIGIN' end as enabled_mode,
  t.tgname as name,
  c.relname as table,
  n.nspname as schema,
  -- WHEN (<expr>) as pg_get_triggerdef writes it, less the parentheses the expression comes wrapped in
  regexp_replace(substring(pg_catalog.pg_get_triggerdef(t.oid) from 'WHEN \\((.*)\\) EXECUTE (?:FUNCTION|PROCEDURE)'), '^\\((.*)\\)$', '\\1') as condition,
  case when t.tgtype & 1 = 1 then 'ROW' else 'STATEMENT' end as orientation,
  case when t.tgtype & 64 = 64 then 'INSTEAD OF' when t.tgtype & 2 = 2 then 'BEFORE' else 'AFTER' end as activation,
  array_remove(array[
    case when t.tgtype & 4 = 4 then 'INSERT' end,
    case when t.tgtype & 16 = 16 then 'UPDATE' end,
    case when t.tgtype & 8 = 8 then 'DELETE' end,
    case when t.tgtype & 32 = 32 then 'TRUNCATE' end
  ], null) as events,
  fn.nspname as function_schema,
  p.proname as function_name,
  case when t.tgnargs = 0 then array[]::text[]
    else (string_to_array(encode(t.tgargs, 'escape'), '\\000'))[1:t.tgnargs] end as function_args
from pg_catalog.pg_trigger t
join pg_catalog.pg_class c on c.oid = t.tgrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_proc p on p.oid = t.tgfoid
join pg_catalog.pg_namespace fn on fn.oid = p.pronamespace
where not t.tgisinternal and ${where}
order by n.nspname, c.relname, t.tgname`

export type TriggersFilter = z.output<typeof TriggersQuery>

export async function listTriggers(db: Queryable, q: TriggersFilter = {}): Promise<PgTrigger[]> {
  const params: Param[] = [[...INTERNAL_SCHEMAS]]
  const where = [`not (n.nspname = any($1::text[]) or n.nspname like 'pg\\_%')`]
  const add = (sql: (i: number) => string, value: Param) => {
    params.push(value)
    where.push(sql(params.length))
  }
  if (q.id !== undefined) add((i) => `t.oid = $${i}::oid`, q.id)
  if (q.table_id !== undefined) add((i) => `c.oid = $${i}::oid`, q.table_id)
  if (q.schema !== undefined) add((i) => `n.nspname = $${i}`, q.schema)
  if (q.included_schemas?.length) add((i) => `n.nspname = any($${i}::text[])`, q.included_schemas)
  if (q.excluded_schemas?.length) add((i) => `not (n.nspname = any($${i}::text[]))`, q.excluded_schemas)
  return (await db.query<PgTrigger>(triggersSql(where.join(' and ')), params)).rows
}

export async function findTrigger(db: Queryable, id: number): Promise<PgTrigger> {
  const trigger = (await listTriggers(db, { id }))[0]
  if (!trigger) throw notFound(`Trigger ${id} not found`)
  return trigger
}
