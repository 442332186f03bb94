import { useId, type ReactNode } from 'react'
import { Controller, type UseFormReturn } from 'react-hook-form'
import type { AuthConfig } from '../../../../shared/auth'
import type { AuthFormValues } from '../../../model/auth/config-forms'
import { Input, Switch } from '../../../ui'
import { ConfigRow } from './ConfigCard'

type Form = UseFormReturn<AuthFormValues>
type Field = keyof AuthConfig

interface FieldProps {
  form: Form
  name: Field
  label: ReactNode
  hint?: ReactNode
  disabled?: boolean
}

/** A setting that is on or off; `inverted` shows a "disable" field as its "allow" opposite. */
export function SwitchRow({ form, name, label, hint, disabled, inverted = false }: FieldProps & { inverted?: boolean }) {
  const id = useId()
  return (
    <ConfigRow label={label} htmlFor={id} hint={hint}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value) !== inverted}
            disabled={disabled}
            onCheckedChange={(on) => field.onChange(on !== inverted)}
          />
        )}
      />
    </ConfigRow>
  )
}

/** A setting typed as text (numbers too: read by the page's rules); `unit` is shown after the field. */
export function TextRow({ form, name, label, hint, disabled, unit, type = 'text', placeholder, numeric = false }: FieldProps & {
  unit?: string
  type?: 'text' | 'password' | 'url'
  placeholder?: string
  numeric?: boolean
}) {
  const id = useId()
  const error = form.formState.errors[name]?.message
  const input = (
    <Input
      id={id}
      type={type}
      invalid={Boolean(error)}
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      disabled={disabled}
      {...form.register(name)}
    />
  )
  return (
    <ConfigRow label={label} htmlFor={id} hint={hint} error={error}>
      {unit ? (
        <span className="auth-cfg-unit">
          {input}
          <span className="auth-cfg-unit__text">{unit}</span>
        </span>
      ) : (
        input
      )}
    </ConfigRow>
  )
}
