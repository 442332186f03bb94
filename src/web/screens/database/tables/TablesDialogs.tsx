import { useId, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { z } from 'zod'
import { run } from '../../../../../commands/all'
import type { GridTable } from '../../../../shared/api'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { Alert, Button, Dialog, Field, Input, Textarea } from '../../../ui'
import { tableQuery } from '../../../model/project/queries'
import { closeTablesDialog, databaseTablesState } from '../../../model/database/tables/tables-state'
import { RenameTableForm } from '../../../model/table-editor/structure/table-forms'
import { Checkbox } from '../../table-editor/structure/Checkbox'
import '../../table-editor/structure/structure.css'

/** The Tables pages' own dialogs: edit a table (name and description) and delete one (type its name). */
export function TablesDialogs({ projectRef }: { projectRef: string }) {
  const { dialog } = useSnapshot(databaseTablesState)
  const table = useQuery({ ...tableQuery(useApi(), projectRef, dialog?.tableId ?? 0), enabled: dialog !== null })
  if (!dialog || !table.data || table.data.id !== dialog.tableId) return null
  return dialog.kind === 'edit' ? <EditTableDialog key={table.data.id} table={table.data} /> : <DeleteTableDialog key={table.data.id} table={table.data} />
}

const EditForm = RenameTableForm.extend({ comment: z.string() })

/** Name and description in one form: the table editor's rename and comment commands, each only when changed. */
function EditTableDialog({ table }: { table: GridTable }) {
  const formId = useId()
  const ids = { name: useId(), comment: useId() }
  const form = useForm({ resolver: zodResolver(EditForm), defaultValues: { name: table.name, comment: table.comment ?? '' } })
  const [failure, setFailure] = useState<string | null>(null)
  const onSubmit = form.handleSubmit(async ({ name, comment }) => {
    setFailure(null)
    try {
      if (comment.trim() !== (table.comment ?? '')) await run('table-editor.table.comment', { table: table.id, comment }, 'button')
      if (name !== table.name) await run('table-editor.table.rename', { table: table.id, name }, 'button')
      closeTablesDialog()
    } catch (e) {
      setFailure((e as Error).message)
    }
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeTablesDialog()}
      size="small"
      title={`Edit table ${table.name}`}
      description={`${table.schema}.${table.name}: its name and description (a comment on the table, which the API docs show).`}
      footer={
        <>
          <Button onClick={closeTablesDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="st-dialog-form" onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert type="destructive" title="The table was not saved">
            {failure}
          </Alert>
        )}
        <Field label="Name" htmlFor={ids.name} error={form.formState.errors.name?.message}>
          <Input id={ids.name} autoComplete="off" spellCheck={false} invalid={Boolean(form.formState.errors.name)} {...form.register('name')} />
        </Field>
        <Field label="Description" htmlFor={ids.comment} hint="Optional. Leave it empty to remove the description.">
          <Textarea id={ids.comment} rows={3} {...form.register('comment')} />
        </Field>
      </form>
    </Dialog>
  )
}

/** Type the table's name to delete it; CASCADE drops what depends on it too (views, foreign keys…). */
function DeleteTableDialog({ table }: { table: GridTable }) {
  const formId = useId()
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const [cascade, setCascade] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const matches = typed.trim() === table.name
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!matches) return
    setBusy(true)
    setFailure(null)
    try {
      await run('table-editor.table.delete', { table: table.id, confirmation: typed, cascade }, 'button')
      closeTablesDialog()
    } catch (err) {
      setFailure((err as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeTablesDialog()}
      size="small"
      title={`Delete table ${table.name}`}
      description={`The table ${table.schema}.${table.name} and all its rows are removed. This cannot be undone.`}
      footer={
        <>
          <Button onClick={closeTablesDialog}>Cancel</Button>
          <Button variant="danger" type="submit" form={formId} disabled={!matches} loading={busy}>
            Delete table
          </Button>
        </>
      }
    >
      <form id={formId} className="st-dialog-form" onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert type="destructive" title="The table was not deleted">
            {failure}
            {!cascade && /depend/i.test(failure) ? ' Tick the cascade option to drop them too.' : ''}
          </Alert>
        )}
        <Field
          label={`Type ${table.name} to confirm`}
          htmlFor={inputId}
          error={typed && !matches ? MSG.valueMismatch : undefined}
        >
          <Input id={inputId} autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} invalid={Boolean(typed && !matches)} autoFocus />
        </Field>
        <Checkbox
          label="Drop with CASCADE"
          hint="Also drops the objects that depend on the table: views over it, and foreign keys in other tables that point to it (those tables and their rows stay)."
          checked={cascade}
          onChange={(e) => setCascade(e.target.checked)}
        />
      </form>
    </Dialog>
  )
}
