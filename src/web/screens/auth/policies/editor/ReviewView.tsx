/** The review: the exact SQL the save runs (the same function the server runs it with), read-only. */
import { useSnapshot } from 'valtio'
import { policyEditor } from '../../../../model/auth/policies/policy-editor-state'
import { reviewOfForm } from '../../../../model/auth/policies/policy-writes'
import { PolicyReview } from './PolicyReview'

export function ReviewView() {
  const { saving, saveError, policy } = useSnapshot(policyEditor)
  return (
    <PolicyReview
      review={reviewOfForm()}
      saveError={saveError}
      saving={saving}
      saveLabel={policy ? 'Save changes' : 'Save policy'}
      sqlFieldId="pol-review-sql"
      back="policies.editor.back"
      save="policies.editor.save"
    />
  )
}
