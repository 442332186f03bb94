/** The editor's first view: start from a template or from scratch. */
import { FilePlus2, LayoutTemplate } from 'lucide-react'
import { press } from '../../../../commands-run'

export function SelectionView() {
  return (
    <div className="ui-dialog__body pol-selection">
      <button type="button" className="pol-choice" autoFocus onClick={() => press('policies.editor.start', { from: 'templates' })}>
        <LayoutTemplate size={22} />
        <span className="pol-choice__title">From a template</span>
        <span className="pol-muted">Start from a common policy: read for everyone, insert for signed-in users, own rows by user id…</span>
      </button>
      <button type="button" className="pol-choice" onClick={() => press('policies.editor.start', { from: 'scratch' })}>
        <FilePlus2 size={22} />
        <span className="pol-choice__title">From scratch</span>
        <span className="pol-muted">Write the operation, roles and expressions yourself.</span>
      </button>
    </div>
  )
}
