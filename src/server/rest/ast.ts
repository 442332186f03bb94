/**
 * A PostgREST request's query string and Prefer header, parsed (parse.ts) and not yet checked against the
 * schema: what the read, write and RPC builders turn into SQL. Names here are as the client wrote them;
 * the builders look them up in the schema cache and quote them.
 */

/** One step of a JSON path on a column: `data->a->>b` is column `data` then ['->','a'], ['->>','b']. */
export interface JsonStep {
  arrow: '->' | '->>'
  /** a key, or an array index when the client wrote an integer (`->0`, `->-1`) */
  key: string | number
}

/** A column with an optional JSON path. */
export interface Field {
  name: string
  json: JsonStep[]
}

/** `count()`, `col.sum()`… (PostgREST 12 aggregates); the builder may refuse them with PGRST123. */
export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min'

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column'
      field: Field
      /** `alias:col` */
      alias?: string
      /** `col::text` */
      cast?: string
      aggregate?: Aggregate
      /** cast applied to the aggregate's result: `col.sum()::int` */
      aggregateCast?: string
    }
  | {
      kind: 'embed'
      /** the table/view (or FK constraint / column name) written before `(`: `author(…)`, `author:users(…)` */
      relation: string
      alias?: string
      /** `users!author_id(…)` or `users!fk_name(…)`: the FK, column or table that picks one embedding */
      hint?: string
      /** `!inner`: the parent row only when the embedded resource has a row (filters on it then filter the parent) */
      inner: boolean
      /** `...author(name)`: spread the embedded columns into the parent object */
      spread: boolean
      select: SelectItem[]
    }

export type FilterOp =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'
  | 'like' | 'ilike' | 'match' | 'imatch'
  | 'in' | 'is' | 'isdistinct'
  | 'fts' | 'plfts' | 'phfts' | 'wfts'
  | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj'

export interface Condition {
  kind: 'condition'
  field: Field
  /** `not.eq.1` */
  negate: boolean
  op: FilterOp
  /**
   * The operand as text, as the client sent it (quotes and backslash escapes of `in.(…)` lists removed):
   * - `in`: the list's items; `eq(any)`/`like(all)`…: the items of `{a,b}`
   * - `is`: 'null' | 'not_null' | 'true' | 'false' | 'unknown' (lower-cased)
   * - `cs`/`cd`/`ov`/ranges: the literal as written (`{1,2}`, `[1,5)`), cast by Postgres to the column's type
   * - everything else: the text after the operator (`like` with `*` already turned into `%`)
   */
  value: string | string[]
  /** fts/plfts/phfts/wfts: the text search configuration, `fts(english).cat` */
  language?: string
  /** `eq(any).{1,2}`, `like(all).{a*,b*}` */
  quantifier?: 'any' | 'all'
}

export interface Logic {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: FilterNode[]
}

export type FilterNode = Condition | Logic

export interface OrderTerm {
  field: Field
  /** `order=author(name).desc`: order by a column of the to-one embedded resource so named (PostgREST 12) */
  relation?: string
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/**
 * Where a filter, order or limit applies: [] the request's own relation, ['author'] the embedded resource
 * named (by alias or relation name as written in select) `author`, ['films', 'actors'] one level deeper.
 */
export type EmbedPath = string[]

/** The query string of a read, write or RPC call. */
export interface ParsedQuery {
  /** `select=`; absent means `*` */
  select: SelectItem[]
  /** every column filter and `and=`/`or=` tree, each with the embedded resource it is on */
  filters: { path: EmbedPath; node: FilterNode }[]
  order: { path: EmbedPath; terms: OrderTerm[] }[]
  /** `limit=`/`offset=` and `actors.limit=`… */
  ranges: { path: EmbedPath; limit?: number; offset?: number }[]
  /** inserts: `columns=a,b` (only these keys of the body, missing ones as null or their default) */
  columns?: string[]
  /** upserts: `on_conflict=a,b` */
  onConflict?: string[]
  /** RPC over GET (or POST with a form body): query parameters that are the function's arguments */
  args: Record<string, string | string[]>
}

/** The Prefer header (RFC 7240), as PostgREST reads it; unknown preferences are ignored. */
export interface Prefer {
  return?: 'minimal' | 'headers-only' | 'representation'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  /** `missing=default`: a key missing from one object of a bulk insert takes the column's default */
  missing?: 'default' | 'null'
  tx?: 'commit' | 'rollback'
  handling?: 'lenient' | 'strict'
  /** `max-affected=N` with handling=strict: more rows touched is an error and nothing is kept */
  maxAffected?: number
  /** `params=single-object`: RPC body passed whole as the one json argument */
  params?: 'single-object'
}

/** The HTTP `Range: 0-9` header (items), inclusive. */
export interface RangeHeader {
  from: number
  to?: number
}
