import type { ComponentProps, ReactNode } from 'react'
import { cx } from './cx'

export interface InputProps extends Omit<ComponentProps<'input'>, 'size'> {
  invalid?: boolean
  size?: 'sm' | 'md'
  /** an icon inside the field, on the left */
  icon?: ReactNode
}

export function Input({ invalid, size = 'md', icon, className, ...rest }: InputProps) {
  const input = (
    <input
      className={cx('ui-input', `ui-input--${size}`, icon !== undefined && 'ui-input--with-icon', className)}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  )
  if (icon === undefined) return input
  return (
    <span className="ui-input-wrap">
      <span className="ui-input-icon" aria-hidden>
        {icon}
      </span>
      {input}
    </span>
  )
}

export interface TextareaProps extends ComponentProps<'textarea'> {
  invalid?: boolean
}

export function Textarea({ invalid, className, ...rest }: TextareaProps) {
  return <textarea className={cx('ui-input', 'ui-textarea', className)} aria-invalid={invalid || undefined} {...rest} />
}

export interface FieldProps {
  label: ReactNode
  /** the id of the control, so the label points at it */
  htmlFor: string
  hint?: ReactNode
  error?: string
  children: ReactNode
  className?: string
}

/** A label, the control, and a hint or the validation message below it. */
export function Field({ label, htmlFor, hint, error, children, className }: FieldProps) {
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="ui-field__error" role="alert" id={`${htmlFor}-error`}>
          {error}
        </p>
      ) : (
        hint && <p className="ui-field__hint">{hint}</p>
      )}
    </div>
  )
}
