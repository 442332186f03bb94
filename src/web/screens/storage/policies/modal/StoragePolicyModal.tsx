/**
 * The storage policy modal (spec 4): selection → templates or editor → review → saved; a failed save
 * returns to the editor. Every button and key runs a storage.policies.modal.* command; the frame it shares
 * with the policy editor binds ⌘Enter and Escape.
 */
import { useSnapshot } from 'valtio'
import { PolicyForm } from '../../../auth/policies/editor/PolicyForm'
import { PolicyModalFrame } from '../../../auth/policies/editor/PolicyModalFrame'
import { SelectionView } from '../../../auth/policies/editor/SelectionView'
import { storagePolicyModal } from '../../../../model/storage/policies/storage-policy-state'
import { StorageReviewView } from './StorageReviewView'
import { StorageTemplatesView } from './StorageTemplatesView'

const TITLES = {
  selection: 'Create a new storage policy',
  templates: 'Choose a template',
  editor: 'New storage policy',
  review: 'Review the SQL',
} as const

const COMMANDS = {
  close: 'storage.policies.modal.close', review: 'storage.policies.modal.review', save: 'storage.policies.modal.save',
  try: 'storage.policies.modal.try',
} as const

export function StoragePolicyModal({ projectRef }: { projectRef: string }) {
  const { open, view, bucketId, policy } = useSnapshot(storagePolicyModal)
  const title = policy ? `Edit policy ${policy.name}` : TITLES[view]
  const on = policy ? `storage.${policy.table}` : bucketId ? `bucket ${bucketId}` : 'storage.objects'

  return (
    <PolicyModalFrame open={open} view={view} title={title} on={on} className="spol-modal" commands={COMMANDS}>
      {view === 'selection' && (
        <SelectionView
          start="storage.policies.modal.start"
          templatesText="Public JPG images, a folder per user, a folder for signed-in users, one user's folder or file…"
          scratchText="Choose the operations, roles and definition yourself."
        />
      )}
      {view === 'templates' && <StorageTemplatesView />}
      {view === 'editor' && <PolicyForm kind="storage" projectRef={projectRef} />}
      {view === 'review' && <StorageReviewView projectRef={projectRef} />}
    </PolicyModalFrame>
  )
}
