/** The review (spec 4): the exact SQL of every policy the save creates (or the change it makes), read-only. */
import { useSnapshot } from 'valtio'
import { sqlCommandsFor } from '../../../../../shared/storage-policies'
import { press } from '../../../../commands-run'
import { Alert, Button, Kbd } from '../../../../ui'
import { SqlField } from '../../../auth/policies/editor/SqlField'
import { SUBMIT_BINDING } from '../../../auth/policies/editor/submit'
import { storagePolicyModal } from '../storage-policy-state'
import { storageReviewOfForm } from '../storage-policy-writes'

export function StorageReviewView() {
  const { saving, policy, form } = useSnapshot(storagePolicyModal)
  const review = storageReviewOfForm()
  const sql = 'sql' in review ? review.sql : ''
  const count = policy ? 0 : sqlCommandsFor(form.operations).length
  return (
    <>
      <div className="ui-dialog__body pol-review">
        <p className="pol-muted">
          {count > 1 ? <span className="spol-review__count">{count} policies, one per SQL command. </span> : null}
          This SQL runs on your database when you save:
        </p>
        {'problem' in review ? (
          <Alert type="destructive">{review.problem}</Alert>
        ) : sql ? (
          <SqlField id="spol-review-sql" label="SQL to run" value={sql} readOnly />
        ) : (
          <p>Nothing changed: there is nothing to run.</p>
        )}
      </div>
      <footer className="ui-dialog__footer">
        <Button variant="ghost" onClick={() => press('storage.policies.modal.back')}>
          Back
        </Button>
        <span className="pol-card__spacer" />
        <Button
          variant="primary"
          autoFocus
          loading={saving}
          disabled={!sql}
          onClick={() => press('storage.policies.modal.save')}
          iconRight={<Kbd binding={SUBMIT_BINDING} />}
        >
          {policy ? 'Save changes' : count > 1 ? `Save ${count} policies` : 'Save policy'}
        </Button>
      </footer>
    </>
  )
}
