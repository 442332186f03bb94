/**
 * The chosen cell's value, whole and readable, in a panel beside the grid: JSON pretty-printed, long text
 * wrapped, NULL said. Copy takes the text shown; Escape (in the grid or here) or Close puts it away.
 */
import type { KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { X } from 'lucide-react'
import type { StatementResult } from '../../../../shared/content'
import { chosenCell, resultsView, setViewerOpen, viewerText } from '../../../model/sql-editor/results/view'
import { Badge, CopyButton, IconButton } from '../../../ui'

export function ValueViewer({ result }: { result: StatementResult }) {
  const { cell } = useSnapshot(resultsView)
  const chosen = chosenCell(result, cell)
  if (!chosen) return null
  const text = viewerText(chosen.value, chosen.json)
  /** Escape puts the viewer away and gives the keyboard back to the grid. */
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    setViewerOpen(false)
    event.currentTarget.parentElement?.querySelector<HTMLElement>('[role="grid"]')?.focus()
  }
  return (
    <aside className="sql-viewer" aria-label="Cell value" onKeyDown={onKeyDown}>
      <header className="sql-viewer__head">
        <span className="sql-viewer__title" title={chosen.column.name}>
          {chosen.column.name}
        </span>
        <span className="sql-muted">row {(chosen.row + 1).toLocaleString('en-US')}</span>
        {chosen.json && <Badge>JSON</Badge>}
        <span className="sql-toolbar__spacer" />
        <CopyButton text={chosen.value === null || chosen.value === undefined ? '' : text} size="sm" variant="ghost" />
        <IconButton label="Close" icon={<X size={14} />} size="sm" onClick={() => setViewerOpen(false)} />
      </header>
      <pre className="sql-viewer__value">{text}</pre>
    </aside>
  )
}
