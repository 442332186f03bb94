/**
 * Reads the schema cache from the catalog: one query per kind (relations, columns, constraints, view
 * definitions, functions) in one transaction, with search_path pg_catalog so every type name is
 * schema-qualified unless it is a built-in one (the names are usable as casts whatever a request's
 * search_path is). Works the same on PGlite and PostgreSQL.
 */
import type { Queryable } from '../db/driver'
import { cacheKey, type CachedColumn, type CachedForeignKey, type CachedFunction, type CachedFunctionArg, type CachedRelation, type RelationKind, type SchemaCache } from './schema-cache'
import { viewColumnOrigins } from './view-origins'

/** What the read builder needs besides SchemaCache: unique keys (one-to-one relationships). */
export interface LoadedSchemaCache extends SchemaCache {
  /** `${schema}.${name}` → the column lists of its primary key and unique constraints (views: passed through) */
  uniqueKeys: Map<string, string[][]>
  /** the catalog fingerprint the cache was read at */
  fingerprint: string
  /** the next transaction id when it was read (CHECK_SQL) */
  xmax: string
  /** exposed schema → its comment (pg_graphql reads `@graphql(…)` directives there) */
  schemaComments: Map<string, string | null>
}

/** Unique column sets of a relation (its primary key among them), for any SchemaCache. */
export function uniqueKeysOf(cache: SchemaCache, rel: CachedRelation): string[][] {
  const loaded = (cache as Partial<LoadedSchemaCache>).uniqueKeys?.get(cacheKey(rel.schema, rel.name))
  return loaded ?? (rel.primaryKey.length ? [rel.primaryKey] : [])
}

/**
 * A cheap summary of the catalog: changes whenever a relation, column, function, constraint, schema, type,
 * comment or view definition is created, altered or dropped (row counts and the sum of row versions).
 */
export const FINGERPRINT_SQL = `select concat_ws(',', ${[
  'pg_class', 'pg_attribute', 'pg_proc', 'pg_constraint', 'pg_namespace', 'pg_type', 'pg_enum', 'pg_description', 'pg_rewrite', 'pg_attrdef',
].map((t) => `(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from pg_catalog.${t})`).join(', ')}) as fp`

/** The next transaction id: unchanged, nothing (the catalog included) was written since. */
const XMAX_SQL = 'txid_snapshot_xmax(txid_current_snapshot())::text'

/** The background check's first, tiny query: when the next transaction id is still the known one, nothing was written. */
export const XMAX_CHECK_SQL = `select ${XMAX_SQL} as x`

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`

const RELATIONS_SQL = `
  select c.oid::int8::text as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind,
         obj_description(c.oid, 'pg_class') as comment,
         case when c.relkind in ('r', 'p') then 28 when c.relkind = 'm' then 0
              else pg_relation_is_updatable(c.oid::regclass, true) end as events
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')`

const COLUMNS_SQL = `
  select a.attrelid::int8::text as rel, a.attnum as num, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         t.typname as udt_name, tn.nspname as udt_schema, not a.attnotnull as nullable,
         pg_get_expr(d.adbin, d.adrelid) as "default", a.attidentity::text as identity, a.attgenerated::text as generated,
         col_description(a.attrelid, a.attnum) as comment,
         (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e
            where e.enumtypid = case when t.typtype = 'd' then t.typbasetype else t.oid end) as enum_values,
         case when a.atttypid in (1042, 1043) and a.atttypmod > 4 then a.atttypmod - 4 end as max_length
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p') and a.attnum > 0 and not a.attisdropped
  order by a.attrelid, a.attnum`

/** Primary keys, unique constraints and foreign keys of every user schema, by relation oid and column number. */
const CONSTRAINTS_SQL = `
  select c.conname as name, c.contype::text as type, c.conrelid::int8::text as rel, c.conkey::int2[] as cols,
         c.confrelid::int8::text as ref_rel, c.confkey::int2[] as ref_cols
  from pg_constraint c join pg_namespace n on n.oid = c.connamespace
  where c.contype in ('p', 'u', 'f') and c.conrelid <> 0 and n.nspname not in ${SYSTEM_SCHEMAS}
    -- a partitioned table's FK is one relationship, not one more per partition it reaches
    and not (c.contype = 'f' and c.conparentid <> 0)
  order by c.conrelid, c.contype, c.conname`

/** Every user view's query tree (resorigtbl/resorigcol say where each output column comes from). */
const VIEWS_SQL = `
  select c.oid::int8::text as oid, r.ev_action::text as tree
  from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v', 'm') and r.rulename = '_RETURN' and n.nspname not in ${SYSTEM_SCHEMAS}`

const FUNCTIONS_SQL = `
  select p.oid::int8 as oid, n.nspname as schema, p.proname as name, p.proargnames as arg_names,
         p.proargmodes::text[] as arg_modes, p.pronargdefaults as n_defaults,
         array(select format_type(t.oid, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(typ, i)
               join pg_type t on t.oid = a.typ order by a.i) as arg_types,
         format_type(p.prorettype, null) as return_type, p.proretset as returns_set, p.provolatile::text as volatility,
         obj_description(p.oid, 'pg_proc') as comment, rn.nspname as ret_schema, rc.relname as ret_name
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'f', 'p')
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = any($1::text[]) and p.prokind = 'f'
  order by n.nspname, p.proname, p.oid`

const KINDS: Record<string, RelationKind> = { r: 'table', v: 'view', m: 'materialized_view', f: 'foreign_table', p: 'partitioned_table' }
const MODES: Record<string, CachedFunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' }

type R = Record<string, unknown>
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))
/** A Postgres array as JS: the drivers parse int2[]/text[]; an unknown one may come as its text. */
function list<T>(v: unknown): T[] {
  if (Array.isArray(v)) return v as T[]
  if (typeof v === 'string' && v.startsWith('{')) return v.slice(1, -1).split(',').filter(Boolean).map((s) => s.replace(/^"|"$/g, '')) as T[]
  return []
}

/** Reads the whole cache of `schemas` (in `tx`, a transaction on the database's own user). */
export async function loadSchemaCache(tx: Queryable, schemas: readonly string[]): Promise<LoadedSchemaCache> {
  // one snapshot for every query, so a change made meanwhile is seen whole or not at all
  await tx.query('set transaction isolation level repeatable read')
  await tx.query(`select set_config('search_path', 'pg_catalog', true)`)
  const fp = await tx.query<{ fp: string; x: string }>(`${FINGERPRINT_SQL}, ${XMAX_SQL} as x`)
  const [rels, cols, cons, views, fns, nsps] = [
    await tx.query<R>(RELATIONS_SQL, [schemas]),
    await tx.query<R>(COLUMNS_SQL, [schemas]),
    await tx.query<R>(CONSTRAINTS_SQL),
    await tx.query<R>(VIEWS_SQL),
    await tx.query<R>(FUNCTIONS_SQL, [schemas]),
    await tx.query<R>(`select nspname as name, obj_description(oid, 'pg_namespace') as comment from pg_namespace where nspname = any($1::text[])`, [schemas]),
  ]

  // relations by oid
  const byOid = new Map<string, CachedRelation>()
  const attnames = new Map<string, Map<number, string>>()
  for (const r of rels.rows) {
    const events = Number(r.events)
    byOid.set(String(r.oid), {
      schema: String(r.schema), name: String(r.name), kind: KINDS[String(r.kind)] ?? 'table', comment: str(r.comment), columns: [], primaryKey: [],
      insertable: (events & 8) === 8, updatable: (events & 4) === 4, deletable: (events & 16) === 16,
    })
    attnames.set(String(r.oid), new Map())
  }
  for (const c of cols.rows) {
    const rel = byOid.get(String(c.rel))
    if (!rel) continue
    const identity = String(c.identity ?? '')
    const enumValues = c.enum_values ? list<string>(c.enum_values) : undefined
    const column: CachedColumn = {
      name: String(c.name), type: String(c.type), udtName: String(c.udt_name), udtSchema: String(c.udt_schema),
      nullable: Boolean(c.nullable), hasDefault: c.default !== null || identity !== '' || String(c.generated ?? '') !== '',
      default: str(c.default), generated: String(c.generated ?? '') !== '' || identity === 'a',
      comment: str(c.comment), position: Number(c.num),
      ...(enumValues ? { enumValues } : {}), ...(c.max_length !== null ? { maxLength: Number(c.max_length) } : {}),
    }
    rel.columns.push(column)
    attnames.get(String(c.rel))!.set(Number(c.num), column.name)
  }

  // where each view column comes from (following views over views), as "oid:attnum" → "oid:attnum" of a base relation
  const trees = new Map(views.rows.map((v) => [String(v.oid), viewColumnOrigins(String(v.tree))]))
  const origin = (oid: string, num: number): string | null => {
    let at = `${oid}:${num}`
    for (let depth = 0; depth < 16; depth++) {
      const [o, n] = at.split(':')
      const next = trees.get(o ?? '')?.get(Number(n))
      if (!next) return at
      at = `${next.table}:${next.column}`
    }
    return null
  }
  // base "oid:attnum" → the exposed relations' columns it appears as: [relation oid, column name]
  const appearsAs = new Map<string, [string, string][]>()
  for (const [oid, names] of attnames) {
    for (const [num, name] of names) {
      const o = origin(oid, num)
      if (!o) continue
      const at = appearsAs.get(o) ?? []
      at.push([oid, name])
      appearsAs.set(o, at)
    }
  }
  /** Every exposed relation whose columns include all of `nums` of base `oid`, with their names there. */
  const carriers = (oid: string, nums: number[]): [string, string[]][] => {
    const found = new Map<string, string[]>()
    nums.forEach((num, i) => {
      for (const [rel, name] of appearsAs.get(`${oid}:${num}`) ?? []) {
        const names = found.get(rel) ?? (i === 0 ? [] : undefined)
        if (!names || names.length !== i) continue
        names.push(name)
        found.set(rel, names)
      }
    })
    return [...found].filter(([, names]) => names.length === nums.length)
  }

  const uniqueKeys = new Map<string, string[][]>()
  const foreignKeys: CachedForeignKey[] = []
  const seenFk = new Set<string>()
  for (const c of cons.rows) {
    const rel = String(c.rel)
    const nums = list<number>(c.cols).map(Number)
    if (c.type === 'p' || c.type === 'u') {
      for (const [oid, names] of carriers(rel, nums)) {
        const r = byOid.get(oid)!
        const key = cacheKey(r.schema, r.name)
        const keys = uniqueKeys.get(key) ?? []
        keys.push(names)
        uniqueKeys.set(key, keys)
        if (c.type === 'p' && (oid === rel || r.primaryKey.length === 0)) r.primaryKey = names
      }
      continue
    }
    const refNums = list<number>(c.ref_cols).map(Number)
    for (const [from, names] of carriers(rel, nums)) {
      for (const [to, refNames] of carriers(String(c.ref_rel), refNums)) {
        const a = byOid.get(from)!
        const b = byOid.get(to)!
        const fk = { name: String(c.name), schema: a.schema, table: a.name, columns: names, refSchema: b.schema, refTable: b.name, refColumns: refNames }
        const id = JSON.stringify(fk)
        if (seenFk.has(id)) continue
        seenFk.add(id)
        foreignKeys.push(fk)
      }
    }
  }

  const functions = new Map<string, CachedFunction[]>()
  for (const f of fns.rows) {
    const types = list<string>(f.arg_types)
    const names = f.arg_names ? list<string>(f.arg_names) : []
    const modes = f.arg_modes ? list<string>(f.arg_modes) : types.map(() => 'i')
    const inputs = modes.map((m, i) => (m === 'i' || m === 'b' || m === 'v' ? i : -1)).filter((i) => i >= 0)
    const defaulted = new Set(inputs.slice(inputs.length - Number(f.n_defaults ?? 0)))
    const args = types.map((type, i): CachedFunctionArg => ({
      name: names[i] ?? '', type, mode: MODES[modes[i] ?? 'i'] ?? 'in', hasDefault: defaulted.has(i),
    }))
    const fn: CachedFunction = {
      schema: String(f.schema), name: String(f.name), oid: Number(f.oid), args,
      returnType: `${f.returns_set ? 'SETOF ' : ''}${String(f.return_type)}`, returnsSet: Boolean(f.returns_set),
      returnsRelation: f.ret_name ? { schema: String(f.ret_schema), name: String(f.ret_name) } : null,
      volatility: String(f.volatility) as CachedFunction['volatility'], comment: str(f.comment),
    }
    const key = cacheKey(fn.schema, fn.name)
    functions.set(key, [...(functions.get(key) ?? []), fn])
  }

  const relations = new Map<string, CachedRelation>()
  const order = new Map(schemas.map((s, i) => [s, i]))
  const sorted = [...byOid.values()].sort((a, b) => (order.get(a.schema)! - order.get(b.schema)!) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const r of sorted) relations.set(cacheKey(r.schema, r.name), r)
  const schemaComments = new Map(nsps.rows.map((r) => [String(r.name), str(r.comment)]))
  return { schemas: [...schemas], relations, foreignKeys, functions, uniqueKeys, fingerprint: String(fp.rows[0]?.fp ?? ''), xmax: String(fp.rows[0]?.x ?? ''), schemaComments }
}
