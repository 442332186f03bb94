/** The review (spec 4): the exact SQL of every policy the save creates (or the change it makes), read-only, and the policies tried. */
import { useSnapshot } from 'valtio'
import { sqlCommandsFor } from '../../../../../shared/storage-policies'
import { PolicyReview } from '../../../auth/policies/editor/PolicyReview'
import { storagePolicyModal } from '../../../../model/storage/policies/storage-policy-state'
import { storageReviewOfForm } from '../../../../model/storage/policies/storage-policy-writes'
import { StorageReviewTry } from './StorageReviewTry'

export function StorageReviewView({ projectRef }: { projectRef: string }) {
  const { saving, policy, form } = useSnapshot(storagePolicyModal)
  const count = policy ? 0 : sqlCommandsFor(form.operations).length
  return (
    <PolicyReview
      review={storageReviewOfForm()}
      lead={count > 1 ? <span className="spol-review__count">{count} policies, one per SQL command. </span> : null}
      saving={saving}
      saveLabel={policy ? 'Save changes' : count > 1 ? `Save ${count} policies` : 'Save policy'}
      sqlFieldId="spol-review-sql"
      back="storage.policies.modal.back"
      save="storage.policies.modal.save"
      tryIt={<StorageReviewTry projectRef={projectRef} />}
    />
  )
}
