/**
 * The diagram: React Flow over the schema's graph. The layout runs once per graph (or Reset layout), the
 * positions a person drags are remembered per project and schema, only the nodes in view render, and at a
 * far zoom the columns turn into bars (no text to paint). The view it registers lets the commands fit,
 * zoom, focus a table and take the diagram as an image.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  Background, MiniMap, Panel, ReactFlow, ReactFlowProvider, getNodesBounds, getViewportForBounds, useEdgesState,
  useNodesState, useReactFlow, useStore, useUpdateNodeInternals, type Edge, type Node, type NodeMouseHandler,
} from '@xyflow/react'
import { toPng, toSvg } from 'html-to-image'
import { Maximize, Minus, Plus } from 'lucide-react'
import { useSnapshot } from 'valtio'
import '@xyflow/react/dist/style.css'
import type { SchemaGraph } from '../../../../shared/contract/pg-meta-schema-graph'
import { press } from '../../../commands-run'
import { IconButton } from '../../../ui'
import { TABLE_SOURCE, TABLE_TARGET, autoLayout, buildGraph, placeNodes, type Position } from '../../../model/database/schemas/graph-layout'
import { loadPositions, savePositions } from '../../../model/database/schemas/positions'
import { focusTable, registerView, visualizerState } from '../../../model/database/schemas/visualizer-state'
import { ExportingContext, TableNode, farSelector, type TableFlowNode } from './TableNode'

const nodeTypes = { table: TableNode }
/** an exported image is at most this many pixels on its longer side */
const MAX_IMAGE_SIDE = 8192
const IMAGE_PADDING = 32

interface DiagramProps {
  projectRef: string
  schema: string
  graph: SchemaGraph
}

export function SchemaDiagram(props: DiagramProps) {
  return (
    <ReactFlowProvider>
      <Diagram {...props} />
    </ReactFlowProvider>
  )
}

/** inline (not from a class): an exported image keeps only inline styles on SVG paths */
const EDGE_STYLE = { stroke: 'var(--text-faint)', strokeWidth: 1.25 }
const FOCUSED_EDGE_STYLE = { stroke: 'var(--accent)', strokeWidth: 2 }

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

function Diagram({ projectRef, schema, graph }: DiagramProps) {
  const { layoutVersion, focused } = useSnapshot(visualizerState)
  const flow = useReactFlow<TableFlowNode, Edge>()
  const far = useStore(farSelector)
  const updateNodeInternals = useUpdateNodeInternals()
  const wrapper = useRef<HTMLDivElement>(null)
  const [exporting, setExporting] = useState(false)

  // one layout per graph (and per Reset layout): the saved positions over dagre's
  const laid = useMemo(() => {
    const started = performance.now()
    const { nodes, edges } = buildGraph(graph)
    const auto = autoLayout(nodes, edges)
    const layoutMs = performance.now() - started
    performance.measure?.('schema-visualizer:layout', { start: started, end: started + layoutMs })
    const placed = placeNodes(nodes, auto, loadPositions(projectRef, schema))
    const flowNodes: TableFlowNode[] = placed.map((n) => ({
      id: n.id, type: 'table', position: n.position, data: n.data, width: n.width, height: n.height,
      initialWidth: n.width, initialHeight: n.height,
    }))
    const flowEdges: Edge[] = edges.map((e) => ({
      id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle,
      type: 'smoothstep', ariaLabel: e.label, focusable: false, style: EDGE_STYLE,
    }))
    return { nodes: flowNodes, edges: flowEdges, layoutMs }
    // layoutVersion: Reset layout lays out again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [graph, projectRef, schema, layoutVersion])

  const [nodes, setNodes, onNodesChange] = useNodesState<TableFlowNode>(laid.nodes)
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(laid.edges)
  const first = useRef(true)
  // fits the bounds of every table from the sizes the layout gave them: the tables out of view are not
  // rendered, so not measured, and React Flow's own fitView would leave them out
  const fitAll = useCallback((duration = 0) => {
    const bounds = getNodesBounds(flow.getNodes())
    if (bounds.width > 0) void flow.fitBounds(bounds, { padding: 0.08, duration })
  }, [flow])
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    setNodes(laid.nodes)
    setEdges(laid.edges)
    requestAnimationFrame(() => fitAll(200))
  }, [laid, setNodes, setEdges, fitAll])

  // the table in focus is the selected node, its keys drawn stronger
  useEffect(() => {
    setNodes((ns) => ns.map((n) => (n.selected === (n.id === focused) ? n : { ...n, selected: n.id === focused })))
    setEdges((es) => es.map((e) => {
      const on = focused !== null && (e.source === focused || e.target === focused)
      return Boolean(e.animated) === on ? e : { ...e, animated: on, style: on ? FOCUSED_EDGE_STYLE : EDGE_STYLE, className: on ? 'viz-edge--focused' : undefined }
    }))
  }, [focused, setNodes, setEdges, laid])

  // far out the edges meet the tables' own handles (the columns are not drawn); the handles are measured again on a switch
  const compact = far && !exporting
  const shownEdges = useMemo(
    () => (compact ? edges.map((e) => ({ ...e, sourceHandle: TABLE_SOURCE, targetHandle: TABLE_TARGET })) : edges),
    [edges, compact],
  )
  const remeasured = useRef(compact)
  useEffect(() => {
    if (remeasured.current === compact) return
    remeasured.current = compact
    const frame = requestAnimationFrame(() => updateNodeInternals(flow.getNodes().map((n) => n.id)))
    return () => cancelAnimationFrame(frame)
  }, [compact, flow, updateNodeInternals])

  const onNodeDragStop = useCallback((_: unknown, _node: Node, dragged: Node[]) => {
    const moved: Record<string, Position> = {}
    for (const n of dragged) moved[n.id] = { x: n.position.x, y: n.position.y }
    savePositions(projectRef, schema, moved)
  }, [projectRef, schema])

  const onNodeClick: NodeMouseHandler<TableFlowNode> = useCallback((_, node) => {
    visualizerState.focused = node.id
  }, [])
  const onPaneClick = useCallback(() => {
    visualizerState.focused = null
  }, [])

  // the view the commands reach
  useEffect(() => {
    const image = async (kind: 'png' | 'svg') => {
      // every node in the DOM for the picture (only those in view are, otherwise)
      setExporting(true)
      try {
        await nextFrame()
        await nextFrame()
        updateNodeInternals(flow.getNodes().map((n) => n.id))
        await nextFrame()
        await nextFrame()
        const viewport = wrapper.current?.querySelector<HTMLElement>('.react-flow__viewport')
        if (!viewport) throw new Error('The diagram is not on screen')
        const bounds = getNodesBounds(flow.getNodes())
        const zoom = Math.min(1, MAX_IMAGE_SIDE / (bounds.width + 2 * IMAGE_PADDING), MAX_IMAGE_SIDE / (bounds.height + 2 * IMAGE_PADDING))
        const width = Math.ceil(bounds.width * zoom + 2 * IMAGE_PADDING)
        const height = Math.ceil(bounds.height * zoom + 2 * IMAGE_PADDING)
        const v = getViewportForBounds(bounds, width, height, zoom, zoom, `${IMAGE_PADDING}px`)
        const options = {
          backgroundColor: getComputedStyle(wrapper.current!).getPropertyValue('--viz-image-bg').trim() || '#ffffff',
          width,
          height,
          pixelRatio: Math.max(1, Math.min(2, MAX_IMAGE_SIDE / Math.max(width, height))),
          skipFonts: true,
          style: { width: `${width}px`, height: `${height}px`, transform: `translate(${v.x}px, ${v.y}px) scale(${v.zoom})` },
        }
        return kind === 'png' ? await toPng(viewport, options) : await toSvg(viewport, options)
      } finally {
        setExporting(false)
      }
    }
    registerView({
      fit: () => fitAll(250),
      zoomIn: () => void flow.zoomIn({ duration: 150 }),
      zoomOut: () => void flow.zoomOut({ duration: 150 }),
      focus: (id) => {
        const node = flow.getInternalNode(id)
        if (!node) return
        const w = node.measured.width ?? node.width ?? 0
        const h = node.measured.height ?? node.height ?? 0
        const { x, y } = node.internals.positionAbsolute
        void flow.setCenter(x + w / 2, y + Math.min(h / 2, 240), { zoom: Math.max(flow.getZoom(), 0.9), duration: 300 })
      },
      image,
    })
    return () => registerView(null)
  }, [flow, updateNodeInternals, fitAll])

  // a table focused before the diagram was on screen (a command, a link): centre it once it is
  const centred = useRef(false)
  const onInit = useCallback(() => {
    // React Flow's fitView (a first guess from the tables it measured), then the bounds of all of them
    requestAnimationFrame(() => {
      fitAll()
      if (centred.current) return
      centred.current = true
      if (visualizerState.focused) focusTable(visualizerState.focused)
    })
  }, [fitAll])

  return (
    <div
      ref={wrapper}
      className={`viz-diagram${compact ? ' viz-diagram--far' : ''}`}
      data-layout-ms={laid.layoutMs.toFixed(1)}
      data-nodes={nodes.length}
      data-edges={edges.length}
    >
      <ExportingContext.Provider value={exporting}>
        <ReactFlow
          nodes={nodes}
          edges={shownEdges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onNodeDragStop={onNodeDragStop}
          onNodeClick={onNodeClick}
          onPaneClick={onPaneClick}
          onInit={onInit}
          onlyRenderVisibleElements={!exporting}
          nodesConnectable={false}
          elementsSelectable
          edgesFocusable={false}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          fitView
          fitViewOptions={{ padding: 0.08 }}
          minZoom={0.04}
          maxZoom={2}
          proOptions={{ hideAttribution: true }}
          aria-label={`Diagram of schema ${schema}`}
        >
          {/* far out the dots would be a pixel apart: hundreds of thousands of them painted each frame */}
          {!far && <Background gap={24} size={1} />}
          <MiniMap pannable zoomable className="viz-minimap" style={{ width: 180, height: 120 }} nodeBorderRadius={3} ariaLabel="Overview of the diagram" />
          <Panel position="bottom-left" className="viz-controls">
            <IconButton size="sm" variant="default" label="Zoom in" icon={<Plus size={14} />} onClick={() => press('database.schemas.view.zoom-in')} tooltipSide="right" />
            <IconButton size="sm" variant="default" label="Zoom out" icon={<Minus size={14} />} onClick={() => press('database.schemas.view.zoom-out')} tooltipSide="right" />
            <IconButton size="sm" variant="default" label="Fit view" icon={<Maximize size={14} />} onClick={() => press('database.schemas.view.fit')} tooltipSide="right" />
          </Panel>
        </ReactFlow>
      </ExportingContext.Provider>
    </div>
  )
}
