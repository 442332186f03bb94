/**
 * The editor view: name, operation, roles, USING and WITH CHECK (spec 5). The rule the form breaks shows
 * by its field once Review is asked for.
 */
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { POLICY_NAME_MAX } from '../../../../../shared/constants'
import { MSG } from '../../../../../shared/messages'
import { POLICY_COMMANDS, showsCheck, showsUsing } from '../../../../../shared/policies'
import { press } from '../../../../commands-run'
import { useApi } from '../../../../commands-context'
import { Alert, Button, Field, Input, Kbd, cx } from '../../../../ui'
import {
  policyEditor, setPolicyCommand, setPolicyExpression, setPolicyName, setPolicyRoles,
} from '../../../../model/auth/policies/policy-editor-state'
import { tableWithColumnsQuery } from '../../../../model/auth/policies/queries'
import { RolesField } from './RolesField'
import { SqlField } from './SqlField'
import { SUBMIT_BINDING } from './PolicyModalFrame'

const FIELD_OF: Record<string, 'name' | 'command' | 'definition' | 'check' | 'both'> = {
  [MSG.policyNameRequired]: 'name',
  [MSG.policyCommandRequired]: 'command',
  [MSG.policyUsingRequired]: 'definition',
  [MSG.policyCheckRequired]: 'check',
  [MSG.policyUsingOrCheckRequired]: 'both',
}

export function EditorForm({ projectRef }: { projectRef: string }) {
  const { form, policy, target, problem, revision } = useSnapshot(policyEditor)
  const table = useQuery({ ...tableWithColumnsQuery(useApi(), projectRef, target?.tableId ?? 0), enabled: Boolean(target) })
  const columns = table.data?.columns
  const at = problem ? (FIELD_OF[problem] ?? 'other') : null
  const errorFor = (field: string) => (at === field ? (problem ?? undefined) : undefined)
  const review = () => press('policies.editor.review')

  return (
    <>
      <div className="ui-dialog__body pol-form">
        <Field label="Policy name" htmlFor="pol-name" error={errorFor('name')} hint={`${form.name.length} / ${POLICY_NAME_MAX}`}>
          <Input
            id="pol-name"
            autoFocus
            value={form.name}
            maxLength={POLICY_NAME_MAX}
            invalid={at === 'name'}
            placeholder="Enable read access for everyone"
            onChange={(e) => setPolicyName(e.target.value)}
          />
        </Field>
        <fieldset className="pol-fieldset">
          <legend className="ui-field__label">Operation{policy && <span className="pol-muted"> (cannot change when editing)</span>}</legend>
          <div className="pol-commands" role="radiogroup" aria-label="Operation" aria-invalid={at === 'command' || undefined}>
            {POLICY_COMMANDS.map((c) => (
              <label key={c} className={cx('pol-command', form.command === c && 'pol-command--on', policy && 'pol-command--fixed')}>
                <input type="radio" name="pol-command" value={c} checked={form.command === c} disabled={Boolean(policy)} onChange={() => setPolicyCommand(c)} />
                {c}
              </label>
            ))}
          </div>
          {at === 'command' && <p className="ui-field__error">{problem}</p>}
        </fieldset>
        <RolesField projectRef={projectRef} value={form.roles} onChange={setPolicyRoles} />
        {showsUsing(form.command) && (
          <Field label="USING expression" htmlFor="pol-using" error={errorFor('definition')} hint="Rows for which this is true can be read, updated or deleted.">
            <SqlField
              id="pol-using" label="USING expression" value={form.definition} revision={revision} table={target?.table} columns={columns}
              invalid={at === 'definition' || at === 'both'} placeholder="(select auth.uid()) = user_id"
              onChange={(t) => setPolicyExpression('definition', t)} onSubmit={review}
            />
          </Field>
        )}
        {showsCheck(form.command) && (
          <Field label="WITH CHECK expression" htmlFor="pol-check" error={errorFor('check')} hint="New or changed rows must make this true.">
            <SqlField
              id="pol-check" label="WITH CHECK expression" value={form.check} revision={revision} table={target?.table} columns={columns}
              invalid={at === 'check' || at === 'both'} placeholder="(select auth.uid()) = user_id"
              onChange={(t) => setPolicyExpression('check', t)} onSubmit={review}
            />
          </Field>
        )}
        {at === 'both' && <p className="ui-field__error">{problem}</p>}
        {at === 'other' && <Alert type="destructive">{problem}</Alert>}
      </div>
      <footer className="ui-dialog__footer">
        {!policy && (
          <Button variant="ghost" onClick={() => press('policies.editor.back')}>
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
