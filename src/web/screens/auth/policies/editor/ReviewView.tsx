/** The review: the exact SQL the save runs (the same function the server runs it with), read-only, and the policy tried. */
import { useSnapshot } from 'valtio'
import { policyEditor } from '../../../../model/auth/policies/policy-editor-state'
import { reviewOfForm } from '../../../../model/auth/policies/policy-writes'
import { PolicyReview } from './PolicyReview'
import { ReviewTry } from './ReviewTry'

export function ReviewView({ projectRef }: { projectRef: string }) {
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
      tryIt={<ReviewTry projectRef={projectRef} />}
    />
  )
}
