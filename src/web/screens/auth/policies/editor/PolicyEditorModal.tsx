/**
 * The policy editor modal (spec 4): selection → templates or editor → review → save. Every button and
 * key runs a policies.editor.* command; ⌘Enter goes on (editor → review → save); Escape and the close
 * button ask to discard unsaved edits.
 */
import type { KeyboardEvent } from 'react'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { EditorView } from '@codemirror/view'
import { closeCompletion } from '@codemirror/autocomplete'
import { press } from '../../../../commands-run'
import { policyEditor } from '../policy-editor-state'
import { EditorForm } from './EditorForm'
import { ReviewView } from './ReviewView'
import { SelectionView } from './SelectionView'
import { TemplatesView } from './TemplatesView'
import { submitEditor } from './submit'

const TITLES = {
  selection: 'Create a new policy',
  templates: 'Choose a template',
  editor: 'New policy',
  review: 'Review the SQL',
} as const

/** Closes the completion list of the focused SQL field; whether there was one. */
function closeOpenCompletion(): boolean {
  const dom = document.activeElement?.closest<HTMLElement>('.cm-editor')
  const view = dom ? EditorView.findFromDOM(dom) : null
  return view ? closeCompletion(view) : false
}

export function PolicyEditorModal({ projectRef }: { projectRef: string }) {
  const { open, view, target, policy } = useSnapshot(policyEditor)

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.metaKey || e.ctrlKey) && e.key === 'Enter' && !(e.target as HTMLElement).closest('.cm-editor')) {
      e.preventDefault()
      submitEditor()
    }
  }
  const title = view === 'editor' && policy ? `Edit policy ${policy.name}` : TITLES[view]

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) press('policies.editor.close')
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          className="ui-dialog ui-dialog--large pol-editor"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onEscapeKeyDown={(e) => {
            // a SQL field's completion list closes first; the dialog closes through its command (discard check)
            e.preventDefault()
            if (!closeOpenCompletion()) press('policies.editor.close')
          }}
        >
          <header className="ui-dialog__header">
            <Dialog.Title className="ui-dialog__title">
              {title}
              {target && <span className="pol-editor__table"> on {target.schema}.{target.table}</span>}
            </Dialog.Title>
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label="Close" onClick={() => press('policies.editor.close')}>
              <X size={16} />
            </button>
          </header>
          {view === 'selection' && <SelectionView />}
          {view === 'templates' && <TemplatesView />}
          {view === 'editor' && <EditorForm projectRef={projectRef} />}
          {view === 'review' && <ReviewView />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
