import { useId, useState } from 'react'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { Field, FormDialog, Input, useFormSubmit } from '../../../ui'
import { closeWrapperDialog, wrappersState } from '../../../model/database/wrappers/wrappers-state'

/** The open wrappers dialog: create a postgres_fdw server, or import a foreign schema from one. */
export function WrapperDialog() {
  const { dialog } = useSnapshot(wrappersState)
  if (!dialog) return null
  return dialog.kind === 'server' ? <ServerDialog /> : <ImportDialog key={dialog.server} server={dialog.server} />
}

function TextField({ label, value, onChange, hint, type = 'text' }: { label: string; value: string; onChange: (v: string) => void; hint?: string; type?: string }) {
  const id = useId()
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <Input id={id} type={type} autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  )
}

function ServerDialog() {
  const [v, setV] = useState({ name: '', host: '', port: '5432', dbname: 'postgres', user: 'postgres', password: '' })
  const set = (key: keyof typeof v) => (value: string) => setV({ ...v, [key]: value })
  const { busy, failure, submit } = useFormSubmit(
    () => run('database.wrapper.server.create', { ...v, port: Number(v.port) || 5432, password: v.password || undefined }, 'button'),
    closeWrapperDialog,
  )
  return (
    <FormDialog
      title="Create a postgres_fdw server"
      description="A server names another PostgreSQL database; a user mapping for you holds the credentials it connects with."
      submitLabel="Create server"
      submitting={busy}
      failure={failure}
      failureTitle="Nothing was created"
      onSubmit={submit}
      onClose={closeWrapperDialog}
      formClassName="db-form"
    >
        <TextField label="Server name" value={v.name} onChange={set('name')} />
        <div className="fdw-form__row">
          <TextField label="Host" value={v.host} onChange={set('host')} />
          <TextField label="Port" value={v.port} onChange={set('port')} />
        </div>
        <TextField label="Database" value={v.dbname} onChange={set('dbname')} />
        <div className="fdw-form__row">
          <TextField label="User" value={v.user} onChange={set('user')} />
          <TextField label="Password" type="password" value={v.password} onChange={set('password')} hint="Kept in the user mapping; never shown again." />
        </div>
    </FormDialog>
  )
}

function ImportDialog({ server }: { server: string }) {
  const [remote, setRemote] = useState('public')
  const [local, setLocal] = useState('')
  const [tables, setTables] = useState('')
  const { busy, failure, submit } = useFormSubmit(
    () => run('database.wrapper.schema.import', { server, remote_schema: remote, local_schema: local, tables: tables.trim() ? tables : undefined }, 'button'),
    closeWrapperDialog,
  )
  return (
    <FormDialog
      title={`Import a foreign schema from ${server}`}
      description="Creates a foreign table in the local schema for each table of the remote schema (IMPORT FOREIGN SCHEMA)."
      submitLabel="Import"
      submitting={busy}
      failure={failure}
      failureTitle="Nothing was imported"
      onSubmit={submit}
      onClose={closeWrapperDialog}
      formClassName="db-form"
    >
        <TextField label="Remote schema" value={remote} onChange={setRemote} />
        <TextField label="Local schema" value={local} onChange={setLocal} hint="Created if missing; a schema of its own keeps foreign tables apart." />
        <TextField label="Only these tables" value={tables} onChange={setTables} hint="Names separated by commas; empty imports every table." />
    </FormDialog>
  )
}
