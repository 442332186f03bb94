import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { DEFAULT_VALUE_FORMATS } from '../../../../shared/api-edit'
import { Field, Input } from '../../../ui'
import type { ColumnFormValues } from '../../../model/table-editor/structure/column-form'
import { defaultValueFormat } from '../../../model/table-editor/structure/column-types'

const HINTS = {
  expression: 'Saved as an expression, evaluated for each new row: a function call like now() or a (parenthesised) expression.',
  literal: 'Saved as a literal value of the column type.',
}

/** The default value, and whether it is saved as an expression or a literal (spec 5: read from the text unless chosen). */
export function DefaultValueField({ form }: { form: UseFormReturn<ColumnFormValues> }) {
  const id = useId()
  const [value, chosen, identity] = useWatch({ control: form.control, name: ['defaultValue', 'defaultValueFormat', 'isIdentity'] })
  const format = chosen ?? defaultValueFormat(value)
  return (
    <Field
      label="Default value"
      htmlFor={id}
      hint={identity ? 'An identity column gets its values from the identity.' : value.trim() ? HINTS[format] : 'Empty: no default (NULL).'}
    >
      <div className="st-row">
        <Input id={id} className="st-mono" placeholder={identity ? 'Generated as identity' : 'NULL'} disabled={identity} {...form.register('defaultValue')} />
        <div className="st-format" role="group" aria-label="Default value is">
          {DEFAULT_VALUE_FORMATS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={format === f}
              disabled={identity || !value.trim()}
              onClick={() => form.setValue('defaultValueFormat', f === defaultValueFormat(value) ? null : f, { shouldDirty: true })}
            >
              {f === 'expression' ? 'Expression' : 'Literal'}
            </button>
          ))}
        </div>
      </div>
    </Field>
  )
}
