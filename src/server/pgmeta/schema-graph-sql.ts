/**
 * A schema's tables as one SQL script ("Copy as SQL" of the visualizer): create schema, each create table
 * with its columns (types, defaults, identity, generated, not null) and its primary key, unique, check and
 * exclusion constraints, then the foreign keys as `alter table … add constraint` (so the script runs whatever
 * the order of the tables, cycles included), the other indexes, comments and row level security. Written
 * like table-definition.ts writes one table, but in four catalog queries for the whole schema.
 */
import type { SchemaSql } from '../../shared/contract/pg-meta-schema-graph'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { GRAPH_TABLES_WHERE } from './schema-graph'

const TABLES_SQL = `
select c.oid::int as id, c.relname as name, c.relkind::text as relkind, obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls_enabled, c.relforcerowsecurity as rls_forced, pg_get_partkeydef(c.oid) as partition_key
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where ${GRAPH_TABLES_WHERE} and c.relkind <> 'f'
order by c.relname`

const COLUMNS_SQL = `
select a.attrelid::int as table_id, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
  a.attnotnull as not_null, a.attidentity::text as identity, a.attgenerated::text as generated,
  pg_get_expr(d.adbin, d.adrelid) as expr, col_description(a.attrelid, a.attnum) as comment
from pg_attribute a
join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where ${GRAPH_TABLES_WHERE} and c.relkind <> 'f' and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`

const CONSTRAINTS_SQL = `
select k.conrelid::int as table_id, k.conname as name, k.contype::text as type, pg_get_constraintdef(k.oid, true) as definition
from pg_constraint k
join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
where ${GRAPH_TABLES_WHERE} and c.relkind <> 'f' and k.contype in ('p', 'u', 'f', 'c', 'x') and k.coninhcount = 0
order by c.relname, array_position(array['p', 'u', 'c', 'x', 'f']::text[], k.contype::text), k.conname`

/** indexes no constraint creates */
const INDEXES_SQL = `
select i.indrelid::int as table_id, pg_get_indexdef(i.indexrelid) || ';' as definition
from pg_index i
join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
where ${GRAPH_TABLES_WHERE} and not exists (
  select from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x')
)
order by c.relname, i.indexrelid`

interface TableRow {
  id: number; name: string; relkind: string; comment: string | null; rls_enabled: boolean; rls_forced: boolean; partition_key: string | null
}
interface ColumnRow {
  table_id: number; name: string; type: string; not_null: boolean; identity: string; generated: string; expr: string | null; comment: string | null
}
interface ConstraintRow { table_id: number; name: string; type: string; definition: string }

function columnLine(c: ColumnRow): string {
  const parts = [quoteIdent(c.name), c.type]
  if (c.identity) parts.push(`generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`)
  else if (c.generated) parts.push(`generated always as (${c.expr}) stored`)
  else if (c.expr !== null) parts.push(`default ${c.expr}`)
  if (c.not_null) parts.push('not null')
  return parts.join(' ')
}

function group<T extends { table_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>()
  for (const row of rows) {
    const list = map.get(row.table_id)
    if (list) list.push(row)
    else map.set(row.table_id, [row])
  }
  return map
}

export async function schemaSql(db: Queryable, schema: string): Promise<SchemaSql> {
  const [tables, columns, constraints, indexes] = await Promise.all([
    db.query<TableRow>(TABLES_SQL, [schema]),
    db.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.query<ConstraintRow>(CONSTRAINTS_SQL, [schema]),
    db.query<{ table_id: number; definition: string }>(INDEXES_SQL, [schema]),
  ])
  const columnsOf = group(columns.rows)
  const constraintsOf = group(constraints.rows)
  const indexesOf = group(indexes.rows)

  const creates: string[] = []
  const foreignKeys: string[] = []
  const after: string[] = []
  for (const t of tables.rows) {
    const target = quoteQualified(schema, t.name)
    const cols = columnsOf.get(t.id) ?? []
    const keys = constraintsOf.get(t.id) ?? []
    const lines = [
      ...cols.map(columnLine),
      ...keys.filter((k) => k.type !== 'f').map((k) => `constraint ${quoteIdent(k.name)} ${k.definition}`),
    ]
    const tail = t.partition_key ? ` partition by ${t.partition_key}` : ''
    creates.push(`create table ${target} (\n${lines.map((l) => `  ${l}`).join(',\n')}\n)${tail};`)
    for (const k of keys.filter((k) => k.type === 'f')) {
      foreignKeys.push(`alter table ${target}\n  add constraint ${quoteIdent(k.name)} ${k.definition};`)
    }
    for (const i of indexesOf.get(t.id) ?? []) after.push(i.definition)
    if (t.comment !== null) after.push(`comment on table ${target} is ${quoteLiteral(t.comment)};`)
    for (const c of cols) {
      if (c.comment !== null) after.push(`comment on column ${target}.${quoteIdent(c.name)} is ${quoteLiteral(c.comment)};`)
    }
    if (t.rls_enabled) after.push(`alter table ${target} enable row level security;`)
    if (t.rls_forced) after.push(`alter table ${target} force row level security;`)
  }
  const header = `-- schema ${schema}: ${tables.rows.length} ${tables.rows.length === 1 ? 'table' : 'tables'}`
  const statements = [header, `create schema if not exists ${quoteIdent(schema)};`, ...creates, ...foreignKeys, ...after]
  return { schema, sql: `${statements.join('\n\n')}\n`, tables: tables.rows.length }
}
