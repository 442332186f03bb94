/**
 * Reading database functions from pg_proc, in the shape of postgres-meta's `functions`: plain functions
 * (not aggregates, window functions or procedures), never those an extension owns, never Postgres' own
 * schemas (pg_catalog, information_schema…) nor the studio's.
 */
import type { z } from 'zod'
import type { FunctionsQuery, PgFunction } from '../../shared/contract/pg-meta-functions'
import { INTERNAL_SCHEMAS } from '../../shared/constants'
import type { Param, Queryable } from '../db/driver'
import { notFound } from '../errors'

const functionsSql = (where: string) => `
with f as (
  select p.*, n.nspname,
    coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_modes,
    coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_names,
    coalesce(p.proallargtypes, p.proargtypes::oid[]) as arg_types
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where p.prokind = 'f'
    and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    and ${where}
)
select
  f.oid as id,
  f.nspname as schema,
  f.proname as name,
  l.lanname as language,
  case when l.lanname = 'internal' then '' else f.prosrc end as definition,
  pg_catalog.pg_get_functiondef(f.oid) as complete_statement,
  coalesce((
    select jsonb_agg(jsonb_build_object(
      'mode', case a.m when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' else 'table' end,
      'name', a.n,
      'type_id', a.t::bigint,
      'has_default', a.input_no is not null and a.input_no > f.pronargs - f.pronargdefaults
    ) order by a.ord)
    from (
      select x.m, x.n, x.t, x.ord,
        case when x.m in ('i', 'b', 'v') then count(*) filter (where x.m in ('i', 'b', 'v')) over (order by x.ord) end as input_no
      from unnest(f.arg_modes, f.arg_names, f.arg_types) with ordinality as x(m, n, t, ord)
    ) a
  ), '[]'::jsonb) as args,
  pg_catalog.pg_get_function_arguments(f.oid) as argument_types,
  pg_catalog.pg_get_function_identity_arguments(f.oid) as identity_argument_types,
  f.prorettype as return_type_id,
  pg_catalog.pg_get_function_result(f.oid) as return_type,
  nullif(rt.typrelid, 0) as return_type_relation_id,
  f.proretset as is_set_returning_function,
  case f.provolatile when 'i' then 'IMMUTABLE' when 's' then 'STABLE' else 'VOLATILE' end as behavior,
  f.prosecdef as security_definer,
  (select jsonb_object_agg(split_part(c, '=', 1), substr(c, strpos(c, '=') + 1)) from unnest(f.proconfig) as c) as config_params
from f
join pg_catalog.pg_language l on l.oid = f.prolang
left join pg_catalog.pg_type rt on rt.oid = f.prorettype
order by f.nspname, f.proname, f.oid`

export type FunctionsFilter = z.output<typeof FunctionsQuery>

/** The functions the filter names (one schema, some schemas, all but some), or one by id. */
export async function listFunctions(db: Queryable, q: FunctionsFilter = {}): Promise<PgFunction[]> {
  const params: Param[] = [[...INTERNAL_SCHEMAS]]
  const where = [`not (n.nspname = any($1::text[]) or n.nspname like 'pg\\_%')`]
  if (q.id !== undefined) {
    params.push(q.id)
    where.push(`p.oid = $${params.length}::oid`)
  }
  if (q.schema !== undefined) {
    params.push(q.schema)
    where.push(`n.nspname = $${params.length}`)
  }
  if (q.included_schemas?.length) {
    params.push(q.included_schemas)
    where.push(`n.nspname = any($${params.length}::text[])`)
  }
  if (q.excluded_schemas?.length) {
    params.push(q.excluded_schemas)
    where.push(`not (n.nspname = any($${params.length}::text[]))`)
  }
  return (await db.query<PgFunction>(functionsSql(where.join(' and ')), params)).rows
}

/** One function by its oid; 404 when there is none (or it is not one the dashboard lists). */
export async function findFunction(db: Queryable, id: number): Promise<PgFunction> {
  const fn = (await listFunctions(db, { id }))[0]
  if (!fn) throw notFound(`Function ${id} not found`)
  return fn
}
