/** The review: the exact SQL the save runs (the same function the server runs it with), read-only. */
import { useSnapshot } from 'valtio'
import { press } from '../../../../commands-run'
import { Alert, Button, Kbd } from '../../../../ui'
import { policyEditor } from '../policy-editor-state'
import { reviewOfForm } from '../policy-writes'
import { SqlField } from './SqlField'
import { SUBMIT_BINDING } from './submit'

export function ReviewView() {
  const { saving, saveError, policy } = useSnapshot(policyEditor)
  const review = reviewOfForm()
  const sql = 'sql' in review ? review.sql : ''
  return (
    <>
      <div className="ui-dialog__body pol-review">
        <p className="pol-muted">This SQL runs on your database when you save:</p>
        {'problem' in review ? (
          <Alert type="destructive">{review.problem}</Alert>
        ) : sql ? (
          <SqlField id="pol-review-sql" label="SQL to run" value={sql} readOnly />
        ) : (
          <p>Nothing changed: there is nothing to run.</p>
        )}
        {saveError && <Alert type="destructive">{saveError}</Alert>}
      </div>
      <footer className="ui-dialog__footer">
        <Button variant="ghost" onClick={() => press('policies.editor.back')}>
          Back
        </Button>
        <span className="pol-card__spacer" />
        <Button
          variant="primary"
          autoFocus
          loading={saving}
          disabled={!sql}
          onClick={() => press('policies.editor.save')}
          iconRight={<Kbd binding={SUBMIT_BINDING} />}
        >
          {policy ? 'Save changes' : 'Save policy'}
        </Button>
      </footer>
    </>
  )
}
