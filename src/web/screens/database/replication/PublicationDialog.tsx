import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { PUBLICATION_OPERATIONS, type Publication, type PublicationOperation } from '../../../../shared/contract/pg-meta-publications'
import { useApi } from '../../../commands-context'
import { Field, FormDialog, Input, Switch, useFormSubmit } from '../../../ui'
import { OPERATION_LABELS, publicationsQuery } from '../../../model/database/replication/publications-data'
import { closePublicationDialog, publicationsState } from '../../../model/database/replication/publications-state'
import { TablePicker } from './TablePicker'

/** The open publication dialog, if any: create one, or choose the tables of one. */
export function PublicationDialog({ projectRef }: { projectRef: string }) {
  const { dialog } = useSnapshot(publicationsState)
  const publications = useQuery(publicationsQuery(useApi(), projectRef))
  if (!dialog) return null
  if (dialog.kind === 'create') return <CreateDialog projectRef={projectRef} />
  const p = publications.data?.find((x) => x.id === dialog.id)
  return p ? <TablesDialog key={p.id} projectRef={projectRef} publication={p} /> : null
}

function CreateDialog({ projectRef }: { projectRef: string }) {
  const nameId = useId()
  const [name, setName] = useState('')
  const [allTables, setAllTables] = useState(false)
  const [tables, setTables] = useState<string[]>([])
  const [ops, setOps] = useState<Record<PublicationOperation, boolean>>({ insert: true, update: true, delete: true, truncate: true })
  const { busy, failure, submit } = useFormSubmit(
    () => run('database.publication.create', { name, ...(allTables ? { all_tables: true } : { tables }), ...ops }, 'button'),
    closePublicationDialog,
  )
  return (
    <FormDialog
      size="medium"
      title="Create a publication"
      description="The row changes of the chosen tables are published for logical replication subscribers."
      submitLabel="Create publication"
      submitting={busy}
      failure={failure}
      failureTitle="Nothing was created"
      onSubmit={submit}
      onClose={closePublicationDialog}
      formClassName="db-form"
    >
      <Field label="Name" htmlFor={nameId}>
        <Input id={nameId} autoComplete="off" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <fieldset className="db-fieldset pub-form__group">
        <legend className="ui-field__label">Operations</legend>
        <div className="pub-form__ops">
          {PUBLICATION_OPERATIONS.map((op) => (
            <label key={op} className="pub-form__op">
              <Switch checked={ops[op]} label={OPERATION_LABELS[op]} onCheckedChange={(on) => setOps({ ...ops, [op]: on })} />
              <span aria-hidden>{OPERATION_LABELS[op]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="db-fieldset pub-form__group">
        <legend className="ui-field__label">Tables</legend>
        <label className="pub-form__op">
          <Switch checked={allTables} label="All tables" onCheckedChange={setAllTables} />
          <span aria-hidden>All tables, including those created later (FOR ALL TABLES)</span>
        </label>
        {!allTables && <TablePicker projectRef={projectRef} chosen={tables} onChange={setTables} />}
      </fieldset>
    </FormDialog>
  )
}

function TablesDialog({ projectRef, publication }: { projectRef: string; publication: Publication }) {
  const [tables, setTables] = useState<string[]>(() => (publication.tables ?? []).map((t) => `${t.schema}.${t.name}`))
  const { busy, failure, submit } = useFormSubmit(
    () => run('database.publication.update', { publicationId: publication.id, tables }, 'button'),
    closePublicationDialog,
  )
  return (
    <FormDialog
      size="medium"
      title={`Tables of ${publication.name}`}
      description="The publication holds exactly the tables checked here."
      submitLabel="Save tables"
      submitting={busy}
      failure={failure}
      onSubmit={submit}
      onClose={closePublicationDialog}
      formClassName="db-form"
    >
      <TablePicker projectRef={projectRef} chosen={tables} onChange={setTables} />
    </FormDialog>
  )
}
