import { useId, useState } from 'react'
import { Controller, useForm, type UseFormReturn } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { Column, GridTable } from '../../../../shared/api'
import { rowEdit, setInsertPanelOpen } from '../../../model/table-editor/row-edit'
import { Alert, Button, Field, Input, Select, Textarea } from '../../../ui'
import { SidePanel } from '../structure/SidePanel'
import { datetimePlaceholder, editorKind, generatedNote, isRequired, toCellValue } from '../../../model/table-editor/rows/cell-values'

/** Field names by position: column names may hold dots, which react-hook-form reads as paths. */
type Values = Record<string, string>
const fieldName = (i: number) => `c${i}`

/** Insert row (spec 2): a side panel with a field per column; empty fields get the column's default. */
export function InsertRowPanel({ table }: { table: GridTable }) {
  const { insertOpen } = useSnapshot(rowEdit)
  return insertOpen ? <InsertRowForm table={table} /> : null
}

/** Empty is fine unless the column is required; otherwise the text must be a value of the column's type. */
function check(column: Column, text: string): true | string {
  if (text.trim() === '') return isRequired(column) ? `${column.name} is required` : true
  try {
    toCellValue(column, text)
    return true
  } catch (e) {
    return (e as Error).message
  }
}

function InsertRowForm({ table }: { table: GridTable }) {
  const id = useId()
  const form = useForm<Values>({ defaultValues: Object.fromEntries(table.columns.map((_, i) => [fieldName(i), ''])) })
  const [failure, setFailure] = useState<string>()

  const submit = form.handleSubmit(async (values) => {
    const given = table.columns.flatMap((c, i) => {
      const text = values[fieldName(i)] ?? ''
      return text.trim() === '' ? [] : [[c.name, text] as const]
    })
    setFailure(undefined)
    try {
      await run('grid.row.insert', { values: Object.fromEntries(given) }, 'button')
    } catch (e) {
      setFailure((e as Error).message)
    }
  })

  return (
    <SidePanel
      open
      onOpenChange={setInsertPanelOpen}
      title={`Insert a row into ${table.name}`}
      description="Fields left empty get the column's default value, or NULL."
      footer={
        <>
          <Button onClick={() => setInsertPanelOpen(false)}>Cancel</Button>
          <Button variant="primary" type="submit" form={id} loading={form.formState.isSubmitting}>
            Save
          </Button>
        </>
      }
    >
      <form id={id} className="rows-insert" onSubmit={submit} noValidate>
        {failure && (
          <Alert type="destructive" title="The row was not inserted">
            {failure}
          </Alert>
        )}
        {table.columns.map((column, i) => (
          <InsertField key={column.name} form={form} name={fieldName(i)} column={column} />
        ))}
      </form>
    </SidePanel>
  )
}

function placeholderOf(column: Column): string {
  if (column.is_identity) return 'Automatically generated as identity'
  if (column.default_value !== null) return `Default: ${column.default_value}`
  const kind = editorKind(column)
  if (kind === 'datetime') return datetimePlaceholder(column) ?? ''
  if (kind === 'array') return '["a", "b"]'
  return column.is_nullable ? 'NULL' : ''
}

interface InsertFieldProps {
  form: UseFormReturn<Values>
  name: string
  column: Column
}

function InsertField({ form, name, column }: InsertFieldProps) {
  const id = useId()
  const kind = editorKind(column)
  const error = form.formState.errors[name]?.message
  const label = (
    <span className="rows-insert__label">
      <span>{column.name}</span>
      <span className="rows-muted">{column.format}</span>
      {isRequired(column) && <span className="rows-insert__required">required</span>}
    </span>
  )
  const generated = generatedNote(column)
  if (generated) {
    return (
      <div className="ui-field">
        <span className="ui-field__label">{label}</span>
        <p className="rows-insert__generated">{generated}</p>
      </div>
    )
  }
  const rules = { validate: (text: string) => check(column, text) }
  const placeholder = placeholderOf(column)
  let control
  if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? [{ value: 'true' }, { value: 'false' }, ...(column.is_nullable ? [{ value: 'null', label: 'NULL' }] : [])] : column.enums.map((e) => ({ value: e }))
    control = (
      <Controller
        control={form.control}
        name={name}
        rules={rules}
        render={({ field }) => (
          <Select id={id} value={field.value || undefined} onValueChange={field.onChange} options={options} placeholder={placeholder || 'Pick a value'} />
        )}
      />
    )
  } else if (kind === 'json' || kind === 'array') {
    control = <Textarea id={id} rows={3} className="rows-insert__json" placeholder={placeholder} invalid={Boolean(error)} spellCheck={false} {...form.register(name, rules)} />
  } else {
    control = <Input id={id} placeholder={placeholder} invalid={Boolean(error)} inputMode={kind === 'number' ? 'decimal' : undefined} {...form.register(name, rules)} />
  }
  return (
    <Field label={label} htmlFor={id} error={error} hint={column.comment ?? undefined}>
      {control}
    </Field>
  )
}
