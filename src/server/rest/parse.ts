/** TODO(H1): the query string and Prefer header of a PostgREST request, parsed (see ast.ts). */
import type { ParsedQuery, Prefer, RangeHeader } from './ast'

/**
 * `query`: the request's query parameters in order (repeated keys kept). `argNames`: for RPC, the function's
 * argument names; those parameters go to `args` instead of being read as filters.
 */
export declare function parseQuery(query: readonly (readonly [string, string])[], opts?: { argNames?: ReadonlySet<string> }): ParsedQuery
export declare function parsePrefer(header: string | string[] | undefined): Prefer
export declare function parseRange(header: string | undefined): RangeHeader | undefined
