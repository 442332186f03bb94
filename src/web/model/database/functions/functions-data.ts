/**
 * The functions page's data, shared by the page and the commands: the functions of one schema (or all),
 * the search over them, and the SQL that calls one.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { pgMetaFunctions, type PgFunction } from '../../../../shared/contract/pg-meta-functions'
import { quoteIdent, quoteQualified } from '../../../../shared/sql-quote'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export const functionsKey = (ref: string, schema?: string) => (schema === undefined ? keys.database(ref, 'functions') : keys.database(ref, 'functions', schema))

/** One schema's functions (every schema the dashboard lists when none is given). */
export function functionsQuery(api: Api, ref: string, schema?: string) {
  return queryOptions({
    queryKey: functionsKey(ref, schema),
    queryFn: () => api.call(pgMetaFunctions.functions, { params: { ref }, query: schema === undefined ? {} : { schema } }),
  })
}

/** Functions changed: every list of them (this page's, the trigger form's picker) reads the database again. */
export function refreshFunctions(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: functionsKey(ref), refetchType: 'all' })
}

/** The functions whose name (or schema.name) holds the search, case-insensitive. */
export function filterFunctions(list: readonly PgFunction[], search: string): PgFunction[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...list]
  return list.filter((f) => f.name.toLowerCase().includes(needle) || `${f.schema}.${f.name}`.toLowerCase().includes(needle))
}

/** Functions a trigger can execute: those returning `trigger`. */
export const isTriggerFunction = (f: PgFunction) => f.return_type === 'trigger'

/** A line that calls the function, with a placeholder for each argument without a default. */
export function callSql(fn: PgFunction): string {
  const inputs = fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic')
  const values = inputs.filter((a) => !a.has_default).map((a) => (a.name ? `${quoteIdent(a.name)} => null` : 'null'))
  const call = `${quoteQualified(fn.schema, fn.name)}(${values.join(', ')})`
  return fn.is_set_returning_function || fn.return_type_relation_id !== null ? `select * from ${call};` : `select ${call};`
}
