/**
 * The schema visualizer's UI state: the table in focus (found by the search or a command) and a layout
 * version that Reset layout bumps. The diagram itself (zoom, pan, export) is reached through the view the
 * page registers while it is mounted; headless there is none, and the commands that need it say so.
 */
import { proxy } from 'valtio'

export interface VisualizerView {
  fit(): void
  zoomIn(): void
  zoomOut(): void
  /** centres the table's node (already highlighted through the store) */
  focus(nodeId: string): void
  /** the diagram as an image: a data URL */
  image(kind: 'png' | 'svg'): Promise<string>
}

export const visualizerState = proxy({
  /** the node id (schema.name) of the table in focus */
  focused: null as string | null,
  /** bumped by Reset layout: the page lays the graph out again */
  layoutVersion: 0,
  /** a view is registered (the diagram is on screen) */
  ready: false,
})

let view: VisualizerView | null = null

export function registerView(v: VisualizerView | null): void {
  view = v
  visualizerState.ready = v !== null
}

export const currentView = (): VisualizerView | null => view

export function focusTable(nodeId: string | null): void {
  visualizerState.focused = nodeId
  if (nodeId) view?.focus(nodeId)
}

export function bumpLayout(): void {
  visualizerState.layoutVersion++
}
