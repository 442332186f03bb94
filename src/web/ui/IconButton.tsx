import type { ComponentProps, ReactNode } from 'react'
import { cx } from './cx'
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button'
import { Tooltip } from './Tooltip'

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** the accessible name, also shown as the tooltip */
  label: string
  icon: ReactNode
  variant?: ButtonVariant
  size?: ButtonSize
  /** a key binding shown in the tooltip */
  binding?: string
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left'
}

export function IconButton({
  label, icon, variant = 'ghost', size = 'md', binding, tooltipSide, className, type = 'button', ...rest
}: IconButtonProps) {
  return (
    <Tooltip content={label} binding={binding} side={tooltipSide}>
      <button type={type} aria-label={label} className={buttonClass(variant, size, cx('ui-icon-button', className))} {...rest}>
        {icon}
      </button>
    </Tooltip>
  )
}
