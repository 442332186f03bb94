import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Check, Info, Plus, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { PgType } from '../../../../shared/contract/pg-meta-types'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { Alert, Button, Dialog, Field, FormDialog, IconButton, Input, Select, Switch } from '../../../ui'
import { enumsQuery } from '../../../model/database/types/types-data'
import { closeTypeDialog, typesState } from '../../../model/database/types/types-state'

/** The open type dialog, if any: create an enum, edit one (rename, values), or delete one. */
export function TypeDialogs({ projectRef, schema }: { projectRef: string; schema: string }) {
  const { dialog } = useSnapshot(typesState)
  const types = useQuery(enumsQuery(useApi(), projectRef, schema))
  if (!dialog) return null
  if (dialog.kind === 'create') return <CreateTypeDialog schema={schema} />
  const type = types.data?.find((t) => t.id === dialog.typeId)
  if (!type) return null
  return dialog.kind === 'edit' ? <EditTypeDialog key={type.id} type={type} /> : <DeleteTypeDialog key={type.id} type={type} />
}

/** Runs a command from a dialog: its error shown in the dialog rather than lost. */
function useAction() {
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const act = async (fn: () => Promise<unknown>): Promise<boolean> => {
    setFailure(null)
    setBusy(true)
    try {
      await fn()
      return true
    } catch (e) {
      setFailure((e as Error).message)
      return false
    } finally {
      setBusy(false)
    }
  }
  return { failure, busy, act }
}

function CreateTypeDialog({ schema }: { schema: string }) {
  const nameId = useId()
  const [name, setName] = useState('')
  const [values, setValues] = useState<string[]>([''])
  /** the value row to focus once rendered (one just added) */
  const [focus, setFocus] = useState<number | null>(null)
  const { failure, busy, act } = useAction()
  const addRow = () => {
    setFocus(values.length)
    setValues((vs) => [...vs, ''])
  }
  const set = (i: number, v: string) => setValues((vs) => vs.map((x, j) => (j === i ? v : x)))
  const move = (i: number, by: number) =>
    setValues((vs) => {
      const next = [...vs]
      const [v] = next.splice(i, 1)
      next.splice(i + by, 0, v!)
      return next
    })

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const list = values.map((v) => v.trim()).filter(Boolean)
    if (await act(() => run('database.type.create', { name: name.trim(), values: list }, 'button'))) closeTypeDialog()
  }

  return (
    <FormDialog
      title="Create a new enumerated type"
      description={`A type in ${schema} whose columns hold one of these values, ordered as listed.`}
      submitLabel="Create type"
      submitting={busy}
      failure={failure}
      onSubmit={submit}
      onClose={closeTypeDialog}
      formClassName="db-form"
    >
      <Field label="Name" htmlFor={nameId}>
        <Input id={nameId} className="enum-mono" autoComplete="off" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <fieldset className="db-fieldset enum-fieldset">
        <legend className="ui-field__label">Values, in order</legend>
        <ol className="enum-value-list">
          {values.map((v, i) => (
            <li key={i} className="enum-value-row">
              <Input size="sm" className="enum-mono" aria-label={`Value ${i + 1}`} autoComplete="off" spellCheck={false} value={v}
                autoFocus={focus === i}
                onChange={(e) => set(i, e.target.value)}
                onKeyDown={(e) => {
                  // Enter on the last value adds a row; on an empty last one it submits
                  if (e.key === 'Enter' && !e.nativeEvent.isComposing && i === values.length - 1 && v.trim()) {
                    e.preventDefault()
                    addRow()
                  }
                }}
              />
              <IconButton size="sm" icon={<ArrowUp size={13} />} label={`Move value ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)} />
              <IconButton size="sm" icon={<ArrowDown size={13} />} label={`Move value ${i + 1} down`} disabled={i === values.length - 1} onClick={() => move(i, 1)} />
              <IconButton size="sm" icon={<X size={13} />} label={`Remove value ${i + 1}`} disabled={values.length === 1}
                onClick={() => {
                  setFocus(null)
                  setValues((vs) => vs.filter((_, j) => j !== i))
                }} />
            </li>
          ))}
        </ol>
        <Button size="sm" icon={<Plus size={13} />} onClick={addRow}>
          Add value
        </Button>
      </fieldset>
    </FormDialog>
  )
}

/** One value: its name, renamed in place (Enter or the check saves). */
function ValueRow({ type, value, onAct }: { type: PgType; value: string; onAct: (fn: () => Promise<unknown>) => Promise<boolean> }) {
  const [text, setText] = useState(value)
  const changed = text.trim() !== '' && text !== value
  const save = () => onAct(() => run('database.type.value.rename', { type: type.id, value, to: text }, 'button'))
  return (
    <li className="enum-value-row">
      <Input size="sm" className="enum-mono" aria-label={`Rename value ${value}`} autoComplete="off" spellCheck={false} value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault()
            if (changed) void save()
          }
        }}
      />
      <IconButton size="sm" icon={<Check size={13} />} label={`Save value ${value}`} disabled={!changed} onClick={() => void save()} />
    </li>
  )
}

type Position = 'end' | 'before' | 'after'

function EditTypeDialog({ type }: { type: PgType }) {
  const ids = { name: useId(), value: useId(), position: useId(), neighbour: useId() }
  const [name, setName] = useState(type.name)
  const [value, setValue] = useState('')
  const [position, setPosition] = useState<Position>('end')
  const [neighbour, setNeighbour] = useState<string | undefined>(type.enums[0])
  const { failure, busy, act } = useAction()

  const rename = () => act(() => run('database.type.rename', { type: type.id, name: name.trim() }, 'button'))
  const add = async () => {
    const ok = await act(() =>
      run('database.type.value.add', { type: type.id, value, position, ...(position !== 'end' && { neighbour }) }, 'button'),
    )
    if (ok) setValue('')
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeTypeDialog()}
      size="small"
      title={`Edit type ${type.name}`}
      description="Each change is saved on its own, as you make it."
      footer={<Button variant="primary" onClick={closeTypeDialog}>Done</Button>}
    >
      <div className="db-form">
        {failure && (
          <Alert type="destructive" title="Nothing was changed">
            {failure}
          </Alert>
        )}
        <Field label="Name" htmlFor={ids.name}>
          <div className="enum-inline">
            <Input id={ids.name} className="enum-mono" autoComplete="off" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.nativeEvent.isComposing && name.trim() && name.trim() !== type.name) {
                  e.preventDefault()
                  void rename()
                }
              }}
            />
            <Button disabled={busy || !name.trim() || name.trim() === type.name} onClick={() => void rename()}>
              Rename
            </Button>
          </div>
        </Field>
        <fieldset className="db-fieldset enum-fieldset">
          <legend className="ui-field__label">Values, in order</legend>
          <ol className="enum-value-list" aria-label="Values">
            {type.enums.map((v) => (
              <ValueRow key={v} type={type} value={v} onAct={act} />
            ))}
          </ol>
          <p className="enum-note">
            <Info size={13} aria-hidden /> {MSG.typeValuesCannotBeRemoved}
          </p>
        </fieldset>
        <fieldset className="db-fieldset enum-fieldset enum-add">
          <legend className="ui-field__label">Add a value</legend>
          <Input id={ids.value} size="sm" className="enum-mono" aria-label="New value" placeholder="New value" autoComplete="off" spellCheck={false} value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing && value) {
                e.preventDefault()
                void add()
              }
            }}
          />
          <div className="enum-inline">
            <Select size="sm" id={ids.position} aria-label="Position" value={position} onValueChange={(v) => setPosition(v as Position)}
              options={[{ value: 'end', label: 'At the end' }, { value: 'before', label: 'Before' }, { value: 'after', label: 'After' }]} />
            {position !== 'end' && (
              <Select size="sm" id={ids.neighbour} aria-label="Next to value" value={neighbour} onValueChange={setNeighbour} options={type.enums.map((v) => ({ value: v }))} />
            )}
            <Button size="sm" icon={<Plus size={13} />} disabled={busy || !value} onClick={() => void add()}>
              Add value
            </Button>
          </div>
        </fieldset>
      </div>
    </Dialog>
  )
}

function DeleteTypeDialog({ type }: { type: PgType }) {
  const formId = useId()
  const confirmId = useId()
  const [text, setText] = useState('')
  const [cascade, setCascade] = useState(false)
  const { failure, busy, act } = useAction()
  const matches = text.trim() === type.name

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!matches) return
    await act(() => run('database.type.delete', { type: type.id, confirmation: text, ...(cascade && { cascade: true }) }, 'button'))
  }

  return (
    <FormDialog
      title={`Delete type ${type.name}`}
      description={`The type ${type.schema}.${type.name} is dropped. This cannot be undone.`}
      submitLabel="Delete type"
      submitVariant="danger"
      submitDisabled={!matches}
      submitting={busy}
      failure={failure}
      onSubmit={submit}
      onClose={closeTypeDialog}
      formClassName="db-form"
      formId={formId}
    >
      <div className="db-switch-field">
        <Switch id={`${formId}-cascade`} checked={cascade} onCheckedChange={setCascade} label="Drop with CASCADE" />
        <label htmlFor={`${formId}-cascade`}>
          <span className="db-switch-field__label">Drop with CASCADE</span>
          <span className="db-switch-field__hint">Without it, a type still used by a column is not dropped.</span>
        </label>
      </div>
      {cascade && (
        <Alert type="warning" title="Columns are dropped too">
          {MSG.typeCascadeWarning}
        </Alert>
      )}
      <Field label={`Type ${type.name} to confirm`} htmlFor={confirmId}>
        <Input id={confirmId} className="enum-mono" autoComplete="off" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} placeholder={type.name} />
      </Field>
    </FormDialog>
  )
}
