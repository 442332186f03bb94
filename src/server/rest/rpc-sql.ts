/**
 * The call of an RPC, as PostgREST 12 builds it: the arguments are one JSON parameter read into typed
 * columns by json_to_record (the parameters' own types, from the schema cache), passed in named notation
 * (`f("a" := pgrst_body."a")`); a function with one unnamed parameter (or `Prefer: params=single-object`)
 * gets the whole body as one positional value. The call is the body of the `pgrst_source` CTE: a scalar
 * result is its `pgrst_scalar` column, rows keep the function's own columns (so they can be filtered,
 * ordered and embedded like a table's).
 */
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import type { ArgsPayload } from './body'
import { RestError } from './errors'
import { inputArgs } from './rpc-resolve'
import { cacheKey, type CachedFunction, type CachedFunctionArg, type CachedRelation, type SchemaCache } from './schema-cache'
import type { SqlParams } from './sql-params'

/** What a function's answer is like. */
export type ResultKind =
  /** returns void: 204 */
  | 'void'
  /** one value (a composite that is no exposed relation's row included): the JSON value */
  | 'scalar'
  /** setof a value: a JSON array of them */
  | 'setof-scalar'
  /** rows of a relation (or of OUT/TABLE columns): filterable, orderable, embeddable like a table */
  | 'rows'
  /** one row (`returns todos`, or several OUT parameters): a JSON object */
  | 'row'

export interface FunctionResult {
  kind: ResultKind
  /** for 'rows'/'row': the relation the rows are read as (the returned table, or one made of the OUT columns) */
  relation: CachedRelation | null
}

const baseType = (type: string) => type.replace(/^SETOF /, '').trim()

/** How the answer of `fn` is shaped, and the relation its rows are read as. */
export function functionResult(cache: SchemaCache, fn: CachedFunction): FunctionResult {
  const returns = baseType(fn.returnType)
  if (returns === 'void' && !fn.returnsSet) return { kind: 'void', relation: null }
  if (fn.returnsRelation) {
    const relation = cache.relations.get(cacheKey(fn.returnsRelation.schema, fn.returnsRelation.name))
    if (relation) return { kind: fn.returnsSet ? 'rows' : 'row', relation }
  }
  const outs = fn.args.filter((a) => a.mode === 'out' || a.mode === 'inout' || a.mode === 'table')
  if (returns === 'record' && outs.length > 0) {
    const relation: CachedRelation = {
      schema: fn.schema, name: fn.name, kind: 'view', comment: null, primaryKey: [], insertable: false, updatable: false, deletable: false,
      columns: outs.map((a, i) => ({
        name: a.name, type: a.type, udtName: a.type, udtSchema: '', nullable: true, hasDefault: false, default: null, generated: false,
        comment: null, position: i + 1,
      })),
    }
    return { kind: fn.returnsSet ? 'rows' : 'row', relation }
  }
  return { kind: fn.returnsSet ? 'setof-scalar' : 'scalar', relation: null }
}

/** The call's arguments, ready for SQL: named values in a JSON object (text) or one positional value. */
export type CallArgs =
  | { kind: 'named'; json: string; shape: 'object' | 'array'; keys: ReadonlySet<string> }
  | { kind: 'single'; value: string | null }

/**
 * The arguments of a GET (query parameters) or a form POST as the JSON object PostgREST makes of them:
 * text values; a variadic parameter given several times takes them all as an array.
 */
export function pairsToJson(fn: CachedFunction, pairs: readonly (readonly [string, string])[]): string {
  const variadic = new Set(fn.args.filter((a) => a.mode === 'variadic').map((a) => a.name))
  const out = new Map<string, string | string[]>()
  for (const [k, v] of pairs) {
    if (variadic.has(k)) {
      const prev = out.get(k)
      out.set(k, [...(Array.isArray(prev) ? prev : []), v])
    } else if (!out.has(k)) {
      out.set(k, v)
    }
  }
  // Object.fromEntries makes "__proto__" an own key, so JSON.stringify writes it like any other
  return JSON.stringify(Object.fromEntries(out))
}

/** The arguments of a POST with a body, for `fn`. */
export function bodyArgs(fn: CachedFunction, payload: ArgsPayload, singleObject: boolean): CallArgs {
  const params = inputArgs(fn)
  const positional = params.length === 1 && (singleObject || params[0]!.name === '')
  if (payload.kind === 'single') {
    const value = payload.bytes ? `\\x${payload.bytes.toString('hex')}` : payload.text
    return { kind: 'single', value }
  }
  if (payload.kind === 'pairs') {
    if (positional) return { kind: 'single', value: pairsToJson(fn, payload.pairs) }
    return { kind: 'named', json: pairsToJson(fn, payload.pairs), shape: 'object', keys: new Set(payload.keys) }
  }
  if (positional) return { kind: 'single', value: payload.json }
  return { kind: 'named', json: payload.json, shape: payload.shape, keys: new Set(payload.keys) }
}

/** `f(…)`: the function's call with its arguments, and the FROM items it needs before it. */
function callExpression(fn: CachedFunction, args: CallArgs, params: SqlParams): { from: string; call: string } {
  const name = quoteQualified(fn.schema, fn.name)
  const inputs = inputArgs(fn)
  if (args.kind === 'single') {
    const param = inputs[0]
    if (!param) throw new RestError(400, 'PGRST102', 'The function takes no argument')
    return { from: '', call: `${name}(${params.typed(args.value, param.type)})` }
  }
  const given: CachedFunctionArg[] = inputs.filter((a) => a.name !== '' && args.keys.has(a.name))
  if (given.length === 0) return { from: '', call: `${name}()` }
  const names = given.map((a) => quoteIdent(a.name))
  const typed = given.map((a, i) => `${names[i]} ${a.type}`).join(', ')
  const fnName = args.shape === 'object' ? 'json_to_record' : 'json_to_recordset'
  const from =
    `(SELECT ${params.typed(args.json, 'json')} AS json_data) pgrst_payload, ` +
    `LATERAL (SELECT ${names.join(', ')} FROM ${fnName}(pgrst_payload.json_data) AS _(${typed}) LIMIT 1) pgrst_body, `
  const list = given.map((a, i) => `${a.mode === 'variadic' ? 'VARIADIC ' : ''}${names[i]} := pgrst_body.${names[i]}`).join(', ')
  return { from, call: `${name}(${list})` }
}

/**
 * The SELECT calling `fn`: for a scalar (or void, or a composite that is not an exposed relation's row)
 * one column `pgrst_scalar`, else the function's own columns.
 */
export function callSql(fn: CachedFunction, result: FunctionResult, args: CallArgs, params: SqlParams): string {
  const { from, call } = callExpression(fn, args, params)
  if (result.kind === 'rows' || result.kind === 'row') return `SELECT pgrst_call.* FROM ${from}LATERAL ${call} pgrst_call`
  return `SELECT pgrst_call.pgrst_scalar FROM ${from}LATERAL (SELECT ${call} pgrst_scalar) pgrst_call`
}
