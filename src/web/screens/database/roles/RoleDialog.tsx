import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { Role } from '../../../../shared/api'
import { GRANTABLE_ROLE_FLAGS, ROLE_FLAG_LABELS } from '../../../../shared/roles'
import { useApi } from '../../../commands-context'
import { Alert, Button, Dialog, Field, Input, Switch } from '../../../ui'
import { FLAG_HINTS, RoleForm, createArgs, roleFormDefaults } from '../../../model/database/roles/role-form'
import { rolesQuery } from '../../../model/database/roles/roles-data'
import { closeRoleDialog, rolesState } from '../../../model/database/roles/roles-state'

/** The open role dialog, if any: create a role, or edit one (name and grantable flags). */
export function RoleDialog({ projectRef }: { projectRef: string }) {
  const { dialog } = useSnapshot(rolesState)
  const roles = useQuery(rolesQuery(useApi(), projectRef))
  if (!dialog) return null
  if (dialog.kind === 'create') return <RoleFormDialog />
  const role = roles.data?.find((r) => r.id === dialog.roleId)
  return role ? <RoleFormDialog key={role.id} role={role} /> : null
}

function RoleFormDialog({ role }: { role?: Role }) {
  const formId = useId()
  const ids = { name: useId(), password: useId() }
  const form = useForm({ resolver: zodResolver(RoleForm), defaultValues: roleFormDefaults(role) })
  const [failure, setFailure] = useState<string | null>(null)
  const errors = form.formState.errors
  const canLogin = form.watch('can_login')

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      if (role) {
        const { password: _, ...changes } = values
        await run('database.role.update', { roleId: role.id, ...changes }, 'button')
      } else {
        await run('database.role.create', createArgs(values), 'button')
      }
      closeRoleDialog()
    } catch (e) {
      setFailure((e as Error).message)
    }
  })

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeRoleDialog()}
      size="small"
      title={role ? `Edit role ${role.name}` : 'Create a new role'}
      description={
        role
          ? 'Rename the role or change what it may do. Superuser, replication and RLS bypass cannot be granted from the dashboard.'
          : 'Roles are shared by every database on this server. Superuser, replication and RLS bypass cannot be granted from the dashboard.'
      }
      footer={
        <>
          <Button onClick={closeRoleDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            {role ? 'Save' : 'Create role'}
          </Button>
        </>
      }
    >
      <form id={formId} className="db-form" onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert type="destructive" title="Nothing was changed">
            {failure}
          </Alert>
        )}
        <Field label="Name" htmlFor={ids.name} error={errors.name?.message}>
          <Input id={ids.name} autoComplete="off" spellCheck={false} invalid={Boolean(errors.name)} {...form.register('name')} />
        </Field>
        <fieldset className="db-fieldset roles-form__flags">
          <legend className="ui-field__label">Privileges</legend>
          {GRANTABLE_ROLE_FLAGS.map((flag) => (
            <Controller
              key={flag}
              control={form.control}
              name={flag}
              render={({ field }) => (
                <div className="db-switch-field">
                  <Switch id={`${formId}-${flag}`} checked={field.value} onCheckedChange={field.onChange} label={ROLE_FLAG_LABELS[flag]} />
                  <label htmlFor={`${formId}-${flag}`}>
                    <span className="db-switch-field__label">{ROLE_FLAG_LABELS[flag]}</span>
                    <span className="db-switch-field__hint">{FLAG_HINTS[flag]}</span>
                  </label>
                </div>
              )}
            />
          ))}
        </fieldset>
        {!role && canLogin && (
          <Field label="Password" htmlFor={ids.password} error={errors.password?.message} hint="Optional: without one, the role cannot sign in with a password.">
            <Input id={ids.password} type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
        )}
      </form>
    </Dialog>
  )
}
