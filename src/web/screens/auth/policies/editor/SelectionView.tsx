/** A policy modal's first view (both modals'): start from a template or from scratch. */
import { FilePlus2, LayoutTemplate } from 'lucide-react'
import type { CommandId } from '../../../../../../commands/all'
import { press } from '../../../../commands-run'

interface SelectionViewProps {
  /** the modal's start command, taking { from: 'templates' | 'scratch' } */
  start: CommandId
  /** what each choice offers */
  templatesText: string
  scratchText: string
}

export function SelectionView({ start, templatesText, scratchText }: SelectionViewProps) {
  return (
    <div className="ui-dialog__body pol-selection">
      <button type="button" className="pol-choice" autoFocus onClick={() => press(start, { from: 'templates' })}>
        <LayoutTemplate size={22} />
        <span className="pol-choice__title">From a template</span>
        <span className="pol-muted">{templatesText}</span>
      </button>
      <button type="button" className="pol-choice" onClick={() => press(start, { from: 'scratch' })}>
        <FilePlus2 size={22} />
        <span className="pol-choice__title">From scratch</span>
        <span className="pol-muted">{scratchText}</span>
      </button>
    </div>
  )
}
