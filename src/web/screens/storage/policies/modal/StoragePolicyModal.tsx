/**
 * The storage policy modal (spec 4): selection → templates or editor → review → saved; a failed save
 * returns to the editor. Every button and key runs a storage.policies.modal.* command; ⌘Enter goes on
 * (editor → review → save); Escape and the close button ask to discard unsaved edits.
 */
import type { KeyboardEvent } from 'react'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { press } from '../../../../commands-run'
import { storagePolicyModal } from '../storage-policy-state'
import { StorageEditorForm } from './StorageEditorForm'
import { StorageReviewView } from './StorageReviewView'
import { SelectionView, TemplatesView } from './StartViews'
import { submitStoragePolicy } from './submit'

const TITLES = {
  selection: 'Create a new storage policy',
  templates: 'Choose a template',
  editor: 'New storage policy',
  review: 'Review the SQL',
} as const

export function StoragePolicyModal({ projectRef }: { projectRef: string }) {
  const { open, view, bucketId, policy } = useSnapshot(storagePolicyModal)
  const close = () => press('storage.policies.modal.close')

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.metaKey || e.ctrlKey) && e.key === 'Enter' && !(e.target as HTMLElement).closest('.cm-editor')) {
      e.preventDefault()
      submitStoragePolicy()
    }
  }
  const title = policy ? `Edit policy ${policy.name}` : TITLES[view]
  const on = policy ? `storage.${policy.table}` : bucketId ? `bucket ${bucketId}` : 'storage.objects'

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          className="ui-dialog ui-dialog--large pol-editor spol-modal"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onEscapeKeyDown={(e) => {
            e.preventDefault()
            close()
          }}
        >
          <header className="ui-dialog__header">
            <Dialog.Title className="ui-dialog__title">
              {title}
              <span className="pol-editor__table"> on {on}</span>
            </Dialog.Title>
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label="Close" onClick={close}>
              <X size={16} />
            </button>
          </header>
          {view === 'selection' && <SelectionView />}
          {view === 'templates' && <TemplatesView />}
          {view === 'editor' && <StorageEditorForm projectRef={projectRef} />}
          {view === 'review' && <StorageReviewView />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
