import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form'
import { ArrowDown, ArrowUp, Plus, ShieldOff, X } from 'lucide-react'
import { run } from '../../../../../commands/all'
import { isProtectedSchema } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { schemasQuery } from '../../../model/project/queries'
import { visibleSchemas } from '../../../model/table-editor/schemas'
import { POSTGRES_TYPES, enumTypeName, enumTypesQuery, isIntegerType } from '../../../model/table-editor/structure/column-types'
import { closeTableDialog } from '../../../model/table-editor/structure/structure-state'
import {
  BLANK_TABLE_COLUMN, CreateTableForm, DEFAULT_TABLE_COLUMNS, newTableColumnArgs,
} from '../../../model/table-editor/structure/table-forms'
import { Alert, Button, Field, IconButton, Input, Select, Textarea, cx } from '../../../ui'
import { Checkbox } from './Checkbox'
import { SidePanel } from './SidePanel'
import { TypeSelect } from './TypeSelect'

/**
 * Default values offered per type; any other can be typed. Spec 5: a function call or a (parenthesised
 * expression) is an expression, anything else a literal of the column's type.
 */
const DEFAULT_SUGGESTIONS: Record<string, string[]> = {
  uuid: ['gen_random_uuid()'],
  timestamptz: ['now()'],
  timestamp: ['now()'],
  date: ['(current_date)'],
  time: ['(current_time)'],
  timetz: ['(current_time)'],
  bool: ['true', 'false'],
  jsonb: ['{}', '[]'],
  json: ['{}', '[]'],
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="st-section st-section--wide">
      <div>
        <h3 className="st-section__title">{title}</h3>
        {hint && <p className="st-section__hint">{hint}</p>}
      </div>
      <div className="st-section__fields">{children}</div>
    </section>
  )
}

/**
 * New table (issue 12): name, description and schema, row level security (on by default), and the columns
 * in the same form, starting with Supabase's id and created_at. The command creates all of it in one
 * transaction: when the database refuses a column, no table is left and the form keeps what was typed.
 */
export function CreateTablePanel({ projectRef, schema }: { projectRef: string; schema: string }) {
  const formId = useId()
  const ids = { schema: useId(), name: useId(), comment: useId() }
  const schemas = useQuery(schemasQuery(useApi(), projectRef))
  const form = useForm<CreateTableForm>({
    resolver: zodResolver(CreateTableForm),
    defaultValues: { schema, name: '', comment: '', rls: true, columns: DEFAULT_TABLE_COLUMNS.map((c) => ({ ...c })) },
  })
  const [failure, setFailure] = useState<string | null>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  // the form may be scrolled down to its columns: the reason comes into view
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' })
  }, [failure])
  const errors = form.formState.errors
  const rls = useWatch({ control: form.control, name: 'rls' })

  const submit = form.handleSubmit(async (v) => {
    setFailure(null)
    try {
      await run('table-editor.table.create', { schema: v.schema, name: v.name, comment: v.comment, rls: v.rls, columns: newTableColumnArgs(v.columns) }, 'button')
      closeTableDialog()
    } catch (e) {
      setFailure((e as Error).message)
    }
  })

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && closeTableDialog()}
      className="st-new-table-panel"
      title="Create a new table"
      footer={
        <>
          <Button onClick={closeTableDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            Create table
          </Button>
        </>
      }
    >
      <form id={formId} className="st-form" onSubmit={submit} noValidate>
        {failure && (
          <div ref={failureRef} className="st-form__failure">
            <Alert type="destructive" title="The table was not created">
              {failure}
            </Alert>
          </div>
        )}
        <Section title="General">
          <Field label="Name" htmlFor={ids.name} error={errors.name?.message}>
            <Input id={ids.name} autoComplete="off" spellCheck={false} invalid={Boolean(errors.name)} {...form.register('name')} />
          </Field>
          <Field label="Description" htmlFor={ids.comment} hint="Optional: saved as the table's comment.">
            <Textarea id={ids.comment} rows={2} {...form.register('comment')} />
          </Field>
          <Field label="Schema" htmlFor={ids.schema} error={errors.schema?.message}>
            <Controller
              control={form.control}
              name="schema"
              render={({ field }) => (
                <Select
                  id={ids.schema}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={visibleSchemas(schemas.data ?? []).filter((s) => !isProtectedSchema(s.name)).map((s) => ({ value: s.name }))}
                />
              )}
            />
          </Field>
        </Section>
        <Section title="Security">
          <Checkbox label={MSG.rlsEnableLabel} hint={MSG.rlsNewTableHint} {...form.register('rls')} />
          {!rls && (
            <Alert type="warning" className="st-rls-off">
              <ShieldOff size={14} aria-hidden /> {MSG.rlsDisabled}
            </Alert>
          )}
        </Section>
        <ColumnsSection form={form} projectRef={projectRef} />
      </form>
    </SidePanel>
  )
}

function ColumnsSection({ form, projectRef }: { form: UseFormReturn<CreateTableForm>; projectRef: string }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'columns' })
  const enums = useQuery(enumTypesQuery(useApi(), projectRef))
  const groups = [
    { label: 'Types', types: POSTGRES_TYPES },
    { label: 'Enums', types: (enums.data ?? []).map((e) => ({ value: enumTypeName(e), description: 'enum' })) },
  ]
  const listError = form.formState.errors.columns?.message ?? form.formState.errors.columns?.root?.message
  return (
    <section className="st-columns-section" aria-label="Columns">
      <div className="st-columns-section__head">
        <div>
          <h3 className="st-section__title">Columns</h3>
          <p className="st-section__hint">Created with the table, in this order. More can be added later.</p>
        </div>
        <Button
          size="sm"
          icon={<Plus size={14} />}
          onClick={() => append({ ...BLANK_TABLE_COLUMN }, { focusName: `columns.${fields.length}.name` })}
        >
          Add column
        </Button>
      </div>
      {listError && (
        <p className="ui-field__error" role="alert">
          {listError}
        </p>
      )}
      <div className="st-new-columns__labels" aria-hidden>
        <span>Name</span>
        <span>Type</span>
        <span>Default value</span>
        <span />
      </div>
      <ol className="st-new-columns">
        {fields.map((field, i) => (
          <NewColumnRow
            key={field.id}
            form={form}
            index={i}
            count={fields.length}
            groups={groups}
            onRemove={() => remove(i)}
            onMove={(to) => move(i, to)}
          />
        ))}
      </ol>
    </section>
  )
}

interface NewColumnRowProps {
  form: UseFormReturn<CreateTableForm>
  index: number
  count: number
  groups: { label: string; types: readonly { value: string; description: string }[] }[]
  onRemove: () => void
  onMove: (to: number) => void
}

function NewColumnRow({ form, index, count, groups, onRemove, onMove }: NewColumnRowProps) {
  const typeId = useId()
  const listId = useId()
  const path = `columns.${index}` as const
  const [name, type, isIdentity, isPrimaryKey] = useWatch({
    control: form.control,
    name: [`${path}.name`, `${path}.type`, `${path}.isIdentity`, `${path}.isPrimaryKey`],
  })
  const errors = form.formState.errors.columns?.[index]
  const identityAllowed = isIntegerType(type)
  const identity = identityAllowed && isIdentity
  const label = name.trim() || `column ${index + 1}`
  const suggestions = DEFAULT_SUGGESTIONS[type] ?? []
  const problem = errors?.name?.message ?? errors?.type?.message ?? errors?.isIdentity?.message

  return (
    <li className={cx('st-new-column', problem && 'st-new-column--invalid')} aria-label={`Column ${label}`}>
      <div className="st-new-column__main">
        <Input
          aria-label={`Name of ${label}`}
          placeholder="column_name"
          autoComplete="off"
          spellCheck={false}
          className="st-mono"
          invalid={Boolean(errors?.name)}
          {...form.register(`${path}.name`)}
        />
        <Controller
          control={form.control}
          name={`${path}.type`}
          render={({ field }) => (
            <span className="st-new-column__type">
              <label htmlFor={typeId} className="sr-only">
                Type of {label}
              </label>
              <TypeSelect id={typeId} value={field.value} onChange={field.onChange} groups={groups} invalid={Boolean(errors?.type)} />
            </span>
          )}
        />
        {/* a Controller, not register: a disabled registered field would be submitted as undefined */}
        <Controller
          control={form.control}
          name={`${path}.defaultValue`}
          render={({ field }) => (
            <Input
              aria-label={`Default value of ${label}`}
              title="A function call like now() or a (parenthesised expression) is run; anything else is a value of the type"
              placeholder={identity ? 'Identity' : 'NULL'}
              autoComplete="off"
              spellCheck={false}
              className="st-mono"
              disabled={identity}
              list={suggestions.length ? listId : undefined}
              ref={field.ref}
              name={field.name}
              value={identity ? '' : field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {suggestions.length > 0 && (
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
        <span className="st-new-column__actions">
          <IconButton size="sm" label={`Move ${label} up`} icon={<ArrowUp size={14} />} disabled={index === 0} onClick={() => onMove(index - 1)} />
          <IconButton size="sm" label={`Move ${label} down`} icon={<ArrowDown size={14} />} disabled={index === count - 1} onClick={() => onMove(index + 1)} />
          <IconButton size="sm" label={`Remove ${label}`} icon={<X size={14} />} onClick={onRemove} />
        </span>
      </div>
      <div className="st-new-column__options">
        <label className="st-new-column__option">
          <input type="checkbox" {...form.register(`${path}.isPrimaryKey`)} />
          Primary key
        </label>
        {identityAllowed && (
          <label className="st-new-column__option">
            <input type="checkbox" {...form.register(`${path}.isIdentity`)} />
            Identity
          </label>
        )}
        <Controller
          control={form.control}
          name={`${path}.isNullable`}
          render={({ field }) => (
            <label className="st-new-column__option" title={isPrimaryKey || identity ? 'A primary key or identity column holds no NULL' : undefined}>
              <input
                type="checkbox"
                ref={field.ref}
                name={field.name}
                disabled={isPrimaryKey || identity}
                checked={!isPrimaryKey && !identity && field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
              />
              Nullable
            </label>
          )}
        />
        <label className="st-new-column__option">
          <input type="checkbox" {...form.register(`${path}.isUnique`)} />
          Unique
        </label>
      </div>
      {problem && (
        <p className="ui-field__error" role="alert">
          {problem}
        </p>
      )}
    </li>
  )
}
