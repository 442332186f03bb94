/**
 * What the editor completes besides keywords: the project's schemas, tables and columns (pg-meta), and
 * its functions (pg_proc, read once per editor session).
 */
import { queryOptions } from '@tanstack/react-query'
import type { Completion, CompletionSource } from '@codemirror/autocomplete'
import { completeFromList, ifNotIn } from '@codemirror/autocomplete'
import type { SQLNamespace } from '@codemirror/lang-sql'
import type { Api } from '../../../data/api'
import type { Table } from '../../../../shared/api'
import { keys } from '../../../model/project/keys'

export interface FunctionInfo {
  schema: string
  name: string
  args: string
  result: string
}

/** Functions a person calls: not the planner's and types' internals (internal or cstring arguments or results). */
const FUNCTIONS_SQL = `
select distinct on (n.nspname, p.proname)
  n.nspname as schema, p.proname as name,
  pg_get_function_identity_arguments(p.oid) as args, coalesce(pg_get_function_result(p.oid), '') as result
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where p.prokind in ('f', 'a', 'w')
  and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  and p.proname not like '\\_%'
  and p.prorettype not in ('internal'::regtype, 'cstring'::regtype, 'trigger'::regtype, 'event_trigger'::regtype,
    'language_handler'::regtype, 'fdw_handler'::regtype, 'index_am_handler'::regtype, 'table_am_handler'::regtype,
    'tsm_handler'::regtype)
  and not (p.proargtypes::oid[] && array['internal'::regtype, 'cstring'::regtype]::oid[])
order by n.nspname, p.proname`

export const completionTablesQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: keys.completionTables(ref),
    queryFn: () => api.tables(ref, { include_columns: true }),
    staleTime: 60_000,
  })

export const completionFunctionsQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: keys.completionFunctions(ref),
    queryFn: () => api.query<FunctionInfo>(ref, FUNCTIONS_SQL),
    staleTime: 5 * 60_000,
  })

/** { schema: { table: [columns] } }: lang-sql completes 'schema.table.column', and public's tables bare. */
export function tableNamespace(tables: readonly Table[]): SQLNamespace {
  const ns: Record<string, Record<string, Completion[]>> = {}
  for (const t of tables) {
    const schema = (ns[t.schema] ??= {})
    schema[t.name] = (t.columns ?? []).map((c) => ({ label: c.name, type: 'property', detail: c.format }))
  }
  return ns
}

/** pg_catalog's functions complete bare; other schemas' both bare and qualified. */
export function functionSource(functions: readonly FunctionInfo[]): CompletionSource {
  const options: Completion[] = functions.map((f) => ({
    label: f.schema === 'pg_catalog' || f.schema === 'public' ? f.name : `${f.schema}.${f.name}`,
    type: 'function',
    detail: `(${f.args})${f.result ? ` → ${f.result}` : ''}`,
    boost: f.schema === 'pg_catalog' ? -1 : 0,
  }))
  return ifNotIn(['String', 'QuotedIdentifier', 'LineComment', 'BlockComment'], completeFromList(options))
}
