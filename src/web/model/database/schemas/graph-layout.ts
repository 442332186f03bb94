/**
 * The visualizer's graph, pure: the schema's tables as nodes (plus one node per table of another schema a
 * foreign key reaches), one edge per column pair of each foreign key (column to column), and the automatic
 * layout (dagre, left to right) with the positions a person dragged laid over it. Node sizes are computed
 * here from the same constants the CSS uses, so the layout knows each table's height before it renders.
 */
import { Graph, layout } from '@dagrejs/dagre'
import type { SchemaGraph, SchemaGraphColumn, SchemaGraphRelationship } from '../../../../shared/contract/pg-meta-schema-graph'

/** px; the same numbers as schemas.css (.viz-node width, header and row heights) */
export const NODE_WIDTH = 280
export const NODE_HEADER_HEIGHT = 36
export const NODE_ROW_HEIGHT = 26
const NODE_EMPTY_HEIGHT = NODE_ROW_HEIGHT

export interface Position { x: number; y: number }

export interface TableNodeData extends Record<string, unknown> {
  /** the relation's oid; null for a table of another schema (only the columns its keys use are known) */
  tableId: number | null
  schema: string
  name: string
  columns: SchemaGraphColumn[]
  /** a table of another schema, drawn because a foreign key reaches it */
  external: boolean
}

export interface GraphNode {
  id: string
  position: Position
  width: number
  height: number
  data: TableNodeData
}

export interface GraphEdge {
  id: string
  source: string
  target: string
  sourceHandle: string
  targetHandle: string
  /** the constraint's name (the edge's label on hover) */
  label: string
}

export const nodeId = (schema: string, name: string) => `${schema}.${name}`
/** the handles of a column: edges leave from the right of the referencing column, reach the left of the referenced one */
export const sourceHandle = (column: string) => `${column}:out`
export const targetHandle = (column: string) => `${column}:in`

/** far out a table shows no columns: its edges meet the table's own two handles */
export const TABLE_SOURCE = 'table:out'
export const TABLE_TARGET = 'table:in'

export const nodeHeight = (columns: number) => NODE_HEADER_HEIGHT + (columns ? columns * NODE_ROW_HEIGHT : NODE_EMPTY_HEIGHT)

const externalColumn = (name: string, i: number): SchemaGraphColumn => ({
  name, format: '', is_nullable: true, identity_generation: null, is_identity: false, is_unique: false, is_primary_key: false, ordinal_position: i + 1,
})

/** Nodes (unpositioned) and edges of a schema's graph. */
export function buildGraph(graph: SchemaGraph): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>()
  for (const t of graph.tables) {
    nodes.set(nodeId(t.schema, t.name), {
      id: nodeId(t.schema, t.name),
      position: { x: 0, y: 0 },
      width: NODE_WIDTH,
      height: nodeHeight(t.columns.length),
      data: { tableId: t.id, schema: t.schema, name: t.name, columns: t.columns, external: false },
    })
  }
  const external = (schema: string, name: string, columns: string[]) => {
    const id = nodeId(schema, name)
    const known = nodes.get(id)
    if (known && !known.data.external) return
    const names = [...new Set([...(known?.data.columns.map((c) => c.name) ?? []), ...columns])]
    nodes.set(id, {
      id,
      position: { x: 0, y: 0 },
      width: NODE_WIDTH,
      height: nodeHeight(names.length),
      data: { tableId: null, schema, name, columns: names.map(externalColumn), external: true },
    })
  }
  for (const r of graph.relationships) {
    external(r.source_schema, r.source_table_name, r.source_column_names)
    external(r.target_table_schema, r.target_table_name, r.target_column_names)
  }
  const edges: GraphEdge[] = graph.relationships.flatMap((r: SchemaGraphRelationship) =>
    r.source_column_names.map((column, i) => ({
      id: `${r.id}:${i}`,
      source: nodeId(r.source_schema, r.source_table_name),
      target: nodeId(r.target_table_schema, r.target_table_name),
      sourceHandle: sourceHandle(column),
      targetHandle: targetHandle(r.target_column_names[i] ?? column),
      label: r.constraint_name,
    })),
  )
  return { nodes: [...nodes.values()], edges }
}

const GAP = 48

/**
 * Top-left positions of every node: dagre, left to right, for the tables some key connects (a referencing
 * table left of the one it references); the tables no key touches in a grid under them, so a schema of
 * unrelated tables is not one endless column.
 */
export function autoLayout(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Map<string, Position> {
  const linked = new Set<string>()
  for (const e of edges) {
    if (e.source === e.target) continue
    linked.add(e.source)
    linked.add(e.target)
  }
  const positions = new Map<string, Position>()
  let bottom = 0
  let right = 0
  if (linked.size) {
    const g = new Graph()
    g.setGraph({ rankdir: 'LR', nodesep: 32, ranksep: 120, marginx: 0, marginy: 0 })
    g.setDefaultEdgeLabel(() => ({}))
    for (const n of nodes) if (linked.has(n.id)) g.setNode(n.id, { width: n.width, height: n.height })
    const seen = new Set<string>()
    for (const e of edges) {
      const key = `${e.source}\u0000${e.target}`
      if (e.source === e.target || seen.has(key)) continue
      seen.add(key)
      g.setEdge(e.source, e.target)
    }
    layout(g)
    for (const n of nodes) {
      if (!linked.has(n.id)) continue
      const { x, y } = g.node(n.id) as unknown as Position
      const position = { x: Math.round(x - n.width / 2), y: Math.round(y - n.height / 2) }
      positions.set(n.id, position)
      bottom = Math.max(bottom, position.y + n.height)
      right = Math.max(right, position.x + n.width)
    }
  }
  const lonely = nodes.filter((n) => !linked.has(n.id))
  if (lonely.length) {
    const perRow = Math.max(4, Math.ceil(Math.sqrt(lonely.length)), Math.floor((right + GAP) / (NODE_WIDTH + GAP)))
    let y = linked.size ? bottom + GAP * 2 : 0
    for (let i = 0; i < lonely.length; i += perRow) {
      const row = lonely.slice(i, i + perRow)
      row.forEach((n, j) => positions.set(n.id, { x: j * (NODE_WIDTH + GAP), y }))
      y += Math.max(...row.map((n) => n.height)) + GAP
    }
  }
  return positions
}

/** The nodes placed: where a person dragged them if they did, else where the layout puts them. */
export function placeNodes(nodes: readonly GraphNode[], auto: Map<string, Position>, saved: Record<string, Position>): GraphNode[] {
  return nodes.map((n) => ({ ...n, position: saved[n.id] ?? auto.get(n.id) ?? { x: 0, y: 0 } }))
}
