/** The roles a policy applies to (spec 5): the database's roles but reserved ones; none chosen means public. */
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { MSG } from '../../../../../shared/messages'
import { PUBLIC_ROLE, isPolicyRoleChoice } from '../../../../../shared/policies'
import { useApi } from '../../../../commands-context'
import { Spinner, cx } from '../../../../ui'
import { policyEditor, setPolicyRoles } from '../policy-editor-state'
import { rolesQuery } from '../queries'

interface RolesFieldProps {
  projectRef: string
  /** the chosen roles and their setter; the database policy editor's by default (the storage policy modal passes its own) */
  value?: readonly string[]
  onChange?: (roles: string[]) => void
}

export function RolesField({ projectRef, value, onChange = setPolicyRoles }: RolesFieldProps) {
  const { form: editorForm } = useSnapshot(policyEditor)
  const form = { roles: value ?? editorForm.roles }
  const roles = useQuery(rolesQuery(useApi(), projectRef))
  const choices = (roles.data ?? []).map((r) => r.name).filter((r) => isPolicyRoleChoice(r) && r !== PUBLIC_ROLE).sort()
  const toggle = (role: string, on: boolean) =>
    onChange(on ? [...form.roles, role] : form.roles.filter((r) => r !== role))
  return (
    <fieldset className="pol-fieldset">
      <legend className="ui-field__label">Target roles</legend>
      {roles.isPending ? (
        <Spinner />
      ) : roles.error ? (
        <p className="ui-field__error" role="alert">{MSG.rolesError}</p>
      ) : (
        <div className="pol-roles" aria-label="Target roles">
          {choices.map((r) => {
            const on = form.roles.includes(r)
            return (
              <label key={r} className={cx('pol-chip', on && 'pol-chip--on')}>
                <input type="checkbox" checked={on} onChange={(e) => toggle(r, e.target.checked)} />
                {r}
              </label>
            )
          })}
        </div>
      )}
      <p className="ui-field__hint">
        {form.roles.length ? `Applies to ${form.roles.join(', ')}.` : 'No role chosen: the policy applies to every role (public).'}
      </p>
    </fieldset>
  )
}
