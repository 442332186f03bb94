import { useId, useState } from 'react'
import { Check, UserRound } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { IMPERSONATION_ROLES, roleState, type ImpersonationRole } from '../../../model/project/role'
import { Button, Field, Input, Popover, cx } from '../../../ui'

const ROLE_HINTS: Record<ImpersonationRole, string> = {
  postgres: 'The project’s own user: RLS does not apply',
  anon: 'A visitor who is not signed in',
  authenticated: 'A signed-in user, optionally a given one',
}

/** The toolbar's role switch (spec 6): the grid's queries run as this role, so rows are what RLS lets it see. */
export function RoleSelector() {
  const current = useSnapshot(roleState)
  const [open, setOpen] = useState(false)
  const impersonating = current.role !== 'postgres'
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="end"
      className="rows-role"
      trigger={
        <Button size="sm" variant={impersonating ? 'primary' : 'default'} icon={<UserRound size={14} />} aria-label={`Query as role: ${current.role}`}>
          {impersonating ? `As ${current.role}${current.sub ? ' (user)' : ''}` : 'Role: postgres'}
        </Button>
      }
    >
      {open && <RoleForm onDone={() => setOpen(false)} />}
    </Popover>
  )
}

function RoleForm({ onDone }: { onDone: () => void }) {
  const current = useSnapshot(roleState)
  const subId = useId()
  const [role, setRole] = useState<ImpersonationRole>(current.role)
  const [sub, setSub] = useState(current.sub)
  const [error, setError] = useState<string>()

  async function apply() {
    try {
      await run('grid.role.set', { role, sub: role === 'authenticated' && sub.trim() ? sub : undefined }, 'button')
      onDone()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  return (
    <form
      className="rows-role__form"
      onSubmit={(e) => {
        e.preventDefault()
        void apply()
      }}
    >
      <p className="rows-role__title">Query rows as</p>
      <div role="radiogroup" aria-label="Role" className="rows-role__list">
        {IMPERSONATION_ROLES.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={role === r}
            className={cx('rows-role__option', role === r && 'rows-role__option--on')}
            onClick={() => setRole(r)}
          >
            <span className="rows-role__check">{role === r && <Check size={14} />}</span>
            <span>
              <span className="rows-role__name">{r}</span>
              <span className="rows-role__hint">{ROLE_HINTS[r]}</span>
            </span>
          </button>
        ))}
      </div>
      {role === 'authenticated' && (
        <Field label="User id (optional)" htmlFor={subId} error={error} hint="auth.uid() returns it in policies">
          <Input
            id={subId}
            size="sm"
            value={sub}
            placeholder="A user’s UUID"
            spellCheck={false}
            onChange={(e) => {
              setSub(e.target.value)
              setError(undefined)
            }}
          />
        </Field>
      )}
      {error && role !== 'authenticated' && <p className="ui-field__error">{error}</p>}
      <div className="rows-role__footer">
        <Button size="sm" variant="primary" type="submit">
          Apply
        </Button>
      </div>
    </form>
  )
}
