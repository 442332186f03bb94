import { useId, useState, type BaseSyntheticEvent, type FormEvent, type ReactElement, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { CreateUserArgs, InviteUserArgs } from '../../../../../commands/auth-users'
import type { AuthUserDetail } from '../../../../shared/auth'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { userQuery } from '../../../model/auth/users-data'
import { BAN_DURATIONS, deleteConfirmText, userLabel } from '../../../model/auth/users-rules'
import { closeUserDialog, usersState } from '../../../model/auth/users-state'
import { Alert, Button, Dialog, Field, Input, Select, Switch } from '../../../ui'

/** The open dialog of the Users page, if any: create, invite, ban or delete. */
export function UserDialogs({ projectRef }: { projectRef: string }) {
  const { dialog } = useSnapshot(usersState)
  if (!dialog) return null
  switch (dialog.kind) {
    case 'create':
      return <CreateUserDialog />
    case 'invite':
      return <InviteUserDialog />
    case 'ban':
      return <WithUser projectRef={projectRef} userId={dialog.userId} render={(user) => <BanUserDialog user={user} />} />
    case 'delete':
      return <WithUser projectRef={projectRef} userId={dialog.userId} render={(user) => <DeleteUserDialog user={user} />} />
    default:
      return null
  }
}

function WithUser({ projectRef, userId, render }: { projectRef: string; userId: string; render: (user: AuthUserDetail) => ReactElement }) {
  const user = useQuery(userQuery(useApi(), projectRef, userId))
  return user.data ? render(user.data) : null
}

/** Runs a command from a dialog: its refusal shows in the dialog, and nothing else changes. */
function useRunner() {
  const [failure, setFailure] = useState<string | null>(null)
  const attempt = async (work: () => Promise<unknown>) => {
    setFailure(null)
    try {
      await work()
    } catch (e) {
      setFailure((e as Error).message)
    }
  }
  const notice = failure && (
    <Alert type="destructive" title="Nothing was changed">
      {failure}
    </Alert>
  )
  return { attempt, notice }
}

/** A small dialog holding one form: Cancel closes it, the submit button sends the form. */
function FormDialog(props: {
  title: string
  description: string
  submitLabel: string
  submitting: boolean
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>
  notice: ReactNode
  children: ReactNode
}) {
  const formId = useId()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeUserDialog()}
      size="small"
      title={props.title}
      description={props.description}
      footer={
        <>
          <Button onClick={closeUserDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={props.submitting}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="users-form" onSubmit={props.onSubmit} noValidate>
        {props.notice}
        {props.children}
      </form>
    </Dialog>
  )
}

function CreateUserDialog() {
  const ids = { email: useId(), password: useId(), confirm: useId() }
  const form = useForm({ resolver: zodResolver(CreateUserArgs), defaultValues: { email: '', password: '', autoConfirm: true } })
  const { attempt, notice } = useRunner()
  const errors = form.formState.errors
  const onSubmit = form.handleSubmit((values) => attempt(() => run('auth.user.create', values, 'button')))
  return (
    <FormDialog
      title="Create a new user"
      description="The user signs in with this email and password."
      submitLabel="Create user"
      submitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      notice={notice}
    >
        <Field label="Email address" htmlFor={ids.email} error={errors.email?.message}>
          <Input id={ids.email} type="email" autoComplete="off" placeholder="user@example.com" invalid={Boolean(errors.email)} {...form.register('email')} />
        </Field>
        <Field label="User password" htmlFor={ids.password} error={errors.password?.message}>
          <Input id={ids.password} type="password" autoComplete="new-password" placeholder="••••••••" invalid={Boolean(errors.password)} {...form.register('password')} />
        </Field>
        <Controller
          control={form.control}
          name="autoConfirm"
          render={({ field }) => (
            <div className="users-form__switch">
              <Switch id={ids.confirm} checked={field.value ?? true} onCheckedChange={field.onChange} label="Auto confirm user" />
              <label htmlFor={ids.confirm} className="users-form__switch-text">
                <span className="users-form__switch-label">Auto confirm user</span>
                <span className="users-form__hint">Without it, the user gets a confirmation email and cannot sign in until they confirm.</span>
              </label>
            </div>
          )}
        />
    </FormDialog>
  )
}

function InviteUserDialog() {
  const emailId = useId()
  const form = useForm({ resolver: zodResolver(InviteUserArgs), defaultValues: { email: '' } })
  const { attempt, notice } = useRunner()
  const onSubmit = form.handleSubmit((values) => attempt(() => run('auth.user.invite', values, 'button')))
  return (
    <FormDialog
      title="Invite a new user"
      description="The user gets an email with a link that signs them in and lets them set a password."
      submitLabel="Invite user"
      submitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      notice={notice}
    >
      <Field label="Email address" htmlFor={emailId} error={form.formState.errors.email?.message}>
        <Input id={emailId} type="email" autoComplete="off" placeholder="user@example.com" invalid={Boolean(form.formState.errors.email)} {...form.register('email')} />
      </Field>
    </FormDialog>
  )
}

function BanUserDialog({ user }: { user: AuthUserDetail }) {
  const formId = useId()
  const durationId = useId()
  const [duration, setDuration] = useState<string>('24h')
  const [busy, setBusy] = useState(false)
  const { attempt, notice } = useRunner()
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    await attempt(() => run('auth.user.ban', { userId: user.id, duration }, 'button'))
    setBusy(false)
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeUserDialog()}
      size="small"
      title={`Ban ${userLabel(user)}`}
      description="A banned user cannot sign in or refresh a session until the ban ends. You can lift it at any time."
      footer={
        <>
          <Button onClick={closeUserDialog}>Cancel</Button>
          <Button variant="danger" type="submit" form={formId} loading={busy}>
            Ban user
          </Button>
        </>
      }
    >
      <form id={formId} className="users-form" onSubmit={onSubmit}>
        {notice}
        <Field label="Ban for" htmlFor={durationId}>
          <Select id={durationId} aria-label="Ban for" value={duration} onValueChange={setDuration} options={BAN_DURATIONS.map((d) => ({ value: d.value, label: d.label }))} />
        </Field>
      </form>
    </Dialog>
  )
}

function DeleteUserDialog({ user }: { user: AuthUserDetail }) {
  const formId = useId()
  const inputId = useId()
  const expected = deleteConfirmText(user)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const { attempt, notice } = useRunner()
  const matches = typed.trim() === expected
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!matches) return
    setBusy(true)
    await attempt(() => run('auth.user.delete', { userId: user.id, confirmation: typed }, 'button'))
    setBusy(false)
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeUserDialog()}
      size="small"
      title={`Delete ${userLabel(user)}?`}
      description="The user, their identities, sessions and factors are removed for good. Rows in your tables that reference the user are not touched."
      footer={
        <>
          <Button onClick={closeUserDialog}>Cancel</Button>
          <Button variant="danger" type="submit" form={formId} disabled={!matches} loading={busy}>
            Delete user
          </Button>
        </>
      }
    >
      <form id={formId} className="users-form" onSubmit={onSubmit} noValidate>
        {notice}
        <Field
          label={MSG.authDeleteUserConfirm(user.email ? 'the email' : 'the user id')}
          htmlFor={inputId}
          hint={<code className="user-facts__mono">{expected}</code>}
          error={typed && !matches ? MSG.valueMismatch : undefined}
        >
          <Input id={inputId} autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} invalid={Boolean(typed && !matches)} />
        </Field>
      </form>
    </Dialog>
  )
}
