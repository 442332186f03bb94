/**
 * The editor view of both policy modals (spec 3 policy forms, 5 review): name, operation, roles and the
 * expressions. A database policy has one command (SELECT…ALL) and USING and WITH CHECK as the command
 * shows them; a storage policy has its allowed operations (each with the SQL commands it needs) and one
 * definition. Editing keeps the operation. The rule the form breaks shows by its field once Review is asked.
 */
import type { ComponentProps, ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { POLICY_NAME_MAX } from '../../../../../shared/constants'
import { MSG } from '../../../../../shared/messages'
import { POLICY_COMMANDS, showsCheck, showsUsing } from '../../../../../shared/policies'
import { STORAGE_OPERATIONS, STORAGE_OPERATION_IDS, bucketCondition } from '../../../../../shared/storage-policies'
import { press } from '../../../../commands-run'
import { useApi } from '../../../../commands-context'
import { Alert, Badge, Button, Field, Input, Kbd, cx } from '../../../../ui'
import {
  policyEditor, setPolicyCommand, setPolicyExpression, setPolicyName, setPolicyRoles,
} from '../../../../model/auth/policies/policy-editor-state'
import { tableQuery } from '../../../../model/project/queries'
import {
  nameMax, setStorageOperation, setStoragePolicyDefinition, setStoragePolicyName, setStoragePolicyRoles, storagePolicyModal,
} from '../../../../model/storage/policies/storage-policy-state'
import { RolesField } from './RolesField'
import { SqlField } from './SqlField'
import { SUBMIT_BINDING } from './PolicyModalFrame'

/** Each modal's state, the setters of what both forms have, and its ids, placeholder and commands. */
const KINDS = {
  database: {
    state: policyEditor, nameMax: () => POLICY_NAME_MAX, setName: setPolicyName, setRoles: setPolicyRoles,
    id: 'pol', placeholder: 'Enable read access for everyone', review: 'policies.editor.review', back: 'policies.editor.back',
  },
  storage: {
    state: storagePolicyModal, nameMax, setName: setStoragePolicyName, setRoles: setStoragePolicyRoles,
    id: 'spol', placeholder: 'Give users access to own folder', review: 'storage.policies.modal.review', back: 'storage.policies.modal.back',
  },
} as const

/** The field each review rule shows by; 'both' is USING and WITH CHECK together. */
type FieldName = 'name' | 'operation' | 'definition' | 'check' | 'both'
const FIELD_OF: Record<string, FieldName> = {
  [MSG.policyNameRequired]: 'name',
  [MSG.storagePolicyNameTooLong]: 'name',
  [MSG.policyCommandRequired]: 'operation',
  [MSG.storagePolicyOperationRequired]: 'operation',
  [MSG.policyUsingRequired]: 'definition',
  [MSG.storagePolicyDefinitionRequired]: 'definition',
  [MSG.policyCheckRequired]: 'check',
  [MSG.policyUsingOrCheckRequired]: 'both',
}

/** How a field shows the review's problem: its message below it, and marked invalid. */
type Mark = { error?: string; invalid: boolean }
/** What the fields of one kind get from the form. */
type PartProps = { mark: (field: FieldName) => Mark; sql: { revision: number; onSubmit: () => void } }

export function PolicyForm({ kind, projectRef }: { kind: keyof typeof KINDS; projectRef: string }) {
  const { state, id, placeholder, review: reviewId, back, ...fields } = KINDS[kind]
  const { form, policy, problem, revision } = useSnapshot(state)
  const at = problem ? (FIELD_OF[problem] ?? 'other') : null
  const mark = (field: FieldName): Mark => ({
    error: at === field ? (problem ?? undefined) : undefined,
    invalid: at === field || (at === 'both' && (field === 'definition' || field === 'check')),
  })
  const max = fields.nameMax()
  const review = () => press(reviewId)
  const part: PartProps = { mark, sql: { revision, onSubmit: review } }

  return (
    <>
      <div className="ui-dialog__body pol-form">
        <Field label="Policy name" htmlFor={`${id}-name`} error={mark('name').error} hint={`${form.name.length} / ${max}`}>
          <Input
            id={`${id}-name`}
            autoFocus
            value={form.name}
            maxLength={max}
            invalid={mark('name').invalid}
            placeholder={placeholder}
            onChange={(e) => fields.setName(e.target.value)}
          />
        </Field>
        {kind === 'database' ? <CommandField {...part} /> : <OperationsField {...part} />}
        <RolesField projectRef={projectRef} value={form.roles} onChange={fields.setRoles} />
        {kind === 'database' ? <UsingAndCheckFields projectRef={projectRef} {...part} /> : <DefinitionField {...part} />}
        {at === 'both' && <p className="ui-field__error">{problem}</p>}
        {at === 'other' && <Alert type="destructive">{problem}</Alert>}
      </div>
      <footer className="ui-dialog__footer">
        {!policy && (
          <Button variant="ghost" onClick={() => press(back)}>
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

/** The operation's fieldset; an edited policy's operation cannot change. */
function OperationFieldset({ legend, fixed, error, children }: { legend: string; fixed: boolean; error?: string; children: ReactNode }) {
  return (
    <fieldset className="pol-fieldset">
      <legend className="ui-field__label">{legend}{fixed && <span className="pol-muted"> (cannot change when editing)</span>}</legend>
      {children}
      {error && <p className="ui-field__error">{error}</p>}
    </fieldset>
  )
}

/** A database policy's one command. */
function CommandField({ mark }: PartProps) {
  const { form, policy } = useSnapshot(policyEditor)
  const { error, invalid } = mark('operation')
  return (
    <OperationFieldset legend="Operation" fixed={Boolean(policy)} error={error}>
      <div className="pol-commands" role="radiogroup" aria-label="Operation" aria-invalid={invalid || undefined}>
        {POLICY_COMMANDS.map((c) => (
          <label key={c} className={cx('pol-command', form.command === c && 'pol-command--on', policy && 'pol-command--fixed')}>
            <input type="radio" name="pol-command" value={c} checked={form.command === c} disabled={Boolean(policy)} onChange={() => setPolicyCommand(c)} />
            {c}
          </label>
        ))}
      </div>
    </OperationFieldset>
  )
}

/** A new storage policy's allowed operations; an edited one shows its one SQL command. */
function OperationsField({ mark }: PartProps) {
  const { form, policy } = useSnapshot(storagePolicyModal)
  const { error, invalid } = mark('operation')
  if (policy) {
    return (
      <OperationFieldset legend="Operation" fixed>
        <div><Badge tone="info">{policy.command}</Badge></div>
      </OperationFieldset>
    )
  }
  return (
    <OperationFieldset legend="Allowed operations" fixed={false} error={error}>
      <div className="spol-ops" aria-label="Allowed operations" aria-invalid={invalid || undefined}>
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
    </OperationFieldset>
  )
}

/** A database policy's USING and WITH CHECK, as its command shows them; the table's columns complete. */
function UsingAndCheckFields({ projectRef, mark, sql }: PartProps & { projectRef: string }) {
  const { form, target } = useSnapshot(policyEditor)
  const table = useQuery({ ...tableQuery(useApi(), projectRef, target?.tableId ?? 0), enabled: Boolean(target) })
  const shared = { ...sql, table: target?.table, columns: table.data?.columns, placeholder: '(select auth.uid()) = user_id' }
  return (
    <>
      {showsUsing(form.command) && (
        <ExpressionField
          id="pol-using" label="USING expression" hint="Rows for which this is true can be read, updated or deleted." {...shared} {...mark('definition')}
          value={form.definition} onChange={(t) => setPolicyExpression('definition', t)}
        />
      )}
      {showsCheck(form.command) && (
        <ExpressionField
          id="pol-check" label="WITH CHECK expression" hint="New or changed rows must make this true." {...shared} {...mark('check')}
          value={form.check} onChange={(t) => setPolicyExpression('check', t)}
        />
      )}
    </>
  )
}

/** A storage policy's definition; a new one on a bucket is saved within the bucket's condition. */
function DefinitionField({ mark, sql }: PartProps) {
  const { form, policy, bucketId } = useSnapshot(storagePolicyModal)
  const hint = policy ? 'The whole expression of this policy.' : bucketId ? (
    <>Saved as <span className="spol-bucket-cond">{bucketCondition(bucketId)} and (…)</span>: it applies to this bucket only.</>
  ) : 'Applies to files in every bucket.'
  return (
    <ExpressionField
      id="spol-definition" label="Policy definition" hint={hint} {...sql} {...mark('definition')}
      placeholder="(storage.foldername(name))[1] = (select auth.uid()::text)" value={form.definition} onChange={setStoragePolicyDefinition}
    />
  )
}

/** One SQL expression: its label, the SQL field, and its hint or the review's message. */
function ExpressionField({ hint, error, ...field }: ComponentProps<typeof SqlField> & { hint: ReactNode; error?: string }) {
  return (
    <Field label={field.label} htmlFor={field.id} error={error} hint={hint}>
      <SqlField {...field} />
    </Field>
  )
}
