import { press } from '../../../../commands-run'
import { storagePolicyModal } from '../storage-policy-state'

/** ⌘Enter / Ctrl+Enter inside the modal: its next step (editor → review → save). */
export function submitStoragePolicy(): void {
  if (storagePolicyModal.view === 'editor') press('storage.policies.modal.review')
  else if (storagePolicyModal.view === 'review') press('storage.policies.modal.save')
}
