/**
 * The policy editor modal (spec 4): selection → templates or editor → review → save. Every button and
 * key runs a policies.editor.* command; the shared frame binds ⌘Enter and Escape.
 */
import { useSnapshot } from 'valtio'
import { policyEditor } from '../../../../model/auth/policies/policy-editor-state'
import { PolicyForm } from './PolicyForm'
import { PolicyModalFrame } from './PolicyModalFrame'
import { ReviewView } from './ReviewView'
import { SelectionView } from './SelectionView'
import { TemplatesView } from './TemplatesView'

const TITLES = {
  selection: 'Create a new policy',
  templates: 'Choose a template',
  editor: 'New policy',
  review: 'Review the SQL',
} as const

const COMMANDS = {
  close: 'policies.editor.close', review: 'policies.editor.review', save: 'policies.editor.save', try: 'policies.editor.try',
} as const

export function PolicyEditorModal({ projectRef }: { projectRef: string }) {
  const { open, view, target, policy } = useSnapshot(policyEditor)
  const title = view === 'editor' && policy ? `Edit policy ${policy.name}` : TITLES[view]

  return (
    <PolicyModalFrame open={open} view={view} title={title} on={target && `${target.schema}.${target.table}`} commands={COMMANDS}>
      {view === 'selection' && (
        <SelectionView
          start="policies.editor.start"
          templatesText="Start from a common policy: read for everyone, insert for signed-in users, own rows by user id…"
          scratchText="Write the operation, roles and expressions yourself."
        />
      )}
      {view === 'templates' && <TemplatesView />}
      {view === 'editor' && <PolicyForm kind="database" projectRef={projectRef} />}
      {view === 'review' && <ReviewView projectRef={projectRef} />}
    </PolicyModalFrame>
  )
}
