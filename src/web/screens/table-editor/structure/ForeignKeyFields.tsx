import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'
import { Link2, X } from 'lucide-react'
import { FOREIGN_KEY_ACTIONS } from '../../../../shared/api-edit'
import { useApi } from '../../../commands-context'
import { isUserSchema, relationsQuery } from '../../../model/project/project-queries'
import { schemasQuery, tableQuery } from '../../../model/project/queries'
import { Button, Field, IconButton, Select } from '../../../ui'
import { columnType, splitType } from '../../../model/table-editor/structure/column-types'
import type { ColumnFormValues } from '../../../model/table-editor/structure/column-form'

interface ForeignKeyFieldsProps {
  form: UseFormReturn<ColumnFormValues>
  projectRef: string
  /** the table being edited, so the pick list can say 'this table' */
  tableSchema: string
}

/** A foreign key: the target schema, table and column (primary-key or unique ones), and what deleting a target row does. */
export function ForeignKeyFields({ form, projectRef, tableSchema }: ForeignKeyFieldsProps) {
  const fk = useWatch({ control: form.control, name: 'foreignKey' })
  if (!fk) {
    return (
      <Button
        className="st-add-fk"
        icon={<Link2 size={14} />}
        onClick={() => form.setValue('foreignKey', { schema: tableSchema, table: '', column: '', onDelete: 'NO ACTION' }, { shouldDirty: true })}
      >
        Add foreign key
      </Button>
    )
  }
  return <ForeignKeyBox form={form} projectRef={projectRef} schema={fk.schema} table={fk.table} />
}

function ForeignKeyBox({ form, projectRef, schema, table }: { form: UseFormReturn<ColumnFormValues>; projectRef: string; schema: string; table: string }) {
  const api = useApi()
  const ids = { schema: useId(), table: useId(), column: useId(), onDelete: useId() }
  const schemas = useQuery(schemasQuery(api, projectRef))
  // the schema's tables from the project's relation list; the chosen one's columns from its shared table query
  const tables = useQuery({
    ...relationsQuery(api, projectRef),
    select: (relations) => relations.data.filter((r) => r.schema === schema && (r.type === 'table' || r.type === 'partitioned table')),
    enabled: schema !== '',
  })
  const targetId = tables.data?.find((t) => t.name === table)?.id
  const target = useQuery({ ...tableQuery(api, projectRef, targetId ?? 0), enabled: targetId !== undefined }).data
  const keyColumns = (target?.columns ?? []).filter((c) => c.is_unique || target?.primary_keys.some((pk) => pk.name === c.name))
  const errors = form.formState.errors.foreignKey

  return (
    <div className="st-fk">
      <div className="st-fk__head">
        <span>References a row of another table</span>
        <IconButton size="sm" label="Remove foreign key" icon={<X size={14} />} onClick={() => form.setValue('foreignKey', null, { shouldDirty: true })} />
      </div>
      <div className="st-row">
        <Field label="Schema" htmlFor={ids.schema} error={errors?.schema?.message}>
          <Controller
            control={form.control}
            name="foreignKey.schema"
            render={({ field }) => (
              <Select
                id={ids.schema}
                value={field.value}
                onValueChange={(v) => {
                  field.onChange(v)
                  form.setValue('foreignKey.table', '')
                  form.setValue('foreignKey.column', '')
                }}
                options={(schemas.data ?? []).filter((s) => isUserSchema(s.name)).map((s) => ({ value: s.name }))}
              />
            )}
          />
        </Field>
        <Field label="Table" htmlFor={ids.table} error={errors?.table?.message}>
          <Controller
            control={form.control}
            name="foreignKey.table"
            render={({ field }) => (
              <Select
                id={ids.table}
                value={field.value || undefined}
                placeholder={tables.isPending ? 'Loading…' : 'Pick a table'}
                onValueChange={(v) => {
                  field.onChange(v)
                  form.setValue('foreignKey.column', '')
                }}
                options={(tables.data ?? []).map((t) => ({ value: t.name }))}
              />
            )}
          />
        </Field>
      </div>
      <div className="st-row">
        <Field
          label="Column"
          htmlFor={ids.column}
          error={errors?.column?.message}
          hint={target && keyColumns.length === 0 ? `${target.name} has no primary-key or unique column to reference` : undefined}
        >
          <Controller
            control={form.control}
            name="foreignKey.column"
            render={({ field }) => (
              <Select
                id={ids.column}
                value={field.value || undefined}
                placeholder="Pick a column"
                disabled={!target}
                onValueChange={(v) => {
                  field.onChange(v)
                  const picked = keyColumns.find((c) => c.name === v)
                  // a key column's type is what the new column must hold: fill it in when none is chosen
                  if (picked && !form.getValues('type')) form.setValue('type', splitType(columnType(picked)).base, { shouldValidate: true })
                }}
                options={keyColumns.map((c) => ({ value: c.name, label: `${c.name} · ${columnType(c)}` }))}
              />
            )}
          />
        </Field>
        <Field label="On delete" htmlFor={ids.onDelete}>
          <Controller
            control={form.control}
            name="foreignKey.onDelete"
            render={({ field }) => (
              <Select id={ids.onDelete} value={field.value} onValueChange={field.onChange} options={FOREIGN_KEY_ACTIONS.map((a) => ({ value: a, label: a.toLowerCase() }))} />
            )}
          />
        </Field>
      </div>
    </div>
  )
}
