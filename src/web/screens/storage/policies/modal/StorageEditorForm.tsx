/**
 * The editor view (spec 3 Policy form (storage), 5 review): name, allowed operations (each with the SQL
 * commands it needs), roles, definition. The rule the form breaks shows by its field once Review is asked.
 * Editing an existing policy keeps its one operation and shows its whole expression.
 */
import { useSnapshot } from 'valtio'
import { MSG } from '../../../../../shared/messages'
import { STORAGE_OPERATIONS, STORAGE_OPERATION_IDS, bucketCondition } from '../../../../../shared/storage-policies'
import { press } from '../../../../commands-run'
import { Alert, Badge, Button, Field, Input, Kbd, cx } from '../../../../ui'
import { RolesField } from '../../../auth/policies/editor/RolesField'
import { SqlField } from '../../../auth/policies/editor/SqlField'
import { SUBMIT_BINDING } from '../../../auth/policies/editor/PolicyModalFrame'
import {
  nameMax, setStorageOperation, setStoragePolicyDefinition, setStoragePolicyName, setStoragePolicyRoles, storagePolicyModal,
} from '../../../../model/storage/policies/storage-policy-state'

const FIELD_OF: Record<string, 'name' | 'operations' | 'definition'> = {
  [MSG.policyNameRequired]: 'name',
  [MSG.storagePolicyNameTooLong]: 'name',
  [MSG.storagePolicyOperationRequired]: 'operations',
  [MSG.storagePolicyDefinitionRequired]: 'definition',
}

export function StorageEditorForm({ projectRef }: { projectRef: string }) {
  const { form, policy, bucketId, problem, revision } = useSnapshot(storagePolicyModal)
  const at = problem ? (FIELD_OF[problem] ?? 'other') : null
  const errorFor = (field: string) => (at === field ? (problem ?? undefined) : undefined)
  const max = nameMax()
  const review = () => press('storage.policies.modal.review')

  return (
    <>
      <div className="ui-dialog__body pol-form">
        <Field label="Policy name" htmlFor="spol-name" error={errorFor('name')} hint={`${form.name.length} / ${max}`}>
          <Input
            id="spol-name"
            autoFocus
            value={form.name}
            maxLength={max}
            invalid={at === 'name'}
            placeholder="Give users access to own folder"
            onChange={(e) => setStoragePolicyName(e.target.value)}
          />
        </Field>
        {policy ? (
          <fieldset className="pol-fieldset">
            <legend className="ui-field__label">Operation <span className="pol-muted">(cannot change when editing)</span></legend>
            <div><Badge tone="info">{policy.command}</Badge></div>
          </fieldset>
        ) : (
          <fieldset className="pol-fieldset">
            <legend className="ui-field__label">Allowed operations</legend>
            <div className="spol-ops" aria-label="Allowed operations" aria-invalid={at === 'operations' || undefined}>
              {STORAGE_OPERATION_IDS.map((op) => {
                const on = form.operations.includes(op)
                const { label, commands } = STORAGE_OPERATIONS[op]
                return (
                  <label key={op} className={cx('spol-op', on && 'spol-op--on')}>
                    <input type="checkbox" checked={on} onChange={(e) => setStorageOperation(op, e.target.checked)} />
                    {label}
                    <span className="spol-op__sql">{commands.join(' + ') || 'none'}</span>
                  </label>
                )
              })}
            </div>
            {at === 'operations' && <p className="ui-field__error">{problem}</p>}
          </fieldset>
        )}
        <RolesField projectRef={projectRef} value={form.roles} onChange={setStoragePolicyRoles} />
        <Field
          label="Policy definition"
          htmlFor="spol-definition"
          error={errorFor('definition')}
          hint={
            policy ? 'The whole expression of this policy.' : bucketId ? (
              <>Saved as <span className="spol-bucket-cond">{bucketCondition(bucketId)} and (…)</span>: it applies to this bucket only.</>
            ) : 'Applies to files in every bucket.'
          }
        >
          <SqlField
            id="spol-definition" label="Policy definition" value={form.definition} revision={revision}
            invalid={at === 'definition'} placeholder="(storage.foldername(name))[1] = (select auth.uid()::text)"
            onChange={setStoragePolicyDefinition} onSubmit={review}
          />
        </Field>
        {at === 'other' && <Alert type="destructive">{problem}</Alert>}
      </div>
      <footer className="ui-dialog__footer">
        {!policy && (
          <Button variant="ghost" onClick={() => press('storage.policies.modal.back')}>
            Back
          </Button>
        )}
        <span className="pol-card__spacer" />
        <Button variant="primary" onClick={review} iconRight={<Kbd binding={SUBMIT_BINDING} />}>
          Review
        </Button>
      </footer>
    </>
  )
}
