/** The roles a policy applies to (spec 5): the database's roles but reserved ones; none chosen means public. */
import { useQuery } from '@tanstack/react-query'
import { MSG } from '../../../../../shared/messages'
import { PUBLIC_ROLE, isPolicyRoleChoice } from '../../../../../shared/policies'
import { useApi } from '../../../../commands-context'
import { Spinner, cx } from '../../../../ui'
import { rolesQuery } from '../../../../model/database/roles/roles-data'

interface RolesFieldProps {
  projectRef: string
  /** the chosen roles (the modal's form) and their setter */
  value: readonly string[]
  onChange: (roles: string[]) => void
}

export function RolesField({ projectRef, value, onChange }: RolesFieldProps) {
  const roles = useQuery(rolesQuery(useApi(), projectRef))
  const choices = (roles.data ?? []).map((r) => r.name).filter((r) => isPolicyRoleChoice(r) && r !== PUBLIC_ROLE).sort()
  const toggle = (role: string, on: boolean) =>
    onChange(on ? [...value, role] : value.filter((r) => r !== role))
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
            const on = value.includes(r)
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
        {value.length ? `Applies to ${value.join(', ')}.` : 'No role chosen: the policy applies to every role (public).'}
      </p>
    </fieldset>
  )
}
