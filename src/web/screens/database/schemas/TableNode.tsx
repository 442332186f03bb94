/**
 * One table of the visualizer: its name, then a row per column (name, badges, type) with a handle on each
 * side, so a foreign key's edge runs column to column. Memoized: React Flow re-renders a node only when
 * its own object changes (a drag, the focus), never for a pan or a zoom. Far out (the whole schema in
 * view) a table is its name over grey bars with one handle a side: a tenth of the elements to mount, paint
 * and keep subscribed while the view moves.
 */
import { createContext, memo, useContext } from 'react'
import { Handle, Position, useStore, type Node, type NodeProps, type ReactFlowState } from '@xyflow/react'
import { ExternalLink, Table2 } from 'lucide-react'
import type { SchemaGraphColumn } from '../../../../shared/contract/pg-meta-schema-graph'
import {
  NODE_ROW_HEIGHT, TABLE_SOURCE, TABLE_TARGET, sourceHandle, targetHandle, type TableNodeData,
} from '../../../model/database/schemas/graph-layout'

export type TableFlowNode = Node<TableNodeData, 'table'>

/** below this zoom the columns are drawn as bars */
export const FAR_ZOOM = 0.4
export const farSelector = (s: ReactFlowState) => s.transform[2] < FAR_ZOOM
/** true while the diagram is taken as an image: every table in full, whatever the zoom */
export const ExportingContext = createContext(false)

function Badges({ column }: { column: SchemaGraphColumn }) {
  return (
    <span className="viz-col__badges">
      {column.is_primary_key && <span className="viz-badge viz-badge--pk" title="Primary key">PK</span>}
      {column.is_identity && <span className="viz-badge viz-badge--id" title={`Identity (generated ${column.identity_generation?.toLowerCase()})`}>ID</span>}
      {column.is_unique && <span className="viz-badge viz-badge--uq" title="Unique">UQ</span>}
      {column.is_nullable && column.format && <span className="viz-badge viz-badge--null" title="Nullable">NULL</span>}
    </span>
  )
}

export const TableNode = memo(function TableNode({ data, selected }: NodeProps<TableFlowNode>) {
  const far = useStore(farSelector) && !useContext(ExportingContext)
  const label = data.external ? `${data.schema}.${data.name}` : data.name
  return (
    <div
      className={`viz-node${data.external ? ' viz-node--external' : ''}${selected ? ' viz-node--selected' : ''}`}
      data-table={`${data.schema}.${data.name}`}
      aria-label={`Table ${data.schema}.${data.name}`}
    >
      <div className="viz-node__header" title={data.external ? `${data.schema}.${data.name}: a table of another schema` : label}>
        {data.external ? <ExternalLink size={13} aria-hidden /> : <Table2 size={13} aria-hidden />}
        <span className="viz-node__name">{label}</span>
      </div>
      {far ? (
        <div className="viz-node__bars" style={{ height: Math.max(1, data.columns.length) * NODE_ROW_HEIGHT }}>
          <Handle type="target" position={Position.Left} id={TABLE_TARGET} isConnectable={false} className="viz-handle" />
          <Handle type="source" position={Position.Right} id={TABLE_SOURCE} isConnectable={false} className="viz-handle" />
        </div>
      ) : data.columns.length === 0 ? (
        <div className="viz-col viz-col--none">no columns</div>
      ) : (
        data.columns.map((c) => (
          <div className="viz-col" key={c.name} data-column={c.name}>
            <Handle type="target" position={Position.Left} id={targetHandle(c.name)} isConnectable={false} className="viz-handle" />
            <span className={`viz-col__name${c.is_primary_key ? ' viz-col__name--pk' : ''}`} title={c.name}>{c.name}</span>
            <Badges column={c} />
            <span className="viz-col__type" title={c.format}>{c.format}</span>
            <Handle type="source" position={Position.Right} id={sourceHandle(c.name)} isConnectable={false} className="viz-handle" />
          </div>
        ))
      )}
    </div>
  )
})
