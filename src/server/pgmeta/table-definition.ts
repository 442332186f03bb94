/** A relation's SQL definition, as the grid's definition view shows it. */
import type { TableDefinition } from '../../shared/api'
import type { Queryable } from '../db/driver'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import { findRelation, type Relation } from './relation'

interface ColumnDef {
  name: string
  type: string
  not_null: boolean
  identity: string
  generated: string
  expr: string | null
  comment: string | null
}

const COLUMNS_SQL = `
select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
  a.attidentity as identity, a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid) as expr,
  col_description(a.attrelid, a.attnum) as comment
from pg_attribute a
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
order by a.attnum`

/** Constraints other than not-null (written on the column) and constraint triggers. */
const CONSTRAINTS_SQL = `
select conname as name, pg_get_constraintdef(oid, true) as definition
from pg_constraint
where conrelid = $1::oid and contype in ('p', 'u', 'f', 'c', 'x') and coninhcount = 0
order by array_position(array['p', 'u', 'f', 'c', 'x']::"char"[], contype), conname`

/** Indexes that no constraint already creates. */
const INDEXES_SQL = `
select pg_get_indexdef(i.indexrelid) || ';' as definition
from pg_index i
where i.indrelid = $1::oid and not exists (
  select from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x')
)
order by i.indexrelid`

const TABLE_SQL = `
select c.relrowsecurity as rls_enabled, c.relforcerowsecurity as rls_forced,
  pg_get_partkeydef(c.oid) as partition_key,
  (select array[pn.nspname::text, p.relname::text] from pg_inherits h
    join pg_class p on p.oid = h.inhparent join pg_namespace pn on pn.oid = p.relnamespace
    where c.relispartition and h.inhrelid = c.oid) as partition_of,
  pg_get_expr(c.relpartbound, c.oid) as partition_bound,
  (select s.srvname from pg_foreign_table f join pg_foreign_server s on s.oid = f.ftserver
    where f.ftrelid = c.oid) as server,
  (select f.ftoptions from pg_foreign_table f where f.ftrelid = c.oid) as options
from pg_class c where c.oid = $1::oid`

interface TableInfo {
  rls_enabled: boolean
  rls_forced: boolean
  partition_key: string | null
  /** the parent's [schema, name] when the table is a partition */
  partition_of: [string, string] | null
  partition_bound: string | null
  server: string | null
  options: string[] | null
}

function columnLine(c: ColumnDef): string {
  const parts = [quoteIdent(c.name), c.type]
  if (c.identity) parts.push(`generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`)
  else if (c.generated) parts.push(`generated always as (${c.expr}) stored`)
  else if (c.expr !== null) parts.push(`default ${c.expr}`)
  if (c.not_null) parts.push('not null')
  return parts.join(' ')
}

function foreignOptions(options: string[] | null): string {
  if (!options?.length) return ''
  const pairs = options.map((o) => {
    const at = o.indexOf('=')
    return `${quoteIdent(o.slice(0, at))} ${quoteLiteral(o.slice(at + 1))}`
  })
  return ` options (${pairs.join(', ')})`
}

function comments(target: string, relation: Relation, columns: ColumnDef[]): string[] {
  const kind = relation.type === 'partitioned table' ? 'table' : relation.type
  const out = relation.comment === null ? [] : [`comment on ${kind} ${target} is ${quoteLiteral(relation.comment)};`]
  for (const c of columns) {
    if (c.comment !== null) out.push(`comment on column ${target}.${quoteIdent(c.name)} is ${quoteLiteral(c.comment)};`)
  }
  return out
}

export async function tableDefinition(db: Queryable, id: number): Promise<TableDefinition> {
  const relation = await findRelation(db, id)
  const target = quoteQualified(relation.schema, relation.name)
  const columns = (await db.query<ColumnDef>(COLUMNS_SQL, [id])).rows

  if (relation.type === 'view' || relation.type === 'materialized view') {
    const { rows } = await db.query<{ definition: string }>('select pg_get_viewdef($1::oid, true) as definition', [id])
    const create = `create ${relation.type} ${target} as\n${rows[0]?.definition.trim() ?? ''}`
    return { sql: [create, ...comments(target, relation, columns)].join('\n\n') }
  }

  const [table, constraints, indexes] = await Promise.all([
    db.query<TableInfo>(TABLE_SQL, [id]),
    db.query<{ name: string; definition: string }>(CONSTRAINTS_SQL, [id]),
    db.query<{ definition: string }>(INDEXES_SQL, [id]),
  ])
  const info = table.rows[0]
  let create: string
  if (info?.partition_of) {
    const parent = quoteQualified(...info.partition_of)
    create = `create table ${target} partition of ${parent} ${info.partition_bound ?? ''};`
  } else {
    const lines = [
      ...columns.map(columnLine),
      ...constraints.rows.map((k) => `constraint ${quoteIdent(k.name)} ${k.definition}`),
    ]
    const kind = relation.type === 'foreign table' ? 'foreign table' : 'table'
    const tail = info?.server
      ? ` server ${quoteIdent(info.server)}${foreignOptions(info.options)}`
      : info?.partition_key ? ` partition by ${info.partition_key}` : ''
    create = `create ${kind} ${target} (\n${lines.map((l) => `  ${l}`).join(',\n')}\n)${tail};`
  }
  const statements = [create, ...indexes.rows.map((i) => i.definition), ...comments(target, relation, columns)]
  if (info?.rls_enabled) statements.push(`alter table ${target} enable row level security;`)
  if (info?.rls_forced) statements.push(`alter table ${target} force row level security;`)
  return { sql: statements.join('\n\n') }
}
