/** Finding a table of the visualizer by name (the search box and the find command share it). No layout code here. */
import type { SchemaGraph } from '../../../../shared/contract/pg-meta-schema-graph'

export interface FindableTable {
  /** the node id: schema.name */
  id: string
  name: string
  external: boolean
}

/** The graph's tables and the tables of other schemas its keys reach, as the diagram's nodes name them. */
export function findableTables(graph: SchemaGraph): FindableTable[] {
  const out = new Map<string, FindableTable>()
  for (const t of graph.tables) out.set(`${t.schema}.${t.name}`, { id: `${t.schema}.${t.name}`, name: t.name, external: false })
  for (const r of graph.relationships) {
    for (const [schema, name] of [[r.source_schema, r.source_table_name], [r.target_table_schema, r.target_table_name]] as const) {
      const id = `${schema}.${name}`
      if (!out.has(id)) out.set(id, { id, name, external: true })
    }
  }
  return [...out.values()]
}

/** The tables whose name (or schema.name) holds `text`, the best first: exact, prefix, then substring (the shorter name first). */
export function matchTables<T extends FindableTable>(tables: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  const rank = (t: T) => {
    const name = t.name.toLowerCase()
    const id = t.id.toLowerCase()
    if (name === needle || id === needle) return 0
    if (name.startsWith(needle)) return 1
    return name.includes(needle) || id.includes(needle) ? 2 : 3
  }
  return tables
    .map((t) => [rank(t), t] as const)
    .filter(([r]) => r < 3)
    .sort((a, b) => a[0] - b[0] || Number(a[1].external) - Number(b[1].external) || a[1].name.length - b[1].name.length || a[1].name.localeCompare(b[1].name))
    .map(([, t]) => t)
}
