import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { GridTable } from '../../../../shared/api'
import { useApi } from '../../../commands-context'
import { tableQuery } from '../../../model/project/queries'
import { Field, FormDialog, Input, Textarea } from '../../../ui'
import { Checkbox } from './Checkbox'
import { closeTableDialog, structureState, type TableDialogTarget } from '../../../model/table-editor/structure/structure-state'
import { CommentTableForm, DuplicateTableForm, RenameTableForm } from '../../../model/table-editor/structure/table-forms'
import { CreateTablePanel } from './CreateTablePanel'

/** The open table dialog, if any: create, rename, comment or duplicate (delete is the command's confirmation). */
export function TableDialogs({ projectRef }: { projectRef: string }) {
  const { tableDialog } = useSnapshot(structureState)
  if (!tableDialog) return null
  if (tableDialog.kind === 'create') return <CreateTablePanel projectRef={projectRef} schema={tableDialog.schema} />
  return <ExistingTableDialog projectRef={projectRef} target={tableDialog} />
}

/** Runs the command; the dialog closes when it succeeds and shows why when it fails. */
function useSubmit() {
  const [failure, setFailure] = useState<string | null>(null)
  const submit = async (command: () => Promise<unknown>) => {
    setFailure(null)
    try {
      await command()
      closeTableDialog()
    } catch (e) {
      setFailure((e as Error).message)
    }
  }
  return { failure, submit }
}

function ExistingTableDialog({ projectRef, target }: { projectRef: string; target: Exclude<TableDialogTarget, { kind: 'create' }> }) {
  const table = useQuery(tableQuery(useApi(), projectRef, target.tableId))
  if (!table.data) return null
  if (target.kind === 'rename') return <RenameDialog table={table.data} />
  if (target.kind === 'comment') return <CommentDialog table={table.data} />
  return <DuplicateDialog table={table.data} />
}

function RenameDialog({ table }: { table: GridTable }) {
  const id = useId()
  const form = useForm({ resolver: zodResolver(RenameTableForm), defaultValues: { name: table.name } })
  const { failure, submit } = useSubmit()
  return (
    <FormDialog
      onClose={closeTableDialog}
      formClassName="st-dialog-form"
      title={`Rename ${table.name}`}
      submitLabel="Rename"
      submitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={form.handleSubmit((v) => submit(() => run('table-editor.table.rename', { table: table.id, name: v.name }, 'button')))}
    >
      <Field label="New name" htmlFor={id} error={form.formState.errors.name?.message}>
        <Input id={id} autoComplete="off" spellCheck={false} {...form.register('name')} />
      </Field>
    </FormDialog>
  )
}

function CommentDialog({ table }: { table: GridTable }) {
  const id = useId()
  const form = useForm({ resolver: zodResolver(CommentTableForm), defaultValues: { comment: table.comment ?? '' } })
  const { failure, submit } = useSubmit()
  return (
    <FormDialog
      onClose={closeTableDialog}
      formClassName="st-dialog-form"
      title={`Description of ${table.name}`}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={form.handleSubmit((v) => submit(() => run('table-editor.table.comment', { table: table.id, comment: v.comment }, 'button')))}
    >
      <Field label="Comment" htmlFor={id} hint="Leave it empty to remove the comment.">
        <Textarea id={id} rows={4} {...form.register('comment')} />
      </Field>
    </FormDialog>
  )
}

function DuplicateDialog({ table }: { table: GridTable }) {
  const id = useId()
  const form = useForm({ resolver: zodResolver(DuplicateTableForm), defaultValues: { name: `${table.name}_copy`, withData: true } })
  const { failure, submit } = useSubmit()
  return (
    <FormDialog
      onClose={closeTableDialog}
      formClassName="st-dialog-form"
      title={`Duplicate ${table.name}`}
      description="The copy gets the same columns, defaults and constraints."
      submitLabel="Duplicate"
      submitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={form.handleSubmit((v) => submit(() => run('table-editor.table.duplicate', { table: table.id, ...v }, 'button')))}
    >
      <Field label="Name of the copy" htmlFor={id} error={form.formState.errors.name?.message}>
        <Input id={id} autoComplete="off" spellCheck={false} {...form.register('name')} />
      </Field>
      <Checkbox label="Copy the rows too" hint="Otherwise the copy starts empty." {...form.register('withData')} />
    </FormDialog>
  )
}
