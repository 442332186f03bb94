import type { ComponentProps, ReactNode } from 'react'

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode
  hint?: ReactNode
}

/** A native checkbox with its label and a hint underneath. */
export function Checkbox({ label, hint, ...input }: CheckboxProps) {
  return (
    <label className="st-check">
      <input type="checkbox" {...input} />
      <span className="st-check__label">{label}</span>
      {hint && <span className="st-check__hint">{hint}</span>}
    </label>
  )
}
