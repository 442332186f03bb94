/**
 * One schema's graph for the visualizer: its tables (ordinary, partitioned, foreign; not the partitions)
 * with their columns, and the foreign keys that start or end in it. Three catalog queries, whatever the
 * number of tables; the schema is a parameter.
 */
import type { SchemaGraph, SchemaGraphColumn, SchemaGraphRelationship, SchemaGraphTable } from '../../shared/contract/pg-meta-schema-graph'
import type { Queryable } from '../db/driver'

const KIND = { r: 'table', p: 'partitioned table', f: 'foreign table' } as const

/** the relations the visualizer draws: $1 is the schema */
export const GRAPH_TABLES_WHERE = `n.nspname = $1 and c.relkind in ('r', 'p', 'f') and not c.relispartition`

const TABLES_SQL = `
select c.oid::int as id, n.nspname as schema, c.relname as name, c.relkind::text as relkind,
  obj_description(c.oid, 'pg_class') as comment
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where ${GRAPH_TABLES_WHERE}
order by c.relname`

const COLUMNS_SQL = `
select a.attrelid::int as table_id, a.attname as name, format_type(a.atttypid, a.atttypmod) as format,
  not a.attnotnull as is_nullable, a.attidentity::text as identity, a.attnum::int as ordinal_position,
  exists (select from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey::int2[])) as is_primary_key,
  exists (select from pg_index i where i.indrelid = a.attrelid and i.indisunique and not i.indisprimary
    and i.indnkeyatts = 1 and i.indkey[0] = a.attnum and i.indpred is null and i.indexprs is null) as is_unique
from pg_attribute a
join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
where ${GRAPH_TABLES_WHERE} and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`

/** foreign keys (not the copies Postgres makes on partitions) with their columns in key order */
const RELATIONSHIPS_SQL = `
select k.oid::int as id, k.conname as constraint_name,
  sn.nspname as source_schema, sc.relname as source_table_name,
  array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as source_column_names,
  tn.nspname as target_table_schema, tc.relname as target_table_name,
  array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, ord)
    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.ord) as target_column_names
from pg_constraint k
join pg_class sc on sc.oid = k.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
join pg_class tc on tc.oid = k.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
where k.contype = 'f' and k.conparentid = 0 and (sn.nspname = $1 or tn.nspname = $1)
  and not sc.relispartition and not tc.relispartition
order by sn.nspname, sc.relname, k.conname`

interface TableRow { id: number; schema: string; name: string; relkind: keyof typeof KIND; comment: string | null }
interface ColumnRow extends Omit<SchemaGraphColumn, 'identity_generation' | 'is_identity'> { table_id: number; identity: string }

/** text[] arrives as a JS array from both drivers; a '{a,b}' literal is read too, to be safe */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'string') return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((s) => s.replace(/^"|"$/g, ''))
  return []
}

export async function schemaGraph(db: Queryable, schema: string): Promise<SchemaGraph> {
  const [tables, columns, relationships] = await Promise.all([
    db.query<TableRow>(TABLES_SQL, [schema]),
    db.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.query<SchemaGraphRelationship>(RELATIONSHIPS_SQL, [schema]),
  ])
  const byTable = new Map<number, SchemaGraphColumn[]>()
  for (const { table_id, identity, ...c } of columns.rows) {
    const list = byTable.get(table_id) ?? []
    if (!byTable.has(table_id)) byTable.set(table_id, list)
    list.push({
      name: c.name,
      format: c.format,
      is_nullable: c.is_nullable,
      identity_generation: identity === 'a' ? 'ALWAYS' : identity === 'd' ? 'BY DEFAULT' : null,
      is_identity: identity === 'a' || identity === 'd',
      is_unique: c.is_unique,
      is_primary_key: c.is_primary_key,
      ordinal_position: c.ordinal_position,
    })
  }
  const graphTables: SchemaGraphTable[] = tables.rows.map((t) => ({
    id: t.id, schema: t.schema, name: t.name, kind: KIND[t.relkind], comment: t.comment, columns: byTable.get(t.id) ?? [],
  }))
  return {
    schema,
    tables: graphTables,
    relationships: relationships.rows.map((r) => ({
      ...r, source_column_names: textArray(r.source_column_names), target_column_names: textArray(r.target_column_names),
    })),
  }
}
