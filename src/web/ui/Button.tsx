import type { ComponentProps, ReactNode } from 'react'
import { cx } from './cx'
import { Spinner } from './Spinner'

export type ButtonVariant = 'primary' | 'default' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

/** The button look for something that is not a <button> (a router Link, say). */
export function buttonClass(variant: ButtonVariant = 'default', size: ButtonSize = 'md', className?: string): string {
  return cx('ui-button', `ui-button--${variant}`, `ui-button--${size}`, className)
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** shows a spinner in place of the icon and disables the button */
  loading?: boolean
  icon?: ReactNode
  iconRight?: ReactNode
}

export function Button({
  variant = 'default', size = 'md', loading = false, icon, iconRight, className, children, disabled,
  type = 'button', ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {children !== undefined && <span className="ui-button__label">{children}</span>}
      {iconRight}
    </button>
  )
}
